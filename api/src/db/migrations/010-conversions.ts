/**
 * Conversions: a dataset's codes (or a prediction set's reviewed mappings) turned into
 * another scheme through the link graph.
 *
 * `conversion_codes` holds one row per source code (`scheme:code`) of the converted data: its
 * sums (rows and each totals column, exact numerics), where its links send it (`original`, the
 * linked codes lifted to the target depth), the user's decision if any, and the targets it goes
 * to with their whole shares of the sums (`targets`: code, share, path, relation, occurrences,
 * totals), so the result is a sum over a few thousand rows whatever the size of the dataset, and a
 * decision rewrites one row. Sample titles are read the first time the result is.
 */
export const up = /* sql */ `
CREATE TABLE conversions (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  dataset_id           uuid NOT NULL REFERENCES datasets (id) ON DELETE CASCADE,
  prediction_set_id    uuid REFERENCES prediction_sets (id) ON DELETE CASCADE,
  owner_id             uuid REFERENCES users (id) ON DELETE SET NULL,
  target_scheme        text NOT NULL,
  target_depth         text NOT NULL CHECK (target_depth IN ('root', 'root+1', 'root+2', 'max')),
  aggregation          text NOT NULL CHECK (aggregation IN ('aggregate-all', 'closest-common-parent')),
  weighting            text NOT NULL CHECK (weighting IN ('equal', 'reference', 'modal')),
  reference_dataset_id uuid REFERENCES datasets (id) ON DELETE SET NULL,
  source_schemes       text[] NOT NULL DEFAULT '{}',
  totals_columns       text[] NOT NULL DEFAULT '{}',
  state                text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'ready', 'failed')),
  error                text,
  job_id               text,
  summary              jsonb,
  samples_read         boolean NOT NULL DEFAULT false,
  created_at           timestamptz NOT NULL DEFAULT now(),
  ready_at             timestamptz
);
CREATE INDEX conversions_owner_created_idx ON conversions (owner_id, created_at DESC);
CREATE INDEX conversions_dataset_idx ON conversions (dataset_id);

CREATE TABLE conversion_codes (
  conversion_id uuid NOT NULL REFERENCES conversions (id) ON DELETE CASCADE,
  source_uri    text COLLATE "C" NOT NULL,
  name          text NOT NULL DEFAULT '',
  occurrences   numeric NOT NULL,
  totals        numeric[] NOT NULL DEFAULT '{}',
  reason        text,
  problematic   boolean NOT NULL DEFAULT false,
  original      text[] NOT NULL DEFAULT '{}',
  decision      text[],
  targets       jsonb NOT NULL DEFAULT '[]',
  titles        text[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (conversion_id, source_uri)
);
`;
