import type { SchemeTree, TreeNode } from '@og/shared/contracts/schemes';

export interface CodeBranchOptions {
  /** The highest ancestor kept (by value); without it the branch starts at the scheme's root. */
  top?: string;
  /** Only these children of the code are kept (with everything below them); without it, all. */
  children?: readonly string[];
}

/** The nodes from a root of the tree down to the code, or null when the code is not in it. */
function pathTo(roots: readonly TreeNode[], value: string): TreeNode[] | null {
  for (const root of roots) {
    if (root.value === value) return [root];
    const below = pathTo(root.children, value);
    if (below) return [root, ...below];
  }
  return null;
}

/**
 * The branch of a scheme's tree that leads to one code: its ancestors from `top` down, one per
 * level and without their other children, then the code with everything below it. Null when
 * the code is not in the tree or `top` is not one of its ancestors.
 */
export function codeBranch(tree: Pick<SchemeTree, 'nestedData'>, value: string, options: CodeBranchOptions = {}): TreeNode | null {
  const path = pathTo(tree.nestedData, value);
  if (!path) return null;
  const start = options.top === undefined ? 0 : path.findIndex((node) => node.value === options.top);
  if (start < 0) return null;
  const code = path[path.length - 1]!;
  const kept = options.children;
  let branch: TreeNode = { ...code, children: kept ? code.children.filter((child) => kept.includes(child.value)) : code.children };
  for (let index = path.length - 2; index >= start; index -= 1) branch = { ...path[index]!, children: [branch] };
  return branch;
}

/** Every node of a branch, parents before their children. */
export function branchNodes(branch: TreeNode): TreeNode[] {
  return [branch, ...branch.children.flatMap(branchNodes)];
}
