import { conversionAccepted, type ConversionAccepted, type ConversionRequest } from '@og/shared/contracts/conversions';
import { idempotencyHeaderName } from '@og/shared/contracts/jobs';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { newRequestKey } from '../../../lib/request-key';
import { datasetApiPath } from './dataset-keys';

/**
 * `POST /api/datasets/{id}/conversions`: a `conversion.run` job converts the dataset's
 * codes (or, with `predictionSetId`, a prediction set's reviewed mappings) into the target scheme.
 */
export function startConversion(datasetId: string, request: ConversionRequest): Promise<ConversionAccepted> {
  return api.post(`${datasetApiPath(datasetId)}/conversions`, request, conversionAccepted, {
    headers: { [idempotencyHeaderName]: newRequestKey() },
  });
}

/** The conversions list is read afresh when its page opens, so nothing here needs invalidating. */
export function useStartConversion(datasetId: string) {
  return useMutation({ mutationFn: (request: ConversionRequest) => startConversion(datasetId, request) });
}
