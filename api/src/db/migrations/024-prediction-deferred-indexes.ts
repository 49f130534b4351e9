/**
 * Prediction sets reviewable before all their indexes are built (issue 32):
 *
 * - The parent `prediction_entries` keeps one index of its own, the unique (set_id, string), an
 *   entry's key. The review orders', the filtered walks', the normalised string's and the search's
 *   indexes become each partition's own: an import builds its set's key and the index of its
 *   review order before it attaches the partition (ATTACH PARTITION would build every index the
 *   parent has, holding the set back), and the rest after, with CREATE INDEX CONCURRENTLY while
 *   the set is already reviewed. Queries read a set's partition through the parent with its set
 *   id, so the planner uses a partition's own indexes as it used the attached ones.
 * - `prediction_sets.indexing`: true while a ready set's other indexes are still being built (its
 *   summary says 'indexing'; searches and the other orders answer, only slower).
 *
 * The partitions already attached get the same local indexes here (the parent's are dropped with
 * the copies they attached), with the names an import gives them (a suffix of at most 12
 * characters after the partition's 51, within Postgres's 63).
 */
export const up = /* sql */ `
ALTER TABLE prediction_sets ADD COLUMN indexing boolean NOT NULL DEFAULT false;

DROP INDEX IF EXISTS prediction_entries_position;
DROP INDEX IF EXISTS prediction_entries_confidence;
DROP INDEX IF EXISTS prediction_entries_totals;
DROP INDEX IF EXISTS prediction_entries_norm;
DROP INDEX IF EXISTS prediction_entries_search;
DROP INDEX IF EXISTS prediction_entries_filtered_position;
DROP INDEX IF EXISTS prediction_entries_filtered_confidence;
DROP INDEX IF EXISTS prediction_entries_filtered_totals;

DO $$
DECLARE
  part text;
BEGIN
  FOR part IN SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'prediction_entries'::regclass LOOP
    EXECUTE format('CREATE INDEX %I ON %I (set_id, position) INCLUDE (best_conf, mapped)', part || '_order_file', part);
    EXECUTE format('CREATE INDEX %I ON %I (set_id, best_conf, position) INCLUDE (mapped)', part || '_order_conf', part);
    EXECUTE format('CREATE INDEX %I ON %I (set_id, occurrences DESC, position) INCLUDE (best_conf, mapped)', part || '_order_tot', part);
    EXECUTE format('CREATE INDEX %I ON %I (set_id, mapped, position) INCLUDE (best_conf)', part || '_walk_file', part);
    EXECUTE format('CREATE INDEX %I ON %I (set_id, mapped, best_conf, position)', part || '_walk_conf', part);
    EXECUTE format('CREATE INDEX %I ON %I (set_id, mapped, occurrences DESC, position) INCLUDE (best_conf)', part || '_walk_tot', part);
    EXECUTE format('CREATE INDEX %I ON %I (set_id, norm)', part || '_norm', part);
    EXECUTE format('CREATE INDEX %I ON %I USING gin (lower(string COLLATE "default") gin_trgm_ops)', part || '_search', part);
  END LOOP;
END $$;
`;
