/**
 * Search lowers letters of every script: `string` compares bytewise (COLLATE "C", for fast keyset
 * walks), and under "C" `lower()` lowers ASCII only, so 'Émile' or 'Ölmüller' typed exactly would
 * not be found. The trigram index is rebuilt on the string lowered under the database's own
 * collation (C.UTF-8 or a language's), which the search lowers its query with too.
 */
export const up = /* sql */ `
DROP INDEX IF EXISTS prediction_entries_trigrams;
CREATE INDEX prediction_entries_search ON prediction_entries USING gin (lower(string COLLATE "default") gin_trgm_ops);
`;
