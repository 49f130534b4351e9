import { predictionSetDetail, type PredictionSetDetail } from '@og/shared/contracts/predictions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type CallOptions } from '../../../../lib/api-client';
import { predictionSetApiPath, predictionSetKeys } from '../../../../lib/prediction-sets/prediction-set-keys';

/** `GET /api/prediction-sets/{id or slug}/summary`: the set and its dataset, for the review's header. */
export function fetchPredictionSetDetail(setRef: string, options: CallOptions = {}): Promise<PredictionSetDetail> {
  return api.get(`${predictionSetApiPath(setRef)}/summary`, predictionSetDetail, options);
}

/** The set's detail as the review reads it; `ahead` for a read before the page is there (a 401 is left to the page's own read). */
export function predictionSetDetailQueryOptions(setRef: string, ahead = false) {
  return queryOptions({
    queryKey: [...predictionSetKeys.set(setRef), 'detail'],
    queryFn: ({ signal }) => fetchPredictionSetDetail(setRef, { signal, expectUnauthorized: ahead }),
    retry: false,
  });
}

export function usePredictionSetDetail(setRef: string) {
  return useQuery(predictionSetDetailQueryOptions(setRef));
}
