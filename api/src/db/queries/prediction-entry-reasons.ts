import { type UncodedReason, uncodedReasons } from '@og/shared/jobs/job-kinds';
import type { Queryable } from '../database.js';

/** Why a run's title has no prediction (migration 017). */
export interface EntryReason {
  string: string;
  reason: UncodedReason;
}

/**
 * Stores a chunk's reasons in one statement, while the set's run is still going (a set deleted or
 * failed meanwhile gets none); a retried chunk overwrites its earlier ones.
 */
export async function saveEntryReasons(db: Queryable, setId: string, reasons: readonly EntryReason[]): Promise<void> {
  if (reasons.length === 0) return;
  await db.query(
    `INSERT INTO prediction_entry_reasons (set_id, string, reason)
     SELECT $1, r.string, r.reason FROM unnest($2::text[], $3::text[]) AS r (string, reason)
      WHERE EXISTS (SELECT 1 FROM prediction_sets s WHERE s.id = $1 AND s.state = 'importing')
     ON CONFLICT (set_id, string) DO UPDATE SET reason = EXCLUDED.reason`,
    [setId, reasons.map((item) => item.string), reasons.map((item) => item.reason)],
  );
}

/** Why this entry of the set has no prediction; null when the set's run stored no reason for it (an imported set's entry, or one coded). */
export async function findEntryReason(db: Queryable, setId: string, string: string): Promise<UncodedReason | null> {
  const result = await db.query<{ reason: string }>('SELECT reason FROM prediction_entry_reasons WHERE set_id = $1 AND string = $2', [setId, string]);
  const reason = result.rows[0]?.reason;
  return reason && (uncodedReasons as readonly string[]).includes(reason) ? (reason as UncodedReason) : null;
}

/** A failed run's reasons go with its entries. */
export async function deleteEntryReasons(db: Queryable, setId: string): Promise<void> {
  await db.query('DELETE FROM prediction_entry_reasons WHERE set_id = $1', [setId]);
}
