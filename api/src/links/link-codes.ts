import { type BulkLinkRequest, type ClearLinksRequest, isPseudoTarget, type LinkRequest, type PseudoTarget } from '@og/shared/contracts/links';
import { type LinkingOffer, linkingOfferLabels, linkingOfferRefusal } from '@og/shared/domain/linking-offers';
import type { SchemeId } from '@og/shared/domain/schemes';
import { suggestionJustification } from '@og/shared/domain/link-justifications';
import { AppError } from '@og/shared/errors/app-error';
import { deleteLinkRejection } from '../db/queries/link-rejections.js';
import { bothHaveChildrenMessage, childrenOfExistingCodes, editLinks, type LinkEnd, pairGraph, storedLink } from './link-edits.js';
import { readLinkingFacts, unlinkableCodes } from './link-facts.js';
import type { LinkEnds } from '../db/queries/link-records.js';
import { clearLinksOf, deletePseudoTarget, insertPseudoTarget, replaceLinks } from './link-queries.js';
import type { SchemeContext } from '../schemes/scheme-context.js';

const named = (code: LinkEnd) => `${code.value} in ${code.scheme}`;

/** A stored link's two codes, as its record names them. */
const endsOf = ({ first, second }: LinkEnds): LinkEnds => ({ first, second });

/** The offer of SPEC §5 that making (`mark`) or taking back (`unmark`) a pseudo-target is. */
const offerOf = (edit: 'mark' | 'unmark', marker: PseudoTarget): LinkingOffer =>
  marker === 'unlinkable' ? (edit === 'mark' ? 'markUnlinkable' : 'markLinkable') : edit === 'mark' ? 'defaultToParent' : 'stopDefaultToParent';

/**
 * A pseudo-target made or taken back only where SPEC §5 offers it, by the same rules as the linking
 * page's buttons (a 400 saying why not). Making a mark the code has, or taking back one it has not,
 * changes nothing and is no error: a repeated request is harmless.
 */
async function checkMarkEdit(schemes: SchemeContext, code: LinkEnd, towards: SchemeId, marker: PseudoTarget, edit: 'mark' | 'unmark'): Promise<void | 'unchanged'> {
  const children = await childrenOfExistingCodes(schemes, [code]);
  const facts = await readLinkingFacts(schemes, code, towards, children.get(schemes.iris.code(code.scheme, code.value))!);
  const marked = marker === 'unlinkable' ? facts.unlinkable : facts.defaultsToParent;
  if (marked === (edit === 'mark')) return 'unchanged';
  const offer = offerOf(edit, marker);
  const refusal = linkingOfferRefusal(offer, facts);
  if (refusal) {
    throw new AppError('bad_request', `'${linkingOfferLabels[offer]}' is not possible for ${named(code)} towards ${towards}: ${refusal}.`, { offer, code, towards });
  }
}

/** SPEC §5: a code marked unlinkable towards a scheme is linked to none of its codes (a 400 naming them). */
async function refuseUnlinkable(schemes: SchemeContext, pair: [SchemeId, SchemeId], codes: LinkEnd[]): Promise<void> {
  const marked = await unlinkableCodes(schemes, pair, codes);
  if (marked.length === 0) return;
  const shown = marked.slice(0, 10).map((code) => `${named(code)} (towards ${code.scheme === pair[0] ? pair[1] : pair[0]})`);
  const more = marked.length > 10 ? ` and ${marked.length - 10} more` : '';
  throw new AppError(
    'bad_request',
    marked.length === 1
      ? `${shown[0]} is marked unlinkable: mark it as linkable before linking it.`
      : `These codes are marked unlinkable: ${shown.join(', ')}${more}. Mark them as linkable before linking them.`,
    { unlinkable: marked },
  );
}

/**
 * Links a code to a code of another scheme (SPEC §7 "Create link"), or marks it unlinkable or
 * defaulting to its parent there (only where SPEC §5 offers it). A link that exists already takes
 * the relation given (so the same link twice is one link); at least one of the two codes must have
 * no children, and neither may be marked unlinkable towards the other's scheme. Resolves whether
 * anything changed.
 */
export async function createLink(schemes: SchemeContext, actorId: string, request: LinkRequest): Promise<boolean> {
  const source = { scheme: request.sourceScheme, value: request.sourceNodeID };
  const pair: [SchemeId, SchemeId] = [request.sourceScheme, request.targetScheme];
  const graph = pairGraph(schemes, request.sourceScheme, request.targetScheme);
  const sourceIri = schemes.iris.code(source.scheme, source.value);
  const target = request.targetNodeID;
  if (isPseudoTarget(target)) {
    return editLinks(schemes, actorId, pair, {
      action: 'link.create',
      subject: sourceIri,
      details: { target, towards: request.targetScheme },
      check: () => checkMarkEdit(schemes, source, request.targetScheme, target, 'mark'),
      write: () => insertPseudoTarget(schemes.iris, graph, sourceIri, target, request.targetScheme),
    });
  }
  const targetEnd = { scheme: request.targetScheme, value: target };
  const link = storedLink(schemes, source, targetEnd, request.relation);
  const { suggestion } = request;
  const changed = await editLinks(schemes, actorId, pair, {
    action: 'link.create',
    subject: sourceIri,
    details: { target: schemes.iris.code(targetEnd.scheme, targetEnd.value), relation: request.relation ?? null, stored: link, ...(suggestion ? { suggestion } : {}) },
    async check() {
      const children = await childrenOfExistingCodes(schemes, [source, targetEnd]);
      if (children.get(link.first)! > 0 && children.get(link.second)! > 0) throw new AppError('bad_request', bothHaveChildrenMessage);
      await refuseUnlinkable(schemes, pair, [source, targetEnd]);
    },
    write: () => replaceLinks(graph, [[link.first, link.second]], [link]),
    // An accepted suggestion is the admin's review of what the evidence found: how it was found, and its score (never a weight).
    records: suggestion
      ? { made: [endsOf(link)], madeBy: actorId, justification: suggestionJustification(suggestion.evidence), score: suggestion.score }
      : { made: [endsOf(link)], madeBy: actorId },
  });
  // A pair linked is no longer rejected: the admin changed their mind.
  await deleteLinkRejection(schemes.db, endsOf(link));
  return changed;
}

