import { type SchemeList, schemeList } from '@og/shared/contracts/schemes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { schemeDataStaleTime, schemeKeys } from './scheme-keys';

/** `GET /api/schemes`: every registered scheme with its number of codes (0 for empty ones). */
export function fetchSchemes(signal?: AbortSignal): Promise<SchemeList> {
  return api.get('/api/schemes', schemeList, { signal });
}

export function schemesQueryOptions() {
  return queryOptions({
    queryKey: schemeKeys.list(),
    queryFn: ({ signal }) => fetchSchemes(signal),
    staleTime: schemeDataStaleTime,
  });
}

export function useSchemesQuery() {
  return useQuery(schemesQueryOptions());
}
