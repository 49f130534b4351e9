import { predictionEntryAnswer, type PredictionEntryAnswer } from '@og/shared/contracts/predictions';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { predictionSetApiPath, predictionSetKeys, type ReviewScope, scopeQuery } from '../../../../lib/prediction-sets/prediction-set-keys';

/** SPEC §9: cached review data is fresh for 24 hours; the review entry cache has no retry. */
export const reviewEntryStaleTime = 86_400_000;

/**
 * SPEC §7 `GET /api/prediction-sets/{id}/entries/{string}` (the string URL-encoded) or
 * `…/entries/_first`, under the threshold, filter and order: the entry, its neighbours, and the
 * details of every URI it names.
 */
export function fetchEntry(setId: string, string: string | null, scope: ReviewScope, signal?: AbortSignal): Promise<PredictionEntryAnswer> {
  const entry = string === null ? '_first' : encodeURIComponent(string);
  return api.get(`${predictionSetApiPath(setId)}/entries/${entry}${scopeQuery(scope)}`, predictionEntryAnswer, { signal });
}

export function entryQueryOptions(setId: string, string: string | null, scope: ReviewScope) {
  return queryOptions({
    queryKey: predictionSetKeys.entry(setId, string, scope),
    queryFn: ({ signal }) => fetchEntry(setId, string, scope, signal),
    staleTime: string === null ? 0 : reviewEntryStaleTime,
    retry: false,
  });
}
