import { isPseudoTarget, type LinkMaps } from '@og/shared/contracts/links';
import type { TreeNode } from '@og/shared/contracts/schemes';
import type { LinkingFacts } from '@og/shared/domain/linking-offers';
import type { SchemeId } from '@og/shared/domain/schemes';

const noEntries: readonly string[] = [];

/** A code's entries towards another scheme in the link maps: the codes it is linked to and its pseudo-targets (SPEC §3). */
export function entriesTowards(maps: LinkMaps | undefined, scheme: SchemeId, value: string, towards: SchemeId): readonly string[] {
  return maps?.maps[scheme]?.[value]?.[towards] ?? noEntries;
}

/** The codes of `towards` a code is linked to: its entries without the pseudo-targets, which are never links. */
export function linkedCodes(maps: LinkMaps | undefined, scheme: SchemeId, value: string, towards: SchemeId): string[] {
  return entriesTowards(maps, scheme, value, towards).filter((entry) => !isPseudoTarget(entry));
}

/**
 * Whether a code is dealt with towards the other scheme: linked there, or marked unlinkable or
 * defaulting to its parent. Such leaves count as linked in the progress bar and show a filled dot.
 */
export function isHandled(maps: LinkMaps | undefined, scheme: SchemeId, value: string, towards: SchemeId): boolean {
  return entriesTowards(maps, scheme, value, towards).length > 0;
}

export interface LinkProgress {
  linked: number;
  total: number;
}

/** SPEC §2: the leaves of a tree that are linked (`handled`), out of all its leaves. */
export function linkProgress(roots: readonly TreeNode[], handled: (value: string) => boolean): LinkProgress {
  let linked = 0;
  let total = 0;
  const stack = [...roots];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.children.length > 0) {
      for (const child of node.children) stack.push(child);
      continue;
    }
    total++;
    if (handled(node.value)) linked++;
  }
  return { linked, total };
}

/** The progress bar's tooltip (SPEC §2). */
export function progressTooltip({ linked, total }: LinkProgress): string {
  return `There are ${linked} of ${total} nodes linked`;
}

/**
 * What node details show of a code's links towards the other side's scheme, and what the linking
 * offers are decided on: SPEC §5's facts of a code (shared with the api, which refuses what the
 * page does not offer), and the codes its descendants reach.
 */
export interface NodeLinkFacts extends LinkingFacts {
  direct: string[];
  /** The codes of the other scheme the links below it reach, each once. */
  descendantTargets: string[];
}

/** The facts of one code (`node`, of `scheme`) towards `towards`. */
export function nodeLinkFacts(maps: LinkMaps | undefined, scheme: SchemeId, towards: SchemeId, node: TreeNode): NodeLinkFacts {
  const entries = entriesTowards(maps, scheme, node.value, towards);
  const countOf = (value: string) => linkedCodes(maps, scheme, value, towards);
  let descendantLinkCount = 0;
  const descendantTargets = new Set<string>();
  const stack = [...node.children];
  while (stack.length > 0) {
    const below = stack.pop()!;
    const links = countOf(below.value);
    descendantLinkCount += links.length;
    for (const target of links) descendantTargets.add(target);
    for (const child of below.children) stack.push(child);
  }
  return {
    direct: entries.filter((entry) => !isPseudoTarget(entry)),
    descendantLinkCount,
    descendantTargets: [...descendantTargets],
    childLinkCount: node.children.reduce((sum, child) => sum + countOf(child.value).length, 0),
    entryCount: entries.length,
    unlinkable: entries.includes('unlinkable'),
    defaultsToParent: entries.includes('default-to-parent'),
    hasDescendants: node.children.length > 0,
  };
}
