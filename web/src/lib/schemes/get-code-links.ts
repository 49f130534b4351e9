import { codeLinks, type CodeLinks } from '@og/shared/contracts/schemes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { codeApiPath, schemeDataStaleTime, schemeKeys } from './scheme-keys';

/** `GET /api/schemes/{scheme}/codes/{value}/links`: the code's links to codes of other schemes. */
export function fetchCodeLinks(scheme: string, value: string, signal?: AbortSignal): Promise<CodeLinks> {
  return api.get(`${codeApiPath(scheme, value)}/links`, codeLinks, { signal });
}

export function codeLinksQueryOptions(scheme: string, value: string) {
  return queryOptions({
    queryKey: schemeKeys.links(scheme, value),
    queryFn: ({ signal }) => fetchCodeLinks(scheme, value, signal),
    staleTime: schemeDataStaleTime,
  });
}

export function useCodeLinksQuery(scheme: string, value: string, enabled = true) {
  return useQuery({ ...codeLinksQueryOptions(scheme, value), enabled });
}
