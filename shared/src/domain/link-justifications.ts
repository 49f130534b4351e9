/**
 * How a link was made, as SSSOM's `mapping_justification` (a SEMAPV CURIE): an admin's link (the
 * linking page, the links API, a conversion) is manual curation; a CSV crosswalk's rows say
 * nothing of how they were matched; an SSSOM file's rows carry their own.
 */
export const manualMappingCuration = 'semapv:ManualMappingCuration';
export const unspecifiedMatching = 'semapv:UnspecifiedMatching';

/** An accepted link suggestion whose evidence is the codes' names alone (issue 31). */
export const lexicalMatching = 'semapv:LexicalMatching';
/** An accepted link suggestion whose evidence combines several kinds (titles, the coder, chains, names). */
export const compositeMatching = 'semapv:CompositeMatching';
/** Links made by composing two links across a scheme between them. */
export const mappingChaining = 'semapv:MappingChaining';

/** How a link accepted from a suggestion was found, from the kinds of its evidence. */
export function suggestionJustification(evidence: readonly string[]): string {
  return evidence.length > 0 && evidence.every((kind) => kind === 'name') ? lexicalMatching : compositeMatching;
}
