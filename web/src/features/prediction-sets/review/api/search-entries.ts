import { searchMinLength, searchOptions, type SearchOptions } from '@og/shared/contracts/predictions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { predictionSetApiPath, predictionSetKeys, type ReviewScope, scopeQuery } from '../../../../lib/prediction-sets/prediction-set-keys';

/** SPEC §7 `GET /api/prediction-sets/{id}/_search?q=&threshold=&filter=`: at most 100 entries in scope. */
export function searchEntries(setId: string, q: string, scope: ReviewScope, signal?: AbortSignal): Promise<SearchOptions> {
  const query = scopeQuery(scope);
  return api.get(`${predictionSetApiPath(setId)}/_search${query}${query ? '&' : '?'}q=${encodeURIComponent(q)}`, searchOptions, { signal });
}

/** The options for a (debounced) term; SPEC §5: fewer than 3 characters asks nothing and shows nothing. */
export function useEntrySearch(setId: string, q: string, scope: ReviewScope) {
  const term = q.trim();
  return useQuery({
    queryKey: predictionSetKeys.search(setId, term, scope),
    queryFn: ({ signal }) => searchEntries(setId, term, scope, signal),
    enabled: term.length >= searchMinLength,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
