import { schemeTree, type SchemeTree } from '@og/shared/contracts/schemes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { schemeApiPath, schemeDataStaleTime, schemeKeys } from './scheme-keys';

/**
 * `GET /api/schemes/{scheme}/tree`: roots with their children in notation order, and every
 * code by value. The server sends an ETag; the browser's HTTP cache revalidates with it.
 */
export function fetchSchemeTree(scheme: string, signal?: AbortSignal): Promise<SchemeTree> {
  return api.get(`${schemeApiPath(scheme)}/tree`, schemeTree, { signal });
}

export function schemeTreeQueryOptions(scheme: string) {
  return queryOptions({
    queryKey: schemeKeys.tree(scheme),
    queryFn: ({ signal }) => fetchSchemeTree(scheme, signal),
    staleTime: schemeDataStaleTime,
  });
}

export function useSchemeTreeQuery(scheme: string) {
  return useQuery(schemeTreeQueryOptions(scheme));
}
