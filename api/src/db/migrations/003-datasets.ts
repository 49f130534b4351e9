/**
 * Datasets, their collaborators and their rows (DESIGN §4).
 *
 * `dataset_titles` is partitioned by dataset: the ingest job fills a standalone table and attaches
 * it as the dataset's partition in the same transaction that marks the dataset ready, so a
 * half-done ingest is never visible and a retry starts from a clean table; deleting a dataset
 * drops its partition at once, whatever its size.
 *
 * Titles and codes compare bytewise (COLLATE "C"): building the (title, code) index of a dataset
 * with millions of distinct titles is much faster than under a language collation, and keyset
 * pages only need a stable order.
 */
export const up = /* sql */ `
CREATE TABLE datasets (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id    uuid REFERENCES users (id) ON DELETE SET NULL,
  title       text NOT NULL CHECK (length(title) BETWEEN 1 AND 300),
  metadata    jsonb NOT NULL,
  state       text NOT NULL DEFAULT 'ingesting' CHECK (state IN ('ingesting', 'ready', 'failed')),
  error       text,
  job_id      text,
  byte_size   bigint,
  row_count   bigint,
  title_count bigint,
  created_at  timestamptz NOT NULL DEFAULT now(),
  ready_at    timestamptz
);
CREATE INDEX datasets_owner_created_idx ON datasets (owner_id, created_at DESC);
CREATE UNIQUE INDEX datasets_job_id_key ON datasets (job_id);

CREATE TABLE dataset_collaborators (
  dataset_id uuid NOT NULL REFERENCES datasets (id) ON DELETE CASCADE,
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  added_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (dataset_id, user_id)
);
CREATE INDEX dataset_collaborators_user_idx ON dataset_collaborators (user_id);

CREATE TABLE dataset_titles (
  dataset_id  uuid NOT NULL,
  title       text COLLATE "C" NOT NULL,
  code        text COLLATE "C" NOT NULL,
  totals      bigint[] NOT NULL DEFAULT '{}',
  occurrences bigint NOT NULL
) PARTITION BY LIST (dataset_id);
`;
