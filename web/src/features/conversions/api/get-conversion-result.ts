import { conversionResult, type ConversionResult } from '@og/shared/contracts/conversions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { conversionApiPath, conversionKeys } from './conversion-keys';

/** `GET /api/conversions/{id}/result?format=json`: the target codes, the source codes (problematic first) and the summary. */
export function fetchConversionResult(conversionId: string, signal?: AbortSignal): Promise<ConversionResult> {
  return api.get(`${conversionApiPath(conversionId)}/result?format=json`, conversionResult, { signal });
}

export function conversionResultQueryOptions(conversionId: string, enabled = true) {
  return queryOptions({
    queryKey: conversionKeys.result(conversionId),
    queryFn: ({ signal }) => fetchConversionResult(conversionId, signal),
    enabled,
  });
}

/** Read only once the conversion is ready (`enabled`). */
export function useConversionResultQuery(conversionId: string, enabled: boolean) {
  return useQuery(conversionResultQueryOptions(conversionId, enabled));
}

export type ConversionExportFormat = 'csv' | 'sssom';

/** The result's files, downloaded by the browser from this address: the converted table (CSV) and the per-code decisions (SSSOM). */
export function conversionExportUrl(conversionId: string, format: ConversionExportFormat): string {
  return `${conversionApiPath(conversionId)}/result?format=${format}`;
}
