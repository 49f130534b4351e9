/**
 * Audits of a prediction set (issue 30):
 * - `prediction_audits`: one row per sample drawn, with who drew it, when, and the size asked.
 * - `prediction_audit_entries`: the entries it drew, in the random order they are checked in
 *   (`position`), each with its confidence band, its best confidence, and the units of the set it
 *   stands for (the inverse of its inclusion probability): `weight` in entries, `people_weight`
 *   in people (null for a standalone set), so the estimates are unbiased whatever the draw's
 *   probabilities. The answer (`correct`: the top prediction is right; `node_uris`: the right
 *   codes when it is not) is the last one given.
 */
export const up = /* sql */ `
CREATE TABLE prediction_audits (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  set_id     uuid NOT NULL REFERENCES prediction_sets (id) ON DELETE CASCADE,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  size       integer NOT NULL CHECK (size BETWEEN 1 AND 1000)
);
CREATE INDEX prediction_audits_set_idx ON prediction_audits (set_id, created_at);

CREATE TABLE prediction_audit_entries (
  audit_id      uuid NOT NULL REFERENCES prediction_audits (id) ON DELETE CASCADE,
  string        text COLLATE "C" NOT NULL,
  position      integer NOT NULL,
  band          smallint NOT NULL,
  best_conf     real NOT NULL,
  weight        double precision NOT NULL CHECK (weight >= 1),
  people_weight double precision CHECK (people_weight >= 0),
  correct       boolean,
  node_uris     text[] NOT NULL DEFAULT '{}',
  answered_by   uuid REFERENCES users (id) ON DELETE SET NULL,
  answered_at   timestamptz,
  PRIMARY KEY (audit_id, string)
);
`;
