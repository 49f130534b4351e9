import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, noContent } from '../api-client';
import { sharedQueryKeys } from '../query-keys';
import { predictionSetApiPath, predictionSetKeys } from './prediction-set-keys';

/** `DELETE /api/prediction-sets/{id}` (204): the set, its entries and mappings (its owner's, or an admin's, to delete). */
export function deletePredictionSet(setId: string): Promise<void> {
  return api.delete(predictionSetApiPath(setId), noContent);
}

/** Deletes a set; the lists that show it are read again whatever the outcome. Callers say so in their own notices. */
export function useDeletePredictionSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setId: string) => deletePredictionSet(setId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: predictionSetKeys.list() }),
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.datasetsList }),
      ]),
  });
}
