import { useCallback, useMemo, useState } from 'react';

export interface TreeExpansion {
  expanded: ReadonlySet<string>;
  toggle: (value: string) => void;
  /** Opens these nodes (already open ones stay open). */
  expand: (values: readonly string[]) => void;
  collapseAll: () => void;
}

/**
 * Which nodes of a code tree are open; `initial` is read once, on mount. A new scheme should
 * get a new instance (key it).
 */
export function useTreeExpansion(initial?: () => Iterable<string>): TreeExpansion {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(initial?.()));

  const toggle = useCallback((value: string) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(value)) next.add(value);
      return next;
    });
  }, []);

  const expand = useCallback((values: readonly string[]) => {
    setExpanded((current) => {
      if (values.every((value) => current.has(value))) return current;
      const next = new Set(current);
      for (const value of values) next.add(value);
      return next;
    });
  }, []);

  const collapseAll = useCallback(() => setExpanded(new Set()), []);

  return useMemo(() => ({ expanded, toggle, expand, collapseAll }), [expanded, toggle, expand, collapseAll]);
}
