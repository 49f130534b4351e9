/**
 * A prediction set's partition keeps one B-tree per review order, its filtered walk (set_id,
 * mapped, then the order: migration 024), and no longer the unfiltered order's (set_id, then the
 * order) beside it (issue 32): an unfiltered walk reads the filtered walk's two ranges, mapped and
 * unmapped, and merges them (db/queries/prediction-entry-navigation.ts, walkSql); the counts and
 * the exports' pages read them the same way. Three fewer indexes for an import to build after its
 * set is shown, and for every save to keep up.
 *
 * The partitions already made drop theirs here, an invalid one a killed build left as well.
 */
export const up = /* sql */ `
DO $$
DECLARE
  part text;
  suffix text;
BEGIN
  FOR part IN SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'prediction_entries'::regclass LOOP
    FOREACH suffix IN ARRAY ARRAY['order_file', 'order_conf', 'order_tot'] LOOP
      EXECUTE format('DROP INDEX IF EXISTS %I', part || '_' || suffix);
    END LOOP;
  END LOOP;
END $$;
`;
