/**
 * Why an entry of a prediction run has no prediction (issue 27): per title the run's coder left
 * without one, the reason it gave (shared/src/jobs/job-kinds.ts `uncodedReasons`), for the review
 * to say in place of the predictions. A run's chunk job stores its titles' reasons (a retried
 * chunk overwrites them); the rows go with the set, and a run that fails deletes them. An
 * imported set has none.
 */
export const up = /* sql */ `
CREATE TABLE prediction_entry_reasons (
  set_id  uuid NOT NULL REFERENCES prediction_sets (id) ON DELETE CASCADE,
  string  text COLLATE "C" NOT NULL,
  reason  text NOT NULL,
  PRIMARY KEY (set_id, string)
);
`;
