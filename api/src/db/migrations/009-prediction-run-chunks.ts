/**
 * A prediction run's chunks: the run splits its dataset's distinct titles into chunks
 * that any worker process may code, each a `predictions.run-chunk` job. A chunk's row holds its
 * titles (and, for a restricted run, the codes each may get) and, once coded, its entries as the
 * OCCPAST JSON objects the import reads, comma-separated; the run joins them in chunk order and
 * imports them as one file. Rows go with the set, or when the run ends.
 */
export const up = /* sql */ `
CREATE TABLE prediction_run_chunks (
  set_id     uuid NOT NULL REFERENCES prediction_sets (id) ON DELETE CASCADE,
  chunk      integer NOT NULL CHECK (chunk >= 0),
  titles     text[] NOT NULL,
  allowed    jsonb,
  entries    text,
  coded      integer,
  PRIMARY KEY (set_id, chunk)
);
`;
