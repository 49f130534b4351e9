import type { PredictionFilter } from '@og/shared/contracts/predictions';
import type { PredictionSetSummary } from '@og/shared/contracts/datasets';
import { useNavigate } from 'react-router';
import { notifyAdmin } from '../../../lib/notify';
import { useUpdatePredictionSet } from '../../../lib/prediction-sets/update-prediction-set';
import { datasetReviewPath } from '../review-path';

/**
 * SPEC §2 'Unmapped entries' / 'Mapped entries' / 'All entries': stores the set's filter, then
 * opens its review. A refused PATCH leaves the page where it is, saying why.
 */
export function useOpenReview(predictionSet: Pick<PredictionSetSummary, 'id' | 'dataset_id' | 'name'>) {
  const update = useUpdatePredictionSet();
  const navigate = useNavigate();
  const datasetId = predictionSet.dataset_id;

  const openReview = (filter: PredictionFilter) => {
    if (!datasetId) return;
    update.mutate(
      { address: { setId: predictionSet.id, datasetId }, scope: { filter } },
      {
        onSuccess: () => void navigate(`${datasetReviewPath(datasetId, predictionSet.id)}?filter=${filter}`),
        onError: (error) => notifyAdmin({ title: `The review of ${predictionSet.name} did not open`, message: error.message, color: 'red' }),
      },
    );
  };
  return { openReview, opening: update.isPending };
}
