/**
 * A link's suggestion score (issue 31): the score in [0, 1] of the candidate an admin accepted
 * from the pair's link suggestions, kept apart from `weight`. A weight is a share of one of the
 * link's codes, which conversions split counts by (and whose presence makes 'By the crosswalk's
 * weights' a pair's default weighting); a score says how sure the evidence was, not how a code's
 * titles divide among its targets, so it must never weigh a conversion. Exported as SSSOM's
 * `similarity_score` (and as `confidence` where the link has no share of its subject).
 */
export const up = /* sql */ `
ALTER TABLE link_records ADD COLUMN score real CHECK (score >= 0 AND score <= 1);
`;
