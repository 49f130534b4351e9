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

/** What a code's relation to a linked code says, in plain words (read from the code to the linked one). */
export const relationWords: Record<LinkRelation, string> = {
  exactMatch: 'same occupation',
  closeMatch: 'nearly the same',
  broadMatch: 'broader',
  narrowMatch: 'narrower',
  relatedMatch: 'related',
};

export const relationSentences: Record<LinkRelation, string> = {
  exactMatch: 'The linked code is the same occupation.',
  closeMatch: 'The linked code is nearly the same occupation.',
  broadMatch: 'The linked code is broader: it covers this occupation and more.',
  narrowMatch: 'The linked code is narrower: it covers part of this occupation.',
  relatedMatch: 'The linked code is a related occupation.',
};

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
