import { type LinkPairs, linkPairs } from '@og/shared/contracts/links';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { landingKeys, landingStaleTime } from './landing-keys';

/** `GET /api/links/pairs`: the scheme pairs that have links, with how many each. */
export function fetchLinkPairs(signal?: AbortSignal): Promise<LinkPairs> {
  return api.get('/api/links/pairs', linkPairs, { signal });
}

export function linkPairsQueryOptions() {
  return queryOptions({ queryKey: landingKeys.linkPairs(), queryFn: ({ signal }) => fetchLinkPairs(signal), staleTime: landingStaleTime });
}

export function useLinkPairsQuery() {
  return useQuery(linkPairsQueryOptions());
}
