import { inverseRelation, linkRelations, type LinkRelation } from '@og/shared/contracts/links';
import type { CodeLink, CodeRecord } from '@og/shared/contracts/schemes';
import { compareNotation } from '@og/shared/domain/code-tree';
import { schemeIds, type SchemeId } from '@og/shared/domain/schemes';

function isLinkRelation(value: string): value is LinkRelation {
  return (linkRelations as readonly string[]).includes(value);
}

/** A link of the opened code, its relation read from the opened code to the linked one. */
export interface ReadLink extends Omit<CodeLink, 'relation'> {
  relation: LinkRelation | null;
  /** The SKOS relation as the store has it (shown to those who know SKOS). */
  storedRelation: string;
}

export interface LinkGroup {
  scheme: SchemeId;
  links: ReadLink[];
}

/**
 * The store keeps a link once, from the code of the scheme first in name order to the other
 * (shared/contracts/links.ts): seen from a code of the later scheme, broader and narrower swap.
 */
export function relationFromCode(scheme: SchemeId, link: Pick<CodeLink, 'scheme' | 'relation'>): LinkRelation | null {
  if (!isLinkRelation(link.relation)) return null;
  return scheme < link.scheme ? link.relation : inverseRelation(link.relation);
}

/** A code's links grouped by the other scheme (registry order), each group in notation order. */
export function groupLinksByScheme(scheme: SchemeId, links: readonly CodeLink[]): LinkGroup[] {
  const groups = new Map<SchemeId, ReadLink[]>();
  for (const link of links) {
    const group = groups.get(link.scheme) ?? [];
    group.push({ ...link, relation: relationFromCode(scheme, link), storedRelation: link.relation });
    groups.set(link.scheme, group);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => schemeIds.indexOf(a) - schemeIds.indexOf(b))
    .map(([id, group]) => ({ scheme: id, links: group.sort((x, y) => compareNotation(x.label, y.label)) }));
}

/** A weight as a share in words: a whole percentage, never 0% or 100% for what is neither. */
export function sharePercent(weight: number): string {
  if (weight >= 1) return '100%';
  const percent = Math.round(weight * 100);
  if (percent < 1) return '<1%';
  return `${Math.min(percent, 99)}%`;
}

/**
 * A weighted link's share in words, from the code being viewed: the share of this code's titles
 * that the crosswalk puts under the linked code, or (`linked`) the share of the linked code's
 * titles that it puts under this one.
 */
export function shareWords(weight: number, whose: 'code' | 'linked'): string {
  return `${sharePercent(weight)} of ${whose === 'code' ? 'this' : 'that'} group’s titles`;
}

/** The share's full sentence, for its tooltip. */
export function shareSentence(weight: number, whose: 'code' | 'linked', names: { code: string; linked: string }): string {
  return whose === 'code'
    ? `The crosswalk puts ${sharePercent(weight)} of the titles of ${names.code} under ${names.linked}.`
    : `The crosswalk puts ${sharePercent(weight)} of the titles of ${names.linked} under ${names.code}.`;
}

/**
 * How a link was found, in words, for the links the suggestions made (issue 31): accepted from a
 * suggestion by its evidence (names alone, or several kinds) with its score, or chained through a
 * linked scheme. Null for other links (an admin's, a crosswalk's), which say nothing more.
 */
export function foundWords(justification: string | undefined, score: number | undefined): string | null {
  const scored = score === undefined ? '' : ` (score ${score.toFixed(2)})`;
  if (justification === 'semapv:MappingChaining') return `Chained through a linked scheme${scored}`;
  // A crosswalk file may say it was matched so too: only a score says the suggestions made it.
  if (score === undefined) return null;
  if (justification === 'semapv:LexicalMatching') return `Suggested by name similarity${scored}, reviewed`;
  if (justification === 'semapv:CompositeMatching') return `Suggested from several kinds of evidence${scored}, reviewed`;
  return null;
}

/** The links below a code: how many descendants it has, how many of them have links, and their links. */
export interface DescendantLinks {
  descendants: number;
  linkedDescendants: number;
  links: number;
}

export function descendantLinks(children: ReadonlyMap<string, readonly string[]>, lookup: Readonly<Record<string, CodeRecord>>, value: string): DescendantLinks {
  const facts: DescendantLinks = { descendants: 0, linkedDescendants: 0, links: 0 };
  const stack = [...(children.get(value) ?? [])];
  const seen = new Set<string>([value]);
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const record = lookup[next];
    if (!record) continue;
    facts.descendants += 1;
    if (record.linkCount > 0) {
      facts.linkedDescendants += 1;
      facts.links += record.linkCount;
    }
    stack.push(...(children.get(next) ?? []));
  }
  return facts;
}
