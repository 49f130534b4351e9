import { predictionSetList, type PredictionSetList } from '@og/shared/contracts/predictions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { predictionSetKeys } from '../../../lib/prediction-sets/prediction-set-keys';

/** While a set is being imported the list is read again this often, in case live events are missed. */
const importingRefetchMs = 10_000;

/** `GET /api/prediction-sets` (SPEC §7): the caller's standalone sets, the ones /review lists. */
export function fetchPredictionSets(signal?: AbortSignal): Promise<PredictionSetList> {
  return api.get('/api/prediction-sets', predictionSetList, { signal });
}

export function predictionSetsQueryOptions() {
  return queryOptions({
    queryKey: predictionSetKeys.list(),
    queryFn: ({ signal }) => fetchPredictionSets(signal),
    refetchInterval: (query) => (query.state.data?.predictionSets.some((set) => set.state === 'importing') ? importingRefetchMs : false),
  });
}

export function usePredictionSetsQuery() {
  return useQuery(predictionSetsQueryOptions());
}
