import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { exploreSearchParams, readExploreAddress, type ExploreAddress } from '../explore-address';

/**
 * Explore's address (`?tab=&scheme=&code=&from=&to=`), kept in step with what is chosen. A
 * selection (a code, a scheme, a translation's schemes) replaces the history entry, like the
 * linking page; opening the other tab adds one, so Back returns to the tab left.
 */
export function useExploreAddress(): [ExploreAddress, (change: Partial<ExploreAddress>, options?: { push?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const address = useMemo(() => readExploreAddress(new URLSearchParams(query)), [query]);

  const change = useCallback(
    (next: Partial<ExploreAddress>, options: { push?: boolean } = {}) => {
      setParams((current) => exploreSearchParams({ ...readExploreAddress(current), ...next }), { replace: !options.push });
    },
    [setParams],
  );

  return [address, change];
}
