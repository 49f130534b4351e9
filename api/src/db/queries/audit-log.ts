import type { Queryable } from '../database.js';

export type AuditAction = 'code.create' | 'code.update' | 'code.move' | 'code.delete' | 'scheme.import' | 'link.create' | 'link.delete' | 'link.clear' | 'link.bulk' | 'crosswalk.import';

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
