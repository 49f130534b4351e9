import type { LinkMaps } from '@og/shared/contracts/links';
import type { CodeRecord, TreeNode } from '@og/shared/contracts/schemes';
import type { SchemeId } from '@og/shared/domain/schemes';
import { leavesBelow } from '@og/shared/domain/code-tree';
import { entriesTowards, linkedCodes } from './link-facts';

export interface SubtreeLinkRequest {
  maps: LinkMaps | undefined;
  /** The code whose descendants are proposed, and its scheme's codes. */
  node: TreeNode;
  scheme: SchemeId;
  lookup: Readonly<Record<string, CodeRecord>>;
  /** The code selected on the other side, which the proposed codes would be linked to. */
  source: TreeNode;
  sourceScheme: SchemeId;
}

/**
 * SPEC §5 "Link to subtree": the leaves below `node` to link to `source`. A leaf is dropped when
 * its own links already touch the source or one of its descendants, or, when the source has no
 * descendants, when the links of one of its ancestors do (a parent's link covers it); when the
 * source has descendants the ancestors' links are ignored. A leaf marked unlinkable towards the
 * source's scheme is never proposed (the api would refuse the whole request).
 */
export function subtreeLinkProposal({ maps, node, scheme, lookup, source, sourceScheme }: SubtreeLinkRequest): string[] {
  if (node.children.length === 0) return [];
  const sourceCodes = new Set<string>();
  const stack = [source];
  while (stack.length > 0) {
    const code = stack.pop()!;
    sourceCodes.add(code.value);
    for (const child of code.children) stack.push(child);
  }
  const touches = (value: string) => linkedCodes(maps, scheme, value, sourceScheme).some((target) => sourceCodes.has(target));
  const checkAncestors = source.children.length === 0;

  // Whether a code or one of its ancestors touches the source, each code decided once.
  const touchedAbove = new Map<string, boolean>();
  const selfOrAncestorTouches = (value: string): boolean => {
    const path: string[] = [];
    let current: string | undefined = value;
    let answer = false;
    while (current !== undefined) {
      const known = touchedAbove.get(current);
      if (known !== undefined) {
        answer = known;
        break;
      }
      if (path.includes(current)) break;
      path.push(current);
      if (touches(current)) {
        answer = true;
        break;
      }
      current = lookup[current]?.parent;
    }
    for (const visited of path) touchedAbove.set(visited, answer);
    return answer;
  };

  const unlinkable = (value: string) => entriesTowards(maps, scheme, value, sourceScheme).includes('unlinkable');
  return leavesBelow(node)
    .filter((leaf) => !unlinkable(leaf.value))
    .filter((leaf) => !(checkAncestors ? selfOrAncestorTouches(leaf.value) : touches(leaf.value)))
    .map((leaf) => leaf.value);
}
