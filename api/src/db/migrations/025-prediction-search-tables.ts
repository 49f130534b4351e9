/**
 * A prediction set's search table (issue 32): the set's strings, which never change after its
 * import, in a table of their own (`prediction_search_<set id>`) with the trigram index the
 * review's search reads. Nothing writes to it once it is made, so its index is built by a plain
 * CREATE INDEX (one pass over the table) beside the concurrent builds of the partition's B-trees,
 * instead of a CREATE INDEX CONCURRENTLY on the partition (two passes, after the B-trees: one
 * concurrent build at a time per table).
 *
 * - `prediction_sets.search_table`: true once the set's search table and its index are built; a
 *   search reads the partition until then (the sets imported before this migration keep their
 *   partition's trigram index, and it).
 */
export const up = /* sql */ `
ALTER TABLE prediction_sets ADD COLUMN search_table boolean NOT NULL DEFAULT false;
`;
