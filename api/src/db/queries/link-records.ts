import type { Queryable } from '../database.js';

/** A link as the store keeps it: the code IRI of the scheme first in name order, then the other. */
export interface LinkEnds {
  first: string;
  second: string;
}

/** The links were made (or made again, e.g. with another relation) now: their records start afresh. */
export async function recordLinksMade(db: Queryable, links: LinkEnds[], madeBy: string | null, options: { keepExisting?: boolean } = {}): Promise<void> {
  if (links.length === 0) return;
  await db.query(
    `INSERT INTO link_records (first_iri, second_iri, made_by)
     SELECT first_iri, second_iri, $3 FROM unnest($1::text[], $2::text[]) AS made (first_iri, second_iri)
     ON CONFLICT (first_iri, second_iri) DO ${options.keepExisting ? 'NOTHING' : 'UPDATE SET made_at = now(), made_by = EXCLUDED.made_by, confirmed_at = NULL'}`,
    [links.map((link) => link.first), links.map((link) => link.second), madeBy],
  );
}

/** The links are gone. */
export async function forgetLinks(db: Queryable, links: LinkEnds[]): Promise<void> {
  if (links.length === 0) return;
  await db.query('DELETE FROM link_records WHERE (first_iri, second_iri) IN (SELECT * FROM unnest($1::text[], $2::text[]))', [
    links.map((link) => link.first),
    links.map((link) => link.second),
  ]);
}

/** Every link of a code to codes under `otherPrefix` is gone. */
export async function forgetLinksOf(db: Queryable, code: string, otherPrefix: string): Promise<void> {
  await db.query(
    `DELETE FROM link_records WHERE (first_iri = $1 AND starts_with(second_iri, $2)) OR (second_iri = $1 AND starts_with(first_iri, $2))`,
    [code, otherPrefix],
  );
}

/** A change of link records that an edit makes once the store has it, kept as data so that it can be made later (./edit-intents.ts). */
export type LinkRecordsChange = { made: LinkEnds[]; madeBy: string | null } | { forget: LinkEnds[] } | { forgetOf: { code: string; otherPrefix: string } };

export async function applyLinkRecordsChange(db: Queryable, change: LinkRecordsChange): Promise<void> {
  if ('made' in change) await recordLinksMade(db, change.made, change.madeBy);
  else if ('forget' in change) await forgetLinks(db, change.forget);
  else await forgetLinksOf(db, change.forgetOf.code, change.forgetOf.otherPrefix);
}

/** An admin looked at the link after its codes changed and kept it. Answers whether there was such a link. */
export async function confirmLink(db: Queryable, link: LinkEnds): Promise<boolean> {
  const result = await db.query('UPDATE link_records SET confirmed_at = now() WHERE first_iri = $1 AND second_iri = $2', [link.first, link.second]);
  return (result.rowCount ?? 0) > 0;
}

/** A change of one code of a link, after the link was made or last confirmed. */
export interface LinkCodeChange {
  first: string;
  second: string;
  madeAt: Date;
  /** The changed code's IRI. */
  code: string;
  at: Date;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The code edits (update, move) made to either code of a pair's links since each link was made or confirmed, oldest first. */
export async function findChangesSinceLinked(db: Queryable, firstPrefix: string, secondPrefix: string): Promise<LinkCodeChange[]> {
  const result = await db.query<{ first_iri: string; second_iri: string; made_at: Date; subject: string; at: Date; action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    `SELECT r.first_iri, r.second_iri, r.made_at, a.subject, a.at, a.action, a.before, a.after
       FROM link_records r
       JOIN audit_log a ON a.subject IN (r.first_iri, r.second_iri)
                       AND a.action IN ('code.update', 'code.move')
                       AND a.at > coalesce(r.confirmed_at, r.made_at)
      WHERE starts_with(r.first_iri, $1) AND starts_with(r.second_iri, $2)
      ORDER BY a.at, a.id`,
    [firstPrefix, secondPrefix],
  );
  return result.rows.map((row) => ({
    first: row.first_iri,
    second: row.second_iri,
    madeAt: row.made_at,
    code: row.subject,
    at: row.at,
    action: row.action,
    before: row.before,
    after: row.after,
  }));
}
