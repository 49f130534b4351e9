import { similarEntries, type SimilarEntries } from '@og/shared/contracts/predictions';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { predictionSetApiPath, predictionSetKeys } from '../../../../lib/prediction-sets/prediction-set-keys';

/** How many similar entries the review asks for: what fits beside the entry, at the cost of one indexed query. */
export const similarEntriesShown = 12;

export const similarEntriesKeys = {
  /** Every entry's list of the set, under the set's key (so reading the set again reads them too). */
  set: (setId: string) => [...predictionSetKeys.set(setId), 'similar'] as const,
  entry: (setId: string, string: string) => [...similarEntriesKeys.set(setId), string] as const,
};

/** Issue 29 `GET /api/prediction-sets/{id}/entries/{string}/similar?limit=`: the set's unmapped entries most like this one. */
export function fetchSimilarEntries(setId: string, string: string, signal?: AbortSignal): Promise<SimilarEntries> {
  return api.get(`${predictionSetApiPath(setId)}/entries/${encodeURIComponent(string)}/similar?limit=${similarEntriesShown}`, similarEntries, { signal });
}

export function similarEntriesQueryOptions(setId: string, string: string) {
  return queryOptions({
    queryKey: similarEntriesKeys.entry(setId, string),
    queryFn: ({ signal }) => fetchSimilarEntries(setId, string, signal),
    // Coming back to an entry shows its list at once; saves in this screen take their entries out of every list.
    staleTime: 30_000,
  });
}
