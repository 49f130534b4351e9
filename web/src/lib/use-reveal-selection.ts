import type { CodeRecord } from '@og/shared/contracts/schemes';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { selfAndAncestors } from './code-tree-rows';

/**
 * Opens the path to the selected code, and the code itself, whenever the selection changes
 * (on load, from the address, a link or a search), once per selection: folders the user closes
 * stay closed. Returns a function that marks a value as already in view (a click in the tree).
 * An effect rather than a state change during render: navigation renders in a transition, and
 * render-phase updates from it would be replayed over later clicks on the tree.
 */
export function useRevealSelection(
  selected: string | null,
  lookup: Readonly<Record<string, CodeRecord>> | undefined,
  expand: (values: readonly string[]) => void,
): (value: string) => void {
  const revealedFor = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (selected === null) {
      revealedFor.current = null;
      return;
    }
    if (revealedFor.current === selected || !lookup?.[selected]) return;
    revealedFor.current = selected;
    expand(selfAndAncestors(lookup, selected));
  }, [selected, lookup, expand]);
  return useCallback((value: string) => {
    revealedFor.current = value;
  }, []);
}
