import type { Queryable } from '../database.js';

export type AuditAction =
  | 'code.create'
  | 'code.update'
  | 'code.move'
  | 'code.delete'
  | 'scheme.import'
  | 'link.create'
  | 'link.delete'
  | 'link.clear'
  | 'link.bulk'
  | 'link.reject'
  | 'link.unreject'
  | 'link.chain'
  | 'crosswalk.import'
  | 'crosswalk.remove-set';

export async function appendAudit(
  db: Queryable,
  entry: { actorId: string | null; action: AuditAction; scheme: string | null; subject: string; before: unknown; after: unknown },
): Promise<void> {
  await db.query('INSERT INTO audit_log (actor_id, action, scheme, subject, before, after) VALUES ($1, $2, $3, $4, $5, $6)', [
    entry.actorId,
    entry.action,
    entry.scheme,
    entry.subject,
    entry.before === undefined ? null : JSON.stringify(entry.before),
    entry.after === undefined ? null : JSON.stringify(entry.after),
  ]);
}

/** What the latest entry of an action on a subject recorded (`after`) whose `after` has this field with this value; null when there is none. */
export async function findLatestAuditAfter(db: Queryable, entry: { action: AuditAction; subject: string; field: string; value: string }): Promise<unknown> {
  const result = await db.query<{ after: unknown }>(
    'SELECT after FROM audit_log WHERE subject = $1 AND action = $2 AND after->>$3 = $4 ORDER BY at DESC, id DESC LIMIT 1',
    [entry.subject, entry.action, entry.field, entry.value],
  );
  return result.rows[0]?.after ?? null;
}
