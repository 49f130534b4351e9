/**
 * Prediction sets and their entries (SPEC §3 "Prediction set", "Prediction entry"; DESIGN §4).
 *
 * A set is standalone (listed on /review, its uploader's) or a dataset's (it follows the dataset's
 * owner and collaborators, and goes with the dataset).
 *
 * `prediction_entries` is partitioned by set, like `dataset_titles` by dataset: the import fills a
 * standalone table, indexes it, and attaches it as the set's partition in the transaction that
 * marks the set ready, so a half-done import is never visible and a retry starts clean; deleting a
 * set drops its partition. One row per distinct string, with its predictions, its best confidence,
 * the dataset's totals for it, and the reviewer's mapping (which changes in place, versioned).
 *
 * Counts under any threshold come from `prediction_set_counts`, entries and mapped entries per
 * thousandth of best confidence, kept in step by the import and every save: the review's counts
 * sum at most 1,001 rows whatever the size of the set, and only the thousandth the threshold falls
 * in is read from the entries themselves.
 *
 * Every change of a mapping appends to `prediction_mapping_log` (who, when, how, before and after),
 * so a bulk acceptance can be undone as one batch.
 */
export const up = /* sql */ `
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE prediction_sets (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug         text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,119}$'),
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 300),
  owner_id     uuid REFERENCES users (id) ON DELETE SET NULL,
  dataset_id   uuid REFERENCES datasets (id) ON DELETE CASCADE,
  state        text NOT NULL DEFAULT 'importing' CHECK (state IN ('importing', 'ready', 'failed')),
  error        text,
  job_id       text UNIQUE,
  format       text,
  threshold    real NOT NULL DEFAULT 0.75 CHECK (threshold BETWEEN 0 AND 1),
  filter       text NOT NULL DEFAULT 'unmapped' CHECK (filter IN ('all', 'mapped', 'unmapped')),
  review_order text NOT NULL DEFAULT 'file' CHECK (review_order IN ('file', 'totals', 'confidence')),
  total        bigint NOT NULL DEFAULT 0,
  stats        jsonb NOT NULL DEFAULT '{}',
  created_at   timestamptz NOT NULL DEFAULT now(),
  ready_at     timestamptz
);
CREATE INDEX prediction_sets_owner_created_idx ON prediction_sets (owner_id, created_at DESC);
CREATE INDEX prediction_sets_dataset_idx ON prediction_sets (dataset_id, created_at);

CREATE TABLE prediction_entries (
  set_id          uuid NOT NULL,
  position        bigint NOT NULL,
  string          text COLLATE "C" NOT NULL,
  norm            text COLLATE "C" NOT NULL,
  predictions     jsonb NOT NULL,
  best_conf       real NOT NULL,
  unknown_uris    text[] NOT NULL DEFAULT '{}',
  occurrences     bigint NOT NULL DEFAULT 0,
  totals          bigint[] NOT NULL DEFAULT '{}',
  mapped          boolean NOT NULL DEFAULT false,
  node_uris       text[] NOT NULL DEFAULT '{}',
  prediction_uris text[] NOT NULL DEFAULT '{}',
  tags            text[] NOT NULL DEFAULT '{}',
  mapped_by       uuid,
  mapped_at       timestamptz,
  mapping_how     text,
  mapping_batch   uuid,
  version         integer NOT NULL DEFAULT 0
) PARTITION BY LIST (set_id);
-- Each set's partition builds the same indexes before it is attached (they are adopted, not rebuilt):
-- the string (an entry's key, and the search's prefix match), the three review orders each with the
-- threshold and filter columns in the index, the normalised string (propagation), trigrams (search).
CREATE UNIQUE INDEX prediction_entries_string ON prediction_entries (set_id, string);
CREATE INDEX prediction_entries_position ON prediction_entries (set_id, position) INCLUDE (best_conf, mapped);
CREATE INDEX prediction_entries_confidence ON prediction_entries (set_id, best_conf, position) INCLUDE (mapped);
CREATE INDEX prediction_entries_totals ON prediction_entries (set_id, occurrences DESC, position) INCLUDE (best_conf, mapped);
CREATE INDEX prediction_entries_norm ON prediction_entries (set_id, norm);
CREATE INDEX prediction_entries_trigrams ON prediction_entries USING gin (lower(string) gin_trgm_ops);

CREATE TABLE prediction_set_counts (
  set_id  uuid NOT NULL REFERENCES prediction_sets (id) ON DELETE CASCADE,
  bucket  smallint NOT NULL CHECK (bucket BETWEEN 0 AND 1000),
  entries bigint NOT NULL DEFAULT 0,
  mapped  bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (set_id, bucket)
);

CREATE TABLE prediction_mapping_log (
  id      bigserial PRIMARY KEY,
  set_id  uuid NOT NULL REFERENCES prediction_sets (id) ON DELETE CASCADE,
  string  text COLLATE "C" NOT NULL,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  at      timestamptz NOT NULL DEFAULT now(),
  how     text NOT NULL CHECK (how IN ('review', 'bulk', 'propagate', 'undo')),
  batch   uuid,
  before  jsonb,
  after   jsonb NOT NULL
);
CREATE INDEX prediction_mapping_log_set_idx ON prediction_mapping_log (set_id, string, id);
CREATE INDEX prediction_mapping_log_batch_idx ON prediction_mapping_log (batch) WHERE batch IS NOT NULL;
`;
