import { predictionSetDetail, type PredictionSetDetail } from '@og/shared/contracts/predictions';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { predictionSetApiPath, predictionSetKeys } from '../../../../lib/prediction-sets/prediction-set-keys';

/** `GET /api/prediction-sets/{id or slug}/summary`: the set and its dataset, for the review's header. */
export function fetchPredictionSetDetail(setRef: string, signal?: AbortSignal): Promise<PredictionSetDetail> {
  return api.get(`${predictionSetApiPath(setRef)}/summary`, predictionSetDetail, { signal });
}

export function usePredictionSetDetail(setRef: string) {
  return useQuery({
    queryKey: [...predictionSetKeys.set(setRef), 'detail'],
    queryFn: ({ signal }) => fetchPredictionSetDetail(setRef, signal),
    retry: false,
  });
}
