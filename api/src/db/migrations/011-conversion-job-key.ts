/**
 * A conversion per job: two requests with the same Idempotency-Key at once make one
 * conversion, as `prediction_sets.job_id` makes one set.
 */
export const up = /* sql */ `
CREATE UNIQUE INDEX conversions_job_id_key ON conversions (job_id);
`;
