import { conversionCodeDetail, type ConversionCodeDetail } from '@og/shared/contracts/conversions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { conversionCodeApiPath, conversionKeys } from './conversion-keys';

/** `GET /api/conversions/{id}/codes/{uri}`: the diagram's records for one source code, its decision and its explanation. */
export function fetchConversionCode(conversionId: string, uri: string, signal?: AbortSignal): Promise<ConversionCodeDetail> {
  return api.get(conversionCodeApiPath(conversionId, uri), conversionCodeDetail, { signal });
}

export function conversionCodeQueryOptions(conversionId: string, uri: string) {
  return queryOptions({
    queryKey: conversionKeys.code(conversionId, uri),
    queryFn: ({ signal }) => fetchConversionCode(conversionId, uri, signal),
  });
}

export function useConversionCodeQuery(conversionId: string, uri: string) {
  return useQuery(conversionCodeQueryOptions(conversionId, uri));
}
