import type { StoredContext } from '../../predictions/entry-context.js';
import type { Queryable } from '../database.js';

/** An entry as the exports write it: predictions, a dataset's totals, the mapping with the username and time of its last change. */
export interface ExportedEntry {
  position: number;
  string: string;
  predictions: { uris: string[]; conf: number | null }[];
  occurrences: number;
  totals: number[];
  node_uris: string[];
  prediction_uris: string[];
  tags: string[];
  /** The username of whoever last changed the mapping; null when no one did (or the user is gone). */
  mapped_by: string | null;
  mapped_at: Date | null;
  /** Its rows' kept columns and languages (migration 018); null when its set keeps none. */
  context: StoredContext | null;
}

/** Entries read per query: about a megabyte of export text. */
export const exportPageSize = 5_000;

/**
 * A set's entries in the file's order, a page at a time: keyset pages over the partition's
 * (set_id, position) index, each its own short query, so a slow download holds neither a
 * connection nor a transaction between pages. Positions never change, so no entry is skipped or
 * read twice; a mapping saved while the download runs shows in the pages read after it.
 */
export async function* entryPages(db: Queryable, setId: string, pageSize = exportPageSize): AsyncGenerator<ExportedEntry[]> {
  let after = 0;
  for (;;) {
    const page = await db.query<Omit<ExportedEntry, 'totals'> & { totals: (string | number)[] }>(
      `SELECT e.position, e.string, e.predictions, e.occurrences, e.totals, e.node_uris, e.prediction_uris, e.tags, u.username AS mapped_by, e.mapped_at, e.context
         FROM prediction_entries e LEFT JOIN users u ON u.id = e.mapped_by
        WHERE e.set_id = $1 AND e.position > $2
        ORDER BY e.position LIMIT $3`,
      [setId, after, pageSize],
    );
    if (page.rows.length === 0) return;
    yield page.rows.map((row) => ({ ...row, occurrences: Number(row.occurrences), totals: row.totals.map(Number) }));
    if (page.rows.length < pageSize) return;
    after = Number(page.rows.at(-1)!.position);
  }
}
