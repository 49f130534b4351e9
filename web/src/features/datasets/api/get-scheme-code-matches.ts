import { type CodeMatches, codeMatches, type CodeMatchesRequest } from '@og/shared/contracts/schemes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/schemes/code-matches` {codes}: how many of a sample of a file's codes are codes of each scheme. */
export function fetchSchemeCodeMatches(codes: readonly string[], signal?: AbortSignal): Promise<CodeMatches> {
  return api.post('/api/schemes/code-matches', { codes: [...codes] } satisfies CodeMatchesRequest, codeMatches, { signal });
}

/** A read, though sent by POST (a sample is too long for a URL), kept by its codes under the schemes resource. */
export function schemeCodeMatchesQueryOptions(codes: readonly string[]) {
  return queryOptions({
    queryKey: ['schemes', 'code-matches', codes] as const,
    queryFn: ({ signal }) => fetchSchemeCodeMatches(codes, signal),
    enabled: codes.length > 0,
    // Asked once per code column: a scheme edited meanwhile changes a share by a code or two at most.
    staleTime: Infinity,
  });
}

export function useSchemeCodeMatchesQuery(codes: readonly string[]) {
  return useQuery(schemeCodeMatchesQueryOptions(codes));
}
