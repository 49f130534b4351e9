/**
 * How a link was made, as SSSOM's `mapping_justification` (a SEMAPV CURIE): an admin's link (the
 * linking page, the links API, a conversion) is manual curation; a CSV crosswalk's rows say
 * nothing of how they were matched; an SSSOM file's rows carry their own.
 */
export const manualMappingCuration = 'semapv:ManualMappingCuration';
export const unspecifiedMatching = 'semapv:UnspecifiedMatching';
