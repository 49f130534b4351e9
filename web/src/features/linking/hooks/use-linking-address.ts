import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { linkingSearchParams, readLinkingAddress, type LinkingAddress } from '../linking-address';

export interface LinkingAddressChange {
  schemes?: Partial<LinkingAddress['schemes']>;
  codes?: Partial<LinkingAddress['codes']>;
}

/**
 * The linking page's address (`?lc=&rc=&lid=&rid=`), kept in step with every selection by
 * replacing the history entry, never adding one (SPEC §2). An address that is missing a scheme,
 * or names an unknown one, is rewritten with the defaults.
 */
export function useLinkingAddress(): [LinkingAddress, (change: LinkingAddressChange) => void] {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const address = useMemo(() => readLinkingAddress(new URLSearchParams(query)), [query]);
  const canonical = linkingSearchParams(address).toString();

  useEffect(() => {
    if (canonical !== query) setParams(new URLSearchParams(canonical), { replace: true });
  }, [canonical, query, setParams]);

  const change = useCallback(
    (next: LinkingAddressChange) => {
      setParams(
        (current) => {
          const before = readLinkingAddress(current);
          return linkingSearchParams({ schemes: { ...before.schemes, ...next.schemes }, codes: { ...before.codes, ...next.codes } });
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return [address, change];
}
