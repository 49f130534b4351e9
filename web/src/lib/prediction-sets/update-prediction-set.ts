import { predictionSetPatched, type PredictionSetPatched } from '@og/shared/contracts/predictions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { sharedQueryKeys } from '../query-keys';
import { predictionSetApiPath, predictionSetKeys, type ReviewScope, scopeQuery } from './prediction-set-keys';

export interface PredictionSetAddress {
  /** The set's id, or on /review its slug. */
  setId: string;
  /** The dataset it belongs to, when it is opened from the datasets list. */
  datasetId?: string | null;
}

/**
 * SPEC §7 `PATCH /api/prediction-sets/{slug}?filter=&threshold=` (or the dataset's
 * `PATCH /api/datasets/{datasetID}/prediction-sets/{predictionSetID}`), no body: stores the set's
 * threshold, filter and (beyond SPEC) review order; answers the counts under the stored threshold.
 */
export function updatePredictionSet(address: PredictionSetAddress, scope: Partial<ReviewScope>): Promise<PredictionSetPatched> {
  const path = address.datasetId
    ? `/api/datasets/${encodeURIComponent(address.datasetId)}/prediction-sets/${encodeURIComponent(address.setId)}`
    : predictionSetApiPath(address.setId);
  return api.patch(`${path}${scopeQuery(scope)}`, undefined, predictionSetPatched);
}

/** Stores a set's threshold / filter / order; the lists that show them are read again. */
export function useUpdatePredictionSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ address, scope }: { address: PredictionSetAddress; scope: Partial<ReviewScope> }) => updatePredictionSet(address, scope),
    // Everything of the sets is read again (the list, and a set's summary, which /review keys by slug).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: predictionSetKeys.all() }),
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.datasetsList }),
      ]),
  });
}
