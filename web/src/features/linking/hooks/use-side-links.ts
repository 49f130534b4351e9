import type { LinkMaps } from '@og/shared/contracts/links';
import type { TreeNode } from '@og/shared/contracts/schemes';
import type { SchemeId } from '@og/shared/domain/schemes';
import { useCallback, useMemo } from 'react';
import { isHandled, linkProgress, type LinkProgress } from '../link-facts';

export interface SideLinks {
  /** For the tree's dots and folders: linked, or marked, towards the other side's scheme. */
  isLinked: (node: TreeNode) => boolean;
  /** The progress bar's count of leaves, for this pair. */
  progress: LinkProgress;
}

/** How far one side's tree is linked to the other side's scheme. */
export function useSideLinks(maps: LinkMaps | undefined, roots: readonly TreeNode[] | undefined, scheme: SchemeId, towards: SchemeId): SideLinks {
  const isLinked = useCallback((node: TreeNode) => isHandled(maps, scheme, node.value, towards), [maps, scheme, towards]);
  const progress = useMemo(() => linkProgress(roots ?? [], (value) => isHandled(maps, scheme, value, towards)), [roots, maps, scheme, towards]);
  return { isLinked, progress };
}
