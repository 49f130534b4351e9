import { defaultLinkRelation, inverseRelation, type LinkRelation } from '@og/shared/contracts/links';
import type { LinkRejectionRequest } from '@og/shared/contracts/link-suggestions';
import type { SchemeId } from '@og/shared/domain/schemes';
import { AppError } from '@og/shared/errors/app-error';
import { inTransaction } from '../db/database.js';
import { appendAudit } from '../db/queries/audit-log.js';
import { deleteLinkRejection, findLinkRejectionsOfPair, saveLinkRejections } from '../db/queries/link-rejections.js';
import type { SchemeContext } from '../schemes/scheme-context.js';
import { withSchemeLocks } from '../schemes/scheme-lock.js';
import { childrenOfExistingCodes, storedLink } from './link-edits.js';

/**
 * Negative mappings (issue 31; SSSOM's `predicate_modifier: Not`): an admin says a pair of codes is
 * not a match, so that it is never suggested again, and the pair's SSSOM export says so. A
 * rejection holds whichever side it was made from (keyed as the store keys a link). A pair that is
 * linked cannot be rejected (remove the link first); linking a rejected pair takes the rejection
 * back (./link-codes.ts). Each change is audited and the pair's followers told (`links:changed`).
 */

/** A rejection as the API answers it, read from `source` to `target`. */
export interface PresentedLinkRejection {
  source: { scheme: SchemeId; value: string };
  target: { scheme: SchemeId; value: string };
  relation: LinkRelation;
  madeBy: string | null;
  madeAt: string;
  comment: string | null;
}

const named = (scheme: SchemeId, value: string) => `${value} in ${scheme}`;

/** The request's pair as stored: its two codes in key order, the relation (closeMatch when none is named) read from the first to the second. */
function storedRejection(schemes: SchemeContext, request: LinkRejectionRequest) {
  return storedLink(schemes, { scheme: request.sourceScheme, value: request.sourceNodeID }, { scheme: request.targetScheme, value: request.targetNodeID }, request.relation ?? defaultLinkRelation);
}

/** Whether the store links the two codes (any relation). */
async function areLinked(schemes: SchemeContext, request: LinkRejectionRequest): Promise<boolean> {
  const links = await schemes.repository.readLinks(request.sourceScheme, request.sourceNodeID);
  return links.some((link) => link.scheme === request.targetScheme && link.value === request.targetNodeID);
}

/** Rejects a pair (idempotent: the same rejection twice is one, a second with another relation or comment replaces the first). */
export async function rejectLink(schemes: SchemeContext, actorId: string, request: LinkRejectionRequest): Promise<void> {
  const pair = [request.sourceScheme, request.targetScheme].sort() as [SchemeId, SchemeId];
  const stored = storedRejection(schemes, request);
  await withSchemeLocks(schemes, pair, async () => {
    await childrenOfExistingCodes(schemes, [
      { scheme: request.sourceScheme, value: request.sourceNodeID },
      { scheme: request.targetScheme, value: request.targetNodeID },
    ]);
    if (await areLinked(schemes, request)) {
      throw new AppError('conflict', `${named(request.sourceScheme, request.sourceNodeID)} is linked to ${named(request.targetScheme, request.targetNodeID)}: remove the link before rejecting the pair.`);
    }
    await inTransaction(schemes.db, async (client) => {
      await saveLinkRejections(client, [{ first: stored.first, second: stored.second, relation: stored.relation, madeBy: actorId, comment: request.comment ?? null }]);
      await appendAudit(client, { actorId, action: 'link.reject', scheme: null, subject: schemes.iris.code(request.sourceScheme, request.sourceNodeID), before: null, after: { stored, comment: request.comment ?? null } });
    });
  });
  schemes.announce?.linksChanged(request.sourceScheme, request.targetScheme);
}

/** Takes a rejection back (whatever its relation); a pair not rejected is no error. */
export async function unrejectLink(schemes: SchemeContext, actorId: string, request: LinkRejectionRequest): Promise<void> {
  const stored = storedRejection(schemes, request);
  const removed = await inTransaction(schemes.db, async (client) => {
    if (!(await deleteLinkRejection(client, stored))) return false;
    await appendAudit(client, { actorId, action: 'link.unreject', scheme: null, subject: schemes.iris.code(request.sourceScheme, request.sourceNodeID), before: { first: stored.first, second: stored.second }, after: null });
    return true;
  });
  if (removed) schemes.announce?.linksChanged(request.sourceScheme, request.targetScheme);
}

/** The rejections between two schemes, read from `source` to `target`, in key order. */
export async function listLinkRejections(schemes: SchemeContext, source: SchemeId, target: SchemeId): Promise<PresentedLinkRejection[]> {
  const [first, second] = source < target ? [source, target] : [target, source];
  const rows = await findLinkRejectionsOfPair(schemes.db, schemes.iris.codePrefix(first), schemes.iris.codePrefix(second));
  return rows.map((row) => {
    const firstValue = schemes.iris.valueOf(first, row.first_iri) ?? row.first_iri;
    const secondValue = schemes.iris.valueOf(second, row.second_iri) ?? row.second_iri;
    const relation = (row.relation ?? defaultLinkRelation) as LinkRelation;
    const fromFirst = first === source;
    return {
      source: fromFirst ? { scheme: first, value: firstValue } : { scheme: second, value: secondValue },
      target: fromFirst ? { scheme: second, value: secondValue } : { scheme: first, value: firstValue },
      relation: fromFirst ? relation : inverseRelation(relation),
      madeBy: row.made_by,
      madeAt: row.made_at.toISOString(),
      comment: row.comment,
    };
  });
}
