import type { PredictionSetSummary } from '@og/shared/contracts/datasets';
import { notifyAdmin } from '../../../lib/notify';
import { useUpdatePredictionSet } from '../../../lib/prediction-sets/update-prediction-set';
import { formatThresholdPercent } from '../../../lib/threshold';

/**
 * 'Save threshold' of a dataset's prediction set: stores it (PATCH, scope {threshold}) and says
 * so; the list, read again by the mutation, then shows the new 'Adjust threshold: N%'.
 */
export function useSaveThreshold(predictionSet: Pick<PredictionSetSummary, 'id' | 'dataset_id' | 'name'>) {
  const update = useUpdatePredictionSet();

  const saveThreshold = (threshold: number, onSaved: () => void) =>
    update.mutate(
      { address: { setId: predictionSet.id, datasetId: predictionSet.dataset_id }, scope: { threshold } },
      {
        onSuccess: () => {
          notifyAdmin({ message: `Threshold of ${predictionSet.name} set to ${formatThresholdPercent(threshold)}`, color: 'teal' });
          onSaved();
        },
        onError: (error) => notifyAdmin({ title: 'Threshold not saved', message: error.message, color: 'red' }),
      },
    );
  return { saveThreshold, saving: update.isPending };
}
