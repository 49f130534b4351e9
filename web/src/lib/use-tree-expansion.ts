import { useCallback, useMemo, useState } from 'react';

export interface TreeExpansion {
  expanded: ReadonlySet<string>;
  toggle: (value: string) => void;
  /** Opens these nodes (already open ones stay open). */
  expand: (values: readonly string[]) => void;
  collapseAll: () => void;
}

interface ExpansionState {
  resetKey: string | undefined;
  expanded: ReadonlySet<string>;
}

/**
 * Which nodes of a code tree are open; `initial` is read on mount. A new scheme should get a
 * new instance: key the component, or pass a `resetKey` (the scheme, say), on whose change the
 * expansion starts again from `initial`.
 */
export function useTreeExpansion(initial?: () => Iterable<string>, resetKey?: string): TreeExpansion {
  const [state, setState] = useState<ExpansionState>(() => ({ resetKey, expanded: new Set(initial?.()) }));
  let current = state;
  if (state.resetKey !== resetKey) {
    // Adjusting state while rendering: React renders again at once, before anything is shown.
    current = { resetKey, expanded: new Set(initial?.()) };
    setState(current);
  }
  const { expanded } = current;

  const toggle = useCallback((value: string) => {
    setState((previous) => {
      const next = new Set(previous.expanded);
      if (!next.delete(value)) next.add(value);
      return { ...previous, expanded: next };
    });
  }, []);

  const expand = useCallback((values: readonly string[]) => {
    setState((previous) => {
      if (values.every((value) => previous.expanded.has(value))) return previous;
      const next = new Set(previous.expanded);
      for (const value of values) next.add(value);
      return { ...previous, expanded: next };
    });
  }, []);

  const collapseAll = useCallback(() => setState((previous) => ({ ...previous, expanded: new Set() })), []);

  return useMemo(() => ({ expanded, toggle, expand, collapseAll }), [expanded, toggle, expand, collapseAll]);
}
