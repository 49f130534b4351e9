import { useDeferredValue, useMemo, useState } from 'react';

/** A long list shown a page at a time, narrowed by a search term (case-insensitive, in the text each item gives). */
export function usePagedList<T>(items: readonly T[], textOf: (item: T) => string, pageSize = 50) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const term = useDeferredValue(search.trim().toLowerCase());
  const matching = useMemo(() => (term === '' ? items : items.filter((item) => textOf(item).toLowerCase().includes(term))), [items, term, textOf]);
  const pages = Math.max(1, Math.ceil(matching.length / pageSize));
  const current = Math.min(page, pages);
  const shown = matching.slice((current - 1) * pageSize, current * pageSize);
  return {
    search,
    setSearch: (next: string) => {
      setSearch(next);
      setPage(1);
    },
    page: current,
    setPage,
    pages,
    shown,
    matching: matching.length,
  };
}
