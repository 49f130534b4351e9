import { type SiteInfo, siteInfo } from '@og/shared/contracts/public';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { landingKeys, landingStaleTime } from './landing-keys';

/** `GET /api/site`: the partners configured on the server (logo, name, link). */
export function fetchSite(signal?: AbortSignal): Promise<SiteInfo> {
  return api.get('/api/site', siteInfo, { signal });
}

export function siteQueryOptions() {
  return queryOptions({ queryKey: landingKeys.site(), queryFn: ({ signal }) => fetchSite(signal), staleTime: landingStaleTime });
}

export function useSiteQuery() {
  return useQuery(siteQueryOptions());
}
