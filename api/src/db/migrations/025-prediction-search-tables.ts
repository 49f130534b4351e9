/**
 * A prediction set's search table (issue 32): the set's strings with their best confidence and
 * position, none of which change after its import, in a table of its own
 * (`prediction_search_<set id>`) with the trigram index the review's search and its similar
 * entries read. Nothing writes to it, so its index is built by a plain CREATE INDEX (one pass over
 * the table), not concurrently on the partition (two passes, and one concurrent build at a time
 * per table, after the partition's B-trees).
 *
 * - `prediction_sets.search_table`: true once the set's search table and its index are built; a
 *   search reads the partition until then (and the sets imported before this migration, whose
 *   partitions keep their own trigram index, always).
 */
export const up = /* sql */ `
ALTER TABLE prediction_sets ADD COLUMN search_table boolean NOT NULL DEFAULT false;
`;
