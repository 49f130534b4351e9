/**
 * The rows a crosswalk import refused, with why (the result lists them and they can be
 * downloaded). Kept with the job run that refused them, and gone with it.
 */
export const up = /* sql */ `
CREATE TABLE crosswalk_refusals (
  job_id      text NOT NULL REFERENCES job_runs (id) ON DELETE CASCADE,
  line        integer NOT NULL,
  source_code text NOT NULL,
  target_code text NOT NULL,
  relation    text,
  reason      text NOT NULL,
  PRIMARY KEY (job_id, line)
);
`;
