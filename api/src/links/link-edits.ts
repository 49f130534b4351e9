import { defaultLinkRelation, inverseRelation, type LinkRelation } from '@og/shared/contracts/links';
import type { SchemeId } from '@og/shared/domain/schemes';
import { AppError } from '@og/shared/errors/app-error';
import type { AuditAction } from '../db/queries/audit-log.js';
import type { LinkRecordsChange } from '../db/queries/link-records.js';
import { settlePendingEdits, writeRecordedEdit } from '../schemes/recorded-edit.js';
import type { SchemeContext } from '../schemes/scheme-context.js';
import { withSchemeLocks } from '../schemes/scheme-lock.js';
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
  /** How the links' records (when made, when confirmed) change with the write. */
  records?: LinkRecordsChange;
}

/**
 * Every edit of links takes the same steps: under the locks of both schemes (taken in name order,
 * so two edits never wait on each other), finish recording earlier edits of them that failed
 * half-way, check, then write as a recorded edit (../schemes/recorded-edit.ts): the store, then
 * both schemes' revisions bumped (their trees count links; cached link maps follow), the links'
 * records and the audit row, and the pair's followers told. Resolves whether anything changed.
 */
export async function editLinks(schemes: SchemeContext, actorId: string, pair: [SchemeId, SchemeId], edit: LinkEdit): Promise<boolean> {
  const touched = [...pair].sort() as [SchemeId, SchemeId];
  return withSchemeLocks(schemes, touched, async () => {
    await settlePendingEdits(schemes, touched);
    if ((await edit.check()) === 'unchanged') return false;
    await writeRecordedEdit(schemes, touched, edit.write(), {
      audit: { actorId, action: edit.action, scheme: null, subject: edit.subject, before: null, after: edit.details },
      ...(edit.records ? { linkRecords: edit.records } : {}),
      linksChanged: pair,
    });
    return true;
  });
}

/** The graph that holds the links between two schemes. */
export function pairGraph(schemes: SchemeContext, a: SchemeId, b: SchemeId): string {
  return schemes.iris.linkGraph(a, b);
}

/** A link from `source` to `target` as stored: from the code of the scheme first in name order, the relation turned to match. */
export function storedLink(schemes: SchemeContext, source: LinkEnd, target: LinkEnd, relation: LinkRelation = defaultLinkRelation): StoredLink {
  return storedLinkOfIris(source.scheme < target.scheme, schemes.iris.code(source.scheme, source.value), schemes.iris.code(target.scheme, target.value), relation);
}

/** {@link storedLink} of two code IRIs made already; `sourceFirst`: the source's scheme is first in name order. */
export function storedLinkOfIris(sourceFirst: boolean, sourceIri: string, targetIri: string, relation: LinkRelation): StoredLink {
  return sourceFirst ? { first: sourceIri, relation, second: targetIri } : { first: targetIri, relation: inverseRelation(relation), second: sourceIri };
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
