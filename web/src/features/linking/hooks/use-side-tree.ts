import type { SchemeTree, TreeNode } from '@og/shared/contracts/schemes';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { selfAndAncestors, treeNodesByValue } from '../../../lib/code-tree-rows';
import { useRevealSelection } from '../../../lib/use-reveal-selection';
import { useTreeExpansion, type TreeExpansion } from '../../../lib/use-tree-expansion';
import type { SubtreeView } from '../linking-view';
import { subtreeExpansion, subtreeRoots } from '../subtree-view';
import { useLoadFailureNotice } from './use-load-failure-notice';

/** The tree query of a scheme, given by the page (the schemes feature owns scheme data). */
export type SchemeTreeQuery<TQueryKey extends QueryKey> = UseQueryOptions<SchemeTree, Error, SchemeTree, TQueryKey>;

export interface SideTree {
  /** SPEC §4 "Tree loading per side". */
  status: 'pending' | 'error' | 'success';
  error: Error | null;
  retry: () => void;
  tree: SchemeTree | undefined;
  nodes: ReadonlyMap<string, TreeNode>;
  expansion: TreeExpansion;
  /** The subtree view's roots and expansion, while one is open. */
  subtree: { roots: TreeNode[]; expansion: TreeExpansion } | null;
  revealKey: number;
  /** Scrolls the selected code into view again, opening the path to it in the tree shown. */
  reveal: () => void;
  /** SPEC §4: after a subtree closes, the whole tree opens to the selected code again. */
  restoreTree: () => void;
  /** For a code clicked in the tree: it is in view already. */
  markRevealed: (value: string) => void;
  /** SPEC §4 "A": closes everything but the path to the selected code (in the subtree view while one is open). */
  cleanUp: () => void;
}

const noNodes: ReadonlyMap<string, TreeNode> = new Map();

/** One side's tree: loading with its error notification, expansion, the path to the selection, and the subtree view. */
export function useSideTree<TQueryKey extends QueryKey>(
  query: SchemeTreeQuery<TQueryKey>,
  scheme: string,
  selected: string | null,
  subtreeView: SubtreeView | null,
): SideTree {
  const treeQuery = useQuery(query);
  const { error, refetch } = treeQuery;
  const tree = treeQuery.data;
  const lookup = tree?.lookup;

  useLoadFailureNotice(error);

  const nodes = useMemo(() => (tree ? treeNodesByValue(tree.nestedData) : noNodes), [tree]);
  const expansion = useTreeExpansion(undefined, scheme);
  const markRevealed = useRevealSelection(selected, lookup, expansion.expand);
  const [revealKey, setRevealKey] = useState(0);

  const roots = useMemo(() => (subtreeView && tree ? subtreeRoots(tree.nestedData, new Set(subtreeView.ids)) : null), [subtreeView, tree]);
  // SPEC §4 "Subtree view": fewer than 50 ids open all; otherwise only the path to the selected code.
  const subtreeOpen = useTreeExpansion(
    () => (roots && subtreeView ? subtreeExpansion(roots, subtreeView.ids.length, selected !== null && lookup ? selfAndAncestors(lookup, selected) : []) : []),
    subtreeView ? `${scheme}:${subtreeView.key}` : undefined,
  );

  const revealIn = useCallback(
    (target: TreeExpansion) => {
      if (selected !== null && lookup?.[selected]) target.expand(selfAndAncestors(lookup, selected));
      setRevealKey((key) => key + 1);
    },
    [selected, lookup],
  );
  const shown = roots ? subtreeOpen : expansion;

  return {
    status: treeQuery.status,
    error,
    retry: () => void refetch(),
    tree,
    nodes,
    expansion,
    subtree: roots ? { roots, expansion: subtreeOpen } : null,
    revealKey,
    reveal: () => revealIn(shown),
    restoreTree: () => revealIn(expansion),
    markRevealed,
    cleanUp() {
      shown.collapseAll();
      revealIn(shown);
    },
  };
}
