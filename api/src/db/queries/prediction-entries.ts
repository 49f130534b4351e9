import type { Queryable } from '../database.js';

/**
 * The last position of a set's entries. Positions count the file's entries (a repeated string's
 * later ones leave gaps), so it is how far a walk through the set in file order has to go.
 */
export async function lastEntryPosition(db: Queryable, setId: string): Promise<number> {
  const result = await db.query<{ last: string | null }>('SELECT max(position) AS last FROM prediction_entries WHERE set_id = $1', [setId]);
  return Number(result.rows[0]?.last ?? 0);
}
