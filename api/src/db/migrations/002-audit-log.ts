/** The append-only audit log of scheme and link edits: who, when, what it was, what it became. */
export const up = /* sql */ `
CREATE TABLE audit_log (
  id        bigserial PRIMARY KEY,
  at        timestamptz NOT NULL DEFAULT now(),
  actor_id  uuid REFERENCES users (id) ON DELETE SET NULL,
  action    text NOT NULL,
  scheme    text,
  subject   text NOT NULL,
  before    jsonb,
  after     jsonb
);
CREATE INDEX audit_log_subject_idx ON audit_log (subject, at DESC);
CREATE INDEX audit_log_scheme_idx ON audit_log (scheme, at DESC);

CREATE RULE audit_log_no_update AS ON UPDATE TO audit_log DO INSTEAD NOTHING;
CREATE RULE audit_log_no_delete AS ON DELETE TO audit_log DO INSTEAD NOTHING;
`;
