import { type SchemeList, schemeList } from '@og/shared/contracts/schemes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { landingKeys, landingStaleTime } from './landing-keys';

/** `GET /api/schemes`: every scheme with its number of codes (0: no data yet). */
export function fetchSchemes(signal?: AbortSignal): Promise<SchemeList> {
  return api.get('/api/schemes', schemeList, { signal });
}

export function schemesQueryOptions() {
  return queryOptions({ queryKey: landingKeys.schemes(), queryFn: ({ signal }) => fetchSchemes(signal), staleTime: landingStaleTime });
}

export function useSchemesQuery() {
  return useQuery(schemesQueryOptions());
}
