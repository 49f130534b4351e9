import { Alert, Group, Loader } from '@mantine/core';
import type { PredictionSetDetail } from '@og/shared/contracts/predictions';
import type { ReactNode } from 'react';
import { usePredictionSetDetail } from '../../../features/prediction-sets/review/api/get-prediction-set-detail';
import { ApiError } from '../../../lib/api-client';

/** The set a double-coding page names by its slug (or id), read first; 404 and sets not ready say so. */
export function DoubleCodingSet({ setRef, children }: { setRef: string; children: (detail: PredictionSetDetail) => ReactNode }) {
  const detail = usePredictionSetDetail(setRef);
  if (detail.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader />
      </Group>
    );
  }
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Alert color={missing ? 'yellow' : 'red'} title={missing ? 'Prediction set not found' : 'The prediction set could not be read'} data-testid="prediction-set-error">
        {missing ? 'There is no such prediction set, or it is not shared with you.' : detail.error.message}
      </Alert>
    );
  }
  if (detail.data.predictionSet.state !== 'ready') {
    return (
      <Alert color="yellow" title="Not ready">
        The prediction set is still being imported, or its import failed.
      </Alert>
    );
  }
  return children(detail.data);
}
