import { predictionSetCount, type PredictionSetCount } from '@og/shared/contracts/predictions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { predictionSetApiPath, predictionSetKeys, scopeQuery } from './prediction-set-keys';

/** `GET /api/prediction-sets/{id}?threshold=` (SPEC §7): entries below the threshold, and how many of them are mapped. */
export function fetchPredictionSetCounts(setId: string, threshold: number, signal?: AbortSignal): Promise<PredictionSetCount> {
  return api.get(`${predictionSetApiPath(setId)}${scopeQuery({ threshold })}`, predictionSetCount, { signal });
}

/** The counts of a ready set under a threshold; the last ones stay shown while a new threshold's are read. */
export function usePredictionSetCounts(setId: string, threshold: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: predictionSetKeys.counts(setId, threshold),
    queryFn: ({ signal }) => fetchPredictionSetCounts(setId, threshold, signal),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
