import type { CodeRecord, TreeNode } from '@og/shared/contracts/schemes';

/** One visible line of a code tree: the node and how deep it sits (roots are 0). */
export interface TreeRow {
  node: TreeNode;
  depth: number;
}

/** The rows a tree shows, top to bottom: roots, and the children of every expanded node. */
export function visibleTreeRows(roots: readonly TreeNode[], expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  // Iterative, so a deep tree cannot overflow the stack; children are pushed in reverse.
  const stack: TreeRow[] = [];
  for (let index = roots.length - 1; index >= 0; index--) stack.push({ node: roots[index]!, depth: 0 });
  while (stack.length > 0) {
    const row = stack.pop()!;
    rows.push(row);
    const { children } = row.node;
    if (children.length === 0 || !expanded.has(row.node.value)) continue;
    for (let index = children.length - 1; index >= 0; index--) stack.push({ node: children[index]!, depth: row.depth + 1 });
  }
  return rows;
}

/** A leaf is linked when it has a link to any other scheme (the scheme browser's view). */
export function hasAnyLink(node: TreeNode): boolean {
  return node.linkCount > 0;
}

/**
 * Whether every leaf below each node is linked (SPEC §2: such folders are highlighted). For a
 * leaf the answer is whether the leaf itself is linked; `isLinked` says what linked means
 * (any link by default; the linking page asks about links to the other side's scheme).
 */
export function linkCoverage(roots: readonly TreeNode[], isLinked: (node: TreeNode) => boolean = hasAnyLink): Map<string, boolean> {
  const covered = new Map<string, boolean>();
  // Post-order without recursion: a node is decided once all of its children are.
  const stack: Array<{ node: TreeNode; visited: boolean }> = roots.map((node) => ({ node, visited: false }));
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const { node } = entry;
    if (node.children.length === 0) {
      covered.set(node.value, isLinked(node));
    } else if (entry.visited) {
      covered.set(node.value, node.children.every((child) => covered.get(child.value) === true));
    } else {
      stack.push({ node, visited: true });
      for (const child of node.children) stack.push({ node: child, visited: false });
    }
  }
  return covered;
}

/** The values above a code, nearest parent first; stops at a missing parent or a cycle. */
export function ancestorValues(lookup: Readonly<Record<string, CodeRecord>>, value: string): string[] {
  const ancestors: string[] = [];
  const seen = new Set<string>([value]);
  let parent = lookup[value]?.parent;
  while (parent !== undefined && lookup[parent] && !seen.has(parent)) {
    ancestors.push(parent);
    seen.add(parent);
    parent = lookup[parent]!.parent;
  }
  return ancestors;
}

/** A code and the values above it, nearest parent first: what to expand to show the code. */
export function selfAndAncestors(lookup: Readonly<Record<string, CodeRecord>>, value: string): string[] {
  return [value, ...ancestorValues(lookup, value)];
}

/** Every node of a nested tree by its value. */
export function treeNodesByValue(roots: readonly TreeNode[]): Map<string, TreeNode> {
  const nodes = new Map<string, TreeNode>();
  const stack = [...roots];
  while (stack.length > 0) {
    const node = stack.pop()!;
    nodes.set(node.value, node);
    for (const child of node.children) stack.push(child);
  }
  return nodes;
}
