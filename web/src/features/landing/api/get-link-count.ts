import { type LinkCount, linkCount } from '@og/shared/contracts/links';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { landingKeys, landingStaleTime } from './landing-keys';

/** `GET /api/links/count`: every mapping relation between codes of two schemes. */
export function fetchLinkCount(signal?: AbortSignal): Promise<LinkCount> {
  return api.get('/api/links/count', linkCount, { signal });
}

export function linkCountQueryOptions() {
  return queryOptions({ queryKey: landingKeys.linkCount(), queryFn: ({ signal }) => fetchLinkCount(signal), staleTime: landingStaleTime });
}

export function useLinkCountQuery() {
  return useQuery(linkCountQueryOptions());
}
