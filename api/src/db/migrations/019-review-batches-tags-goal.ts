/**
 * Review at keyboard speed (issue 29):
 * - `prediction_sets.custom_tags`: the tags a set's reviewers typed besides SPEC's sixteen, each
 *   once, in the order first used (offered again, shown apart, exported with the mappings).
 * - `prediction_sets.review_goal`: the share of the dataset's people (or of the entries) the review
 *   stops at with a summary (0 to 1), or null for none.
 */
export const up = /* sql */ `
ALTER TABLE prediction_sets ADD COLUMN custom_tags text[] NOT NULL DEFAULT '{}';
ALTER TABLE prediction_sets ADD COLUMN review_goal real CHECK (review_goal > 0 AND review_goal <= 1);
`;
