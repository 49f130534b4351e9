import type { TreeNode } from '@og/shared/contracts/schemes';

/** SPEC §9: a subtree of fewer ids than this opens all of its nodes. */
export const subtreeExpandAllBelow = 50;

/**
 * The part of a tree a subtree view shows: the given codes and the codes above them, in tree
 * order. Nodes keep only the children that lead to a given code.
 */
export function subtreeRoots(roots: readonly TreeNode[], ids: ReadonlySet<string>): TreeNode[] {
  const prune = (nodes: readonly TreeNode[]): TreeNode[] => {
    const kept: TreeNode[] = [];
    for (const node of nodes) {
      const children = prune(node.children);
      if (children.length === 0 && !ids.has(node.value)) continue;
      const unchanged = children.length === node.children.length && children.every((child, index) => child === node.children[index]);
      kept.push(unchanged ? node : { ...node, children });
    }
    return kept;
  };
  return prune(roots);
}

/**
 * SPEC §4 "Subtree view": the nodes to open. Fewer than 50 ids open every node shown; otherwise
 * only the path to the selected code (`pathToSelected`, the code and the codes above it) opens.
 */
export function subtreeExpansion(roots: readonly TreeNode[], idCount: number, pathToSelected: readonly string[]): string[] {
  if (idCount >= subtreeExpandAllBelow) return [...pathToSelected];
  const open: string[] = [];
  const stack = [...roots];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.children.length === 0) continue;
    open.push(node.value);
    for (const child of node.children) stack.push(child);
  }
  return open;
}
