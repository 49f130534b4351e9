import { defaultLinkRelation, inverseRelation, type LinkRelation } from '@og/shared/contracts/links';
import type { SchemeId } from '@og/shared/domain/schemes';
import { AppError } from '@og/shared/errors/app-error';
import type { Database } from '../db/database.js';
import { type AuditAction, appendAudit } from '../db/queries/audit-log.js';
import type { SchemeContext } from '../schemes/scheme-context.js';
import { withSchemeLock } from '../schemes/scheme-lock.js';
import { selectCodesAndChildren, type StoredLink } from './link-queries.js';

/** A code named by a link edit. */
export interface LinkEnd {
  scheme: SchemeId;
  value: string;
}

/** One edit of the links of a scheme pair, as {@link editLinks} runs it. */
export interface LinkEdit {
  action: AuditAction;
  /** What the audit log names as the edit's subject (a code's IRI). */
  subject: string;
  /** What the audit log records as the edit. */
  details: unknown;
  /**
   * Checks the edit may go ahead (its codes exist, …): throws a 404 or 400 if not. Resolves
   * 'unchanged' when what the edit asks for holds already (a mark made again): then nothing is
   * written, recorded or audited.
   */
  check(): Promise<void | 'unchanged'>;
  /** The SPARQL update that makes the edit. */
  write(): string;
  /** Keeps the links' records (when made, when confirmed) in step with the write. */
  record?(db: Database): Promise<void>;
}

/**
 * Every edit of links takes the same steps: under the locks of both schemes (taken in name order,
 * so two edits never wait on each other), check, write, record when the links were made, bump both
 * schemes' revisions (their trees count links; the link maps' ETags follow), and append the edit to
 * the audit log. Resolves whether anything changed.
 */
export async function editLinks(schemes: SchemeContext, actorId: string, pair: [SchemeId, SchemeId], edit: LinkEdit): Promise<boolean> {
  const [first, second] = [...pair].sort() as [SchemeId, SchemeId];
  return withSchemeLock(schemes, first, () =>
    withSchemeLock(schemes, second, async () => {
      if ((await edit.check()) === 'unchanged') return false;
      await schemes.store.update(edit.write());
      await edit.record?.(schemes.db);
      await schemes.revisions.bump(first, second);
      await appendAudit(schemes.db, { actorId, action: edit.action, scheme: null, subject: edit.subject, before: null, after: edit.details });
      return true;
    }),
  );
}

/** The graph that holds the links between two schemes. */
export function pairGraph(schemes: SchemeContext, a: SchemeId, b: SchemeId): string {
  return schemes.iris.linkGraph(a, b);
}

/** A link from `source` to `target` as stored: from the code of the scheme first in name order, the relation turned to match. */
export function storedLink(schemes: SchemeContext, source: LinkEnd, target: LinkEnd, relation: LinkRelation = defaultLinkRelation): StoredLink {
  const sourceIri = schemes.iris.code(source.scheme, source.value);
  const targetIri = schemes.iris.code(target.scheme, target.value);
  return source.scheme < target.scheme
    ? { first: sourceIri, relation, second: targetIri }
    : { first: targetIri, relation: inverseRelation(relation), second: sourceIri };
}

/**
 * The children count of each code, every one of which must exist: a 404 names those that do not.
 * Codes are checked in the store (not the cached trees, which every link edit makes stale).
 */
export async function childrenOfExistingCodes(schemes: SchemeContext, codes: LinkEnd[]): Promise<Map<string, number>> {
  const named = codes.map((code) => ({ ...code, iri: schemes.iris.code(code.scheme, code.value) }));
  const rows = await schemes.store.select(selectCodesAndChildren(schemes.iris, named));
  const children = new Map(rows.map((row) => [row.code!.value, Number(row.children!.value)]));
  const missing = named.filter((code) => !children.has(code.iri));
  if (missing.length) {
    const shown = missing.slice(0, 10).map((code) => `${code.value} in ${code.scheme}`);
    throw new AppError('not_found', `No such code: ${shown.join(', ')}${missing.length > 10 ? ` (and ${missing.length - 10} more)` : ''}.`, {
      missing: missing.map(({ scheme, value }) => ({ scheme, value })),
    });
  }
  return children;
}

/** SPEC §4: a link needs at least one side without children. */
export const bothHaveChildrenMessage = 'At least one side of a link must be a code without children: both of these have children.';
