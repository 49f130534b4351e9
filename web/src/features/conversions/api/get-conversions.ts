import { conversionList, type ConversionList } from '@og/shared/contracts/conversions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { conversionKeys } from './conversion-keys';

/** While a conversion runs the list is read again this often, in case live events are missed. */
const runningRefetchMs = 10_000;

/** `GET /api/conversions`: the user's conversions, newest first. */
export function fetchConversions(signal?: AbortSignal): Promise<ConversionList> {
  return api.get('/api/conversions', conversionList, { signal });
}

export function conversionsQueryOptions() {
  return queryOptions({
    queryKey: conversionKeys.list(),
    queryFn: ({ signal }) => fetchConversions(signal),
    refetchInterval: (query) => (query.state.data?.conversions.some((conversion) => conversion.state === 'running') ? runningRefetchMs : false),
  });
}

export function useConversionsQuery() {
  return useQuery(conversionsQueryOptions());
}
