import { predictionModelList, type PredictionModelList } from '@og/shared/contracts/predictions';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /api/prediction-models`: the models 'Run predictions' offers and which this server can run. */
export function usePredictionModels() {
  return useQuery({
    queryKey: ['prediction-models'],
    queryFn: ({ signal }): Promise<PredictionModelList> => api.get('/api/prediction-models', predictionModelList, { signal }),
    staleTime: 60_000,
  });
}
