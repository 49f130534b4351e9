/**
 * The review's filtered walks (mapped, unmapped) get indexes that lead with `mapped`: early in a
 * review the mapped entries are few and far apart, and finding the next one through the order's
 * own index reads on past every unmapped entry, which is slow on a large set. With `mapped`
 * first, each filter is its own index range, in each of the three orders.
 */
export const up = /* sql */ `
CREATE INDEX prediction_entries_filtered_position ON prediction_entries (set_id, mapped, position) INCLUDE (best_conf);
CREATE INDEX prediction_entries_filtered_confidence ON prediction_entries (set_id, mapped, best_conf, position);
CREATE INDEX prediction_entries_filtered_totals ON prediction_entries (set_id, mapped, occurrences DESC, position) INCLUDE (best_conf);
`;
