/** Users, login sessions and job runs: the ground every later table stands on. */
export const up = /* sql */ `
CREATE TABLE users (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username      text NOT NULL CHECK (length(username) BETWEEN 1 AND 200),
  name          text NOT NULL,
  password_hash text NOT NULL,
  role          text NOT NULL CHECK (role IN ('admin', 'member')),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));

CREATE TABLE sessions (
  token_hash   text PRIMARY KEY,
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  csrf_token   text NOT NULL,
  project      text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL
);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

CREATE TABLE job_runs (
  id          text PRIMARY KEY,
  kind        text NOT NULL,
  state       text NOT NULL CHECK (state IN ('queued', 'active', 'retrying', 'completed', 'failed')),
  owner_id    uuid REFERENCES users (id) ON DELETE SET NULL,
  input       jsonb NOT NULL DEFAULT '{}',
  progress    jsonb,
  result      jsonb,
  error       text,
  attempts    integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX job_runs_owner_created_idx ON job_runs (owner_id, created_at DESC);
CREATE INDEX job_runs_kind_state_idx ON job_runs (kind, state);
`;
