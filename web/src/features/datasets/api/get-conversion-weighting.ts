import { conversionWeighting, type ConversionWeighting } from '@og/shared/contracts/conversions';
import type { SchemeId } from '@og/shared/domain/schemes';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { datasetApiPath, datasetKeys } from './dataset-keys';

/**
 * `GET /api/datasets/{id}/conversions/weighting?targetScheme=…`: the weighting the server gives a
 * conversion into the scheme when none is named ('crosswalk' when the links into it carry weights),
 * which 'New conversion' preselects; nothing is asked before a target scheme is chosen.
 */
export function useConversionWeightingQuery(subject: { datasetId: string; predictionSetId?: string | undefined }, targetScheme: SchemeId | null) {
  return useQuery({
    queryKey: datasetKeys.conversionWeighting(subject.datasetId, targetScheme ?? '', subject.predictionSetId ?? null),
    queryFn: ({ signal }): Promise<ConversionWeighting> => {
      const query = new URLSearchParams({ targetScheme: targetScheme!, ...(subject.predictionSetId ? { predictionSetId: subject.predictionSetId } : {}) });
      return api.get(`${datasetApiPath(subject.datasetId)}/conversions/weighting?${query}`, conversionWeighting, { signal });
    },
    enabled: targetScheme !== null,
    staleTime: 60_000,
  });
}
