/**
 * Prediction files read column by column (issue 28):
 * - `prediction_entries.context`: the columns the reading kept (year, source, row id, reference
 *   codes, the language column), per column the most frequent values of the entry's rows with how
 *   many rows had each: `{"Year": [["1881", 3], ["1882", 1]]}`; null when the set keeps none.
 * - A prediction may come without a confidence; an entry whose predictions all lack one has best
 *   confidence -1 (below any threshold), so its thousandth in `prediction_set_counts` is -1000.
 */
export const up = /* sql */ `
ALTER TABLE prediction_entries ADD COLUMN context jsonb;
ALTER TABLE prediction_set_counts DROP CONSTRAINT prediction_set_counts_bucket_check;
ALTER TABLE prediction_set_counts ADD CONSTRAINT prediction_set_counts_bucket_check CHECK (bucket BETWEEN -1000 AND 1000);
`;
