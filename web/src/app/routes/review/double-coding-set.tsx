import { Alert } from '@mantine/core';
import type { PredictionSetDetail } from '@og/shared/contracts/predictions';
import type { ReactNode } from 'react';
import { usePredictionSetDetail } from '../../../features/prediction-sets/review/api/get-prediction-set-detail';
import { PredictionSetLoading, PredictionSetReadError } from '../../../features/prediction-sets/review/components/prediction-set-read-states';

/** The set a double-coding page names by its slug (or id), read first; 404 and sets not ready say so. */
export function DoubleCodingSet({ setRef, children }: { setRef: string; children: (detail: PredictionSetDetail) => ReactNode }) {
  const detail = usePredictionSetDetail(setRef);
  if (detail.isPending) return <PredictionSetLoading />;
  if (detail.isError) return <PredictionSetReadError error={detail.error} failure={{ title: 'The prediction set could not be read', message: detail.error.message }} />;
  if (detail.data.predictionSet.state !== 'ready') {
    return (
      <Alert color="yellow" title="Not ready">
        The prediction set is still being imported, or its import failed.
      </Alert>
    );
  }
  return children(detail.data);
}
