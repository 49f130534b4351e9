import type { StoredContext } from '../../predictions/entry-context.js';
import type { Queryable } from '../database.js';
import { walkSql } from './prediction-entry-navigation.js';

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
 * A set's entries in the file's order, a page at a time: keyset pages over its walk by position
 * (both its ranges, mapped and unmapped, merged), each its own short query, so a slow download
 * holds neither a connection nor a transaction between pages. Positions never change, so no entry is skipped or
 * read twice; a mapping saved while the download runs shows in the pages read after it. The
 * mappings are as `viewerId` may see them.
 */
export async function* entryPages(db: Queryable, setId: string, viewerId: string, pageSize = exportPageSize): AsyncGenerator<ExportedEntry[]> {
  let after = 0;
  for (;;) {
    // An entry waiting for its second opinion is written unmapped for anyone but its first
    // reviewer (db/queries/second-opinions.ts, findHiddenMappings).
    const page = await db.query<Omit<ExportedEntry, 'totals'> & { totals: (string | number)[] }>(
      `WITH page AS (${walkSql('all', {
        select: 'set_id, position, string, predictions, occurrences, totals, node_uris, prediction_uris, tags, mapped_by, mapped_at, context',
        where: 'set_id = $1 AND position > $2',
        orderBy: 'position',
        limit: '$3',
      })})
       SELECT e.position, e.string, e.predictions, e.occurrences, e.totals,
              CASE WHEN o.string IS NULL THEN e.node_uris ELSE '{}' END AS node_uris,
              CASE WHEN o.string IS NULL THEN e.prediction_uris ELSE '{}' END AS prediction_uris,
              CASE WHEN o.string IS NULL THEN e.tags ELSE '{}' END AS tags,
              CASE WHEN o.string IS NULL THEN u.username END AS mapped_by,
              CASE WHEN o.string IS NULL THEN e.mapped_at END AS mapped_at, e.context
         FROM page e LEFT JOIN users u ON u.id = e.mapped_by
         LEFT JOIN prediction_second_opinions o ON o.set_id = e.set_id AND o.string = e.string AND o.answered_at IS NULL AND o.first_reviewer IS DISTINCT FROM $4
        ORDER BY e.position`,
      [setId, after, pageSize, viewerId],
    );
    if (page.rows.length === 0) return;
    yield page.rows.map((row) => ({ ...row, occurrences: Number(row.occurrences), totals: row.totals.map(Number) }));
    if (page.rows.length < pageSize) return;
    after = Number(page.rows.at(-1)!.position);
  }
}