/**
 * Removes a link between two codes, whatever its relation, or a pseudo-target (SPEC §7 "Delete
 * link"; a pseudo-target only where SPEC §5 offers 'Mark as linkable' or 'Stop default to parent').
 * Resolves whether anything changed.
 */
export async function deleteLink(schemes: SchemeContext, actorId: string, request: LinkRequest): Promise<boolean> {
  const source = { scheme: request.sourceScheme, value: request.sourceNodeID };
  const graph = pairGraph(schemes, request.sourceScheme, request.targetScheme);
  const sourceIri = schemes.iris.code(source.scheme, source.value);
  const target = request.targetNodeID;
  const targetIri = isPseudoTarget(target) ? null : schemes.iris.code(request.targetScheme, target);
  return editLinks(schemes, actorId, [request.sourceScheme, request.targetScheme], {
    action: 'link.delete',
    subject: sourceIri,
    details: { target: targetIri ?? target, towards: request.targetScheme },
    check: async () =>
      isPseudoTarget(target)
        ? checkMarkEdit(schemes, source, request.targetScheme, target, 'unmark')
        : void (await childrenOfExistingCodes(schemes, [source, { scheme: request.targetScheme, value: target }])),
    write: () => (isPseudoTarget(target) ? deletePseudoTarget(schemes.iris, graph, sourceIri, target, request.targetScheme) : replaceLinks(graph, [[sourceIri, targetIri!]], [])),
    ...(isPseudoTarget(target) ? {} : { records: { forget: [endsOf(storedLink(schemes, source, { scheme: request.targetScheme, value: target }))] } }),
  });
}

/** Removes every link of a code to codes of a scheme, and its pseudo-targets there (SPEC: clear links, or stop defaulting). */
export async function clearLinks(schemes: SchemeContext, actorId: string, request: ClearLinksRequest): Promise<boolean> {
  const code = { scheme: request.scheme, value: request.nodeID };
  const codeIri = schemes.iris.code(code.scheme, code.value);
  return editLinks(schemes, actorId, [request.scheme, request.targetScheme], {
    action: 'link.clear',
    subject: codeIri,
    details: { towards: request.targetScheme },
    check: async () => void (await childrenOfExistingCodes(schemes, [code])),
    write: () => clearLinksOf(schemes.iris, pairGraph(schemes, request.scheme, request.targetScheme), codeIri),
    records: { forgetOf: { code: codeIri, otherPrefix: schemes.iris.codePrefix(request.targetScheme) } },
  });
}

/**
 * Links one code to many codes of another scheme (SPEC: link to many; the linking page's link to
 * subtree). Every code must exist, each link needs one side without children, and no code may be
 * marked unlinkable towards the other scheme; otherwise nothing is written.
 */
export async function linkToMany(schemes: SchemeContext, actorId: string, request: BulkLinkRequest): Promise<boolean> {
  const subject = { scheme: request.subjectScheme, value: request.subjectNodeID };
  const objects = [...new Set(request.objectsNodeIDs)].map((value) => ({ scheme: request.objectsScheme, value }));
  const links = objects.map((object) => storedLink(schemes, subject, object, request.relation));
  const pair: [SchemeId, SchemeId] = [request.subjectScheme, request.objectsScheme];
  return editLinks(schemes, actorId, pair, {
    action: 'link.bulk',
    subject: schemes.iris.code(subject.scheme, subject.value),
    details: { objects: objects.map((object) => object.value), towards: request.objectsScheme, relation: request.relation ?? null },
    async check() {
      const children = await childrenOfExistingCodes(schemes, [subject, ...objects]);
      const refused = links.filter((link) => children.get(link.first)! > 0 && children.get(link.second)! > 0);
      if (refused.length) throw new AppError('bad_request', `${bothHaveChildrenMessage} (${refused.length} of the ${links.length} links)`);
      await refuseUnlinkable(schemes, pair, [subject, ...objects]);
    },
    write: () =>
      replaceLinks(
        pairGraph(schemes, request.subjectScheme, request.objectsScheme),
        links.map((link) => [link.first, link.second]),
        links,
      ),
    records: { made: links.map(endsOf), madeBy: actorId },
  });
}
