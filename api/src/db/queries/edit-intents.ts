import type { SchemeId } from '@og/shared/domain/schemes';
import type { Queryable } from '../database.js';
import type { AuditAction } from './audit-log.js';
import type { LinkRecordsChange } from './link-records.js';

/** What an edit records once the store has it: its audit row, and what else it changes beside the store. */
export interface EditRecord {
  audit: { actorId: string | null; action: AuditAction; scheme: string | null; subject: string; before: unknown; after: unknown };
  /** A code whose record, read back from the store once written, is the audit row's `after` (null once deleted). */
  readBack?: { scheme: SchemeId; value: string };
  linkRecords?: LinkRecordsChange;
  /** The scheme pair whose followers are told that its links changed. */
  linksChanged?: [SchemeId, SchemeId];
}

/** An edit written (or about to be written) to the store whose revision bump, records and audit row are not all made yet. */
export interface EditIntent {
  id: string;
  /** The schemes it edits: their locks, revisions and marks. */
  schemes: SchemeId[];
  record: EditRecord;
}

export async function insertEditIntent(db: Queryable, intent: EditIntent): Promise<void> {
  await db.query('INSERT INTO edit_intents (id, schemes, record) VALUES ($1, $2, $3)', [intent.id, intent.schemes, JSON.stringify(intent.record)]);
}

/** The intents not yet recorded, oldest first: those touching any of `schemes`, or all of them (at most `limit`). */
export async function findEditIntents(db: Queryable, schemes: SchemeId[] | null, limit = 100): Promise<EditIntent[]> {
  const result = await db.query<{ id: string; schemes: SchemeId[]; record: EditRecord }>(
    `SELECT id, schemes, record FROM edit_intents WHERE $1::text[] IS NULL OR schemes && $1::text[] ORDER BY created_at, id LIMIT $2`,
    [schemes, limit],
  );
  return result.rows;
}

/** Deletes an intent; answers whether it was still there (one deletion per intent, so one audit row). */
export async function deleteEditIntent(db: Queryable, id: string): Promise<boolean> {
  const result = await db.query('DELETE FROM edit_intents WHERE id = $1', [id]);
  return (result.rowCount ?? 0) > 0;
}
