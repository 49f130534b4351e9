import { conversion, type Conversion } from '@og/shared/contracts/conversions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { conversionApiPath, conversionKeys } from './conversion-keys';

const conversionAnswer = z.object({ conversion });

/** While the conversion runs it is read again this often, in case its job's live events are missed. */
const runningRefetchMs = 10_000;

/** `GET /api/conversions/{id}`: its settings, its state and, once ready, its summary. */
export async function fetchConversion(conversionId: string, signal?: AbortSignal): Promise<Conversion> {
  return (await api.get(conversionApiPath(conversionId), conversionAnswer, { signal })).conversion;
}

export function conversionQueryOptions(conversionId: string) {
  return queryOptions({
    queryKey: conversionKeys.detail(conversionId),
    queryFn: ({ signal }) => fetchConversion(conversionId, signal),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? runningRefetchMs : false),
  });
}

export function useConversionQuery(conversionId: string) {
  return useQuery(conversionQueryOptions(conversionId));
}
