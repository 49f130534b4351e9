import { linkMaps, type LinkMaps } from '@og/shared/contracts/links';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { linkDataStaleTime, linkKeys, type SchemePair } from './link-keys';

/**
 * `GET /api/links/maps?schemes={a},{b}`: the link maps of a pair (SPEC §3) and each link's
 * relation. The server sends an ETag; the browser's HTTP cache revalidates with it.
 */
export function fetchLinkMaps(pair: SchemePair, signal?: AbortSignal): Promise<LinkMaps> {
  return api.get(`/api/links/maps?${new URLSearchParams({ schemes: pair.join(',') })}`, linkMaps, { signal });
}

export function linkMapsQueryOptions(pair: SchemePair) {
  return queryOptions({
    queryKey: linkKeys.maps(pair),
    queryFn: ({ signal }) => fetchLinkMaps(pair, signal),
    staleTime: linkDataStaleTime,
  });
}

export function useLinkMapsQuery(pair: SchemePair) {
  return useQuery(linkMapsQueryOptions(pair));
}
