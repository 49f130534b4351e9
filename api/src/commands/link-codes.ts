import { type BulkLinkRequest, type ClearLinksRequest, isPseudoTarget, type LinkRequest } from '@og/shared/contracts/links';
import { AppError } from '@og/shared/errors/app-error';
import { bothHaveChildrenMessage, childrenOfExistingCodes, editLinks, pairGraph, storedLink } from '../links/link-edits.js';
import { forgetLinks, forgetLinksOf, recordLinksMade } from '../db/queries/link-records.js';
import { clearLinksOf, deletePseudoTarget, insertPseudoTarget, replaceLinks } from '../links/link-queries.js';
import type { SchemeContext } from '../schemes/scheme-context.js';

/**
 * Links a code to a code of another scheme (SPEC §7 "Create link"), or marks it unlinkable or
 * defaulting to its parent there. A link that exists already takes the relation given (so the
 * same link twice is one link); at least one of the two codes must have no children.
 */
export async function createLink(schemes: SchemeContext, actorId: string, request: LinkRequest): Promise<void> {
  const source = { scheme: request.sourceScheme, value: request.sourceNodeID };
  const graph = pairGraph(schemes, request.sourceScheme, request.targetScheme);
  const sourceIri = schemes.iris.code(source.scheme, source.value);
  const target = request.targetNodeID;
  if (isPseudoTarget(target)) {
    await editLinks(schemes, actorId, [request.sourceScheme, request.targetScheme], {
      action: 'link.create',
      subject: sourceIri,
      details: { target, towards: request.targetScheme },
      check: async () => void (await childrenOfExistingCodes(schemes, [source])),
      write: () => insertPseudoTarget(schemes.iris, graph, sourceIri, target, request.targetScheme),
    });
    return;
  }
  const targetEnd = { scheme: request.targetScheme, value: target };
  const link = storedLink(schemes, source, targetEnd, request.relation);
  await editLinks(schemes, actorId, [request.sourceScheme, request.targetScheme], {
    action: 'link.create',
    subject: sourceIri,
    details: { target: schemes.iris.code(targetEnd.scheme, targetEnd.value), relation: request.relation ?? null, stored: link },
    async check() {
      const children = await childrenOfExistingCodes(schemes, [source, targetEnd]);
      if (children.get(link.first)! > 0 && children.get(link.second)! > 0) throw new AppError('bad_request', bothHaveChildrenMessage);
    },
    write: () => replaceLinks(graph, [[link.first, link.second]], [link]),
    record: (db) => recordLinksMade(db, [link], actorId),
  });
}

/** Removes a link between two codes, whatever its relation, or a pseudo-target (SPEC §7 "Delete link"). */
export async function deleteLink(schemes: SchemeContext, actorId: string, request: LinkRequest): Promise<void> {
  const source = { scheme: request.sourceScheme, value: request.sourceNodeID };
  const graph = pairGraph(schemes, request.sourceScheme, request.targetScheme);
  const sourceIri = schemes.iris.code(source.scheme, source.value);
  const target = request.targetNodeID;
  const targetIri = isPseudoTarget(target) ? null : schemes.iris.code(request.targetScheme, target);
  await editLinks(schemes, actorId, [request.sourceScheme, request.targetScheme], {
    action: 'link.delete',
    subject: sourceIri,
    details: { target: targetIri ?? target, towards: request.targetScheme },
    check: async () => void (await childrenOfExistingCodes(schemes, isPseudoTarget(target) ? [source] : [source, { scheme: request.targetScheme, value: target }])),
    write: () => (isPseudoTarget(target) ? deletePseudoTarget(schemes.iris, graph, sourceIri, target, request.targetScheme) : replaceLinks(graph, [[sourceIri, targetIri!]], [])),
    record: async (db) => {
      if (!isPseudoTarget(target)) await forgetLinks(db, [storedLink(schemes, source, { scheme: request.targetScheme, value: target })]);
    },
  });
}

/** Removes every link of a code to codes of a scheme, and its pseudo-targets there (SPEC: clear links, or stop defaulting). */
export async function clearLinks(schemes: SchemeContext, actorId: string, request: ClearLinksRequest): Promise<void> {
  const code = { scheme: request.scheme, value: request.nodeID };
  const codeIri = schemes.iris.code(code.scheme, code.value);
  await editLinks(schemes, actorId, [request.scheme, request.targetScheme], {
    action: 'link.clear',
    subject: codeIri,
    details: { towards: request.targetScheme },
    check: async () => void (await childrenOfExistingCodes(schemes, [code])),
    write: () => clearLinksOf(schemes.iris, pairGraph(schemes, request.scheme, request.targetScheme), codeIri),
    record: (db) => forgetLinksOf(db, codeIri, schemes.iris.codePrefix(request.targetScheme)),
  });
}

/**
 * Links one code to many codes of another scheme (SPEC: link to many; the linking page's link to
 * subtree). Every code must exist and each link needs one side without children; otherwise
 * nothing is written.
 */
export async function linkToMany(schemes: SchemeContext, actorId: string, request: BulkLinkRequest): Promise<void> {
  const subject = { scheme: request.subjectScheme, value: request.subjectNodeID };
  const objects = [...new Set(request.objectsNodeIDs)].map((value) => ({ scheme: request.objectsScheme, value }));
  const links = objects.map((object) => storedLink(schemes, subject, object, request.relation));
  await editLinks(schemes, actorId, [request.subjectScheme, request.objectsScheme], {
    action: 'link.bulk',
    subject: schemes.iris.code(subject.scheme, subject.value),
    details: { objects: objects.map((object) => object.value), towards: request.objectsScheme, relation: request.relation ?? null },
    async check() {
      const children = await childrenOfExistingCodes(schemes, [subject, ...objects]);
      const refused = links.filter((link) => children.get(link.first)! > 0 && children.get(link.second)! > 0);
      if (refused.length) throw new AppError('bad_request', `${bothHaveChildrenMessage} (${refused.length} of the ${links.length} links)`);
    },
    write: () =>
      replaceLinks(
        pairGraph(schemes, request.subjectScheme, request.objectsScheme),
        links.map((link) => [link.first, link.second]),
        links,
      ),
    record: (db) => recordLinksMade(db, links, actorId),
  });
}
