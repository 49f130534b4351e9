import { predictionSetCoverage, type PredictionSetCoverage } from '@og/shared/contracts/predictions';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { predictionSetApiPath, predictionSetKeys, scopeQuery } from '../../../../lib/prediction-sets/prediction-set-keys';

/** `GET /api/prediction-sets/{id}/coverage?threshold=`: the share of the dataset's people whose title is mapped. */
export function fetchCoverage(setId: string, threshold: number, signal?: AbortSignal): Promise<PredictionSetCoverage> {
  return api.get(`${predictionSetApiPath(setId)}/coverage${scopeQuery({ threshold })}`, predictionSetCoverage, { signal });
}

/** Read only while it is shown (one pass over the set's entries); kept for 30 s. */
export function useCoverage(setId: string, threshold: number, enabled: boolean) {
  return useQuery({
    queryKey: [...predictionSetKeys.coverage(setId), threshold],
    queryFn: ({ signal }) => fetchCoverage(setId, threshold, signal),
    enabled,
    staleTime: 30_000,
  });
}
