import type { Queryable } from '../database.js';
import { walkSql } from './prediction-entry-navigation.js';

/**
 * The last position of a set's entries. Positions count the file's entries (a repeated string's
 * later ones leave gaps), so it is how far a walk through the set in file order has to go.
 */
export async function lastEntryPosition(db: Queryable, setId: string): Promise<number> {
  const result = await db.query<{ position: string }>(walkSql('all', { select: 'position', where: 'set_id = $1', orderBy: 'position DESC', limit: '1' }), [setId]);
  return Number(result.rows[0]?.position ?? 0);
}
