import { idempotencyHeaderName } from '@og/shared/contracts/jobs';
import { type PredictionRunRequest, predictionSetAccepted, type PredictionSetAccepted } from '@og/shared/contracts/predictions';
import { api } from '../../../lib/api-client';
import { newRequestKey } from '../../../lib/request-key';

/** `POST /api/datasets/{id}/prediction-runs {scheme, model}`: a new set of the dataset, coded by its job. */
export function startPredictionRun(datasetId: string, request: PredictionRunRequest): Promise<PredictionSetAccepted> {
  return api.post(`/api/datasets/${encodeURIComponent(datasetId)}/prediction-runs`, request, predictionSetAccepted, {
    headers: { [idempotencyHeaderName]: newRequestKey() },
  });
}
