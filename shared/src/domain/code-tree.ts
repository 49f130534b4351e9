import type { CodeRecord, TreeNode } from '../contracts/schemes.js';

/**
 * Natural notation order: runs of digits compare as numbers, so `2,2,9` comes before `2,2,10`
 * and `0110` before `1111`; equal numbers with different zero padding fall back to plain text.
 */
export function compareNotation(a: string, b: string): number {
  return compareNotationKeys(notationParts(a), a, notationParts(b), b);
}

/** Natural order of split notations, then plain text order (different zero padding). */
function compareNotationKeys(leftParts: readonly string[], left: string, rightParts: readonly string[], right: string): number {
  return compareNotationParts(leftParts, rightParts) || (left < right ? -1 : left > right ? 1 : 0);
}

/** A notation split into runs of digits and of other characters (the sort key of compareNotation). */
function notationParts(notation: string): string[] {
  return notation.match(/\d+|\D+/g) ?? [];
}

function compareNotationParts(left: readonly string[], right: readonly string[]): number {
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const x = left[index]!;
    const y = right[index]!;
    if (x === y) continue;
    const xNumber = x.charCodeAt(0) >= 48 && x.charCodeAt(0) <= 57;
    const yNumber = y.charCodeAt(0) >= 48 && y.charCodeAt(0) <= 57;
    if (xNumber && yNumber) {
      const difference = Number(x) - Number(y);
      if (difference !== 0) return difference < 0 ? -1 : 1;
      if (x.length !== y.length) return x.length - y.length;
    }
    return x < y ? -1 : 1;
  }
  return left.length - right.length;
}

/** The nested tree of a scheme from its flat records: roots and children in notation order. */
export function buildNestedTree(lookup: Readonly<Record<string, CodeRecord>>): TreeNode[] {
  const nodes = new Map<string, TreeNode>();
  for (const record of Object.values(lookup)) {
    nodes.set(record.value, {
      value: record.value,
      name: record.name,
      label: record.label,
      ...(record.parent !== undefined ? { parent: record.parent } : {}),
      linkCount: record.linkCount,
      children: [],
    });
  }
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent === undefined ? undefined : nodes.get(node.parent);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  // Sort keys computed once per node, not once per comparison.
  const keys = new Map<TreeNode, { label: string[]; value: string[] }>();
  for (const node of nodes.values()) keys.set(node, { label: notationParts(node.label), value: notationParts(node.value) });
  const byNotation = (x: TreeNode, y: TreeNode) => {
    const xKey = keys.get(x)!;
    const yKey = keys.get(y)!;
    return compareNotationKeys(xKey.label, x.label, yKey.label, y.label) || compareNotationKeys(xKey.value, x.value, yKey.value, y.value);
  };
  const sortDeep = (list: TreeNode[]) => {
    list.sort(byNotation);
    for (const node of list) if (node.children.length) sortDeep(node.children);
  };
  sortDeep(roots);
  return roots;
}

/** Values of the children of every code, for descendant checks without the nested tree. */
export function childrenIndex(lookup: Readonly<Record<string, CodeRecord>>): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const record of Object.values(lookup)) {
    if (record.parent === undefined) continue;
    const siblings = index.get(record.parent);
    if (siblings) siblings.push(record.value);
    else index.set(record.parent, [record.value]);
  }
  return index;
}

/** Is `candidate` the code itself or somewhere below it? (SPEC §5: no move under a descendant.) */
export function isSelfOrDescendant(lookup: Readonly<Record<string, CodeRecord>>, value: string, candidate: string): boolean {
  let current: string | undefined = candidate;
  const seen = new Set<string>();
  while (current !== undefined && !seen.has(current)) {
    if (current === value) return true;
    seen.add(current);
    current = lookup[current]?.parent;
  }
  return false;
}

/** Every leaf below a code (the code itself when it is a leaf). */
export function leavesBelow(node: TreeNode): TreeNode[] {
  if (!node.children.length) return [node];
  return node.children.flatMap(leavesBelow);
}
