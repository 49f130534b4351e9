import { conversionCodeDetail, type ConversionCodeDetail, type ConversionDecision } from '@og/shared/contracts/conversions';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { conversionCodeApiPath, conversionKeys } from './conversion-keys';

/** `PUT /api/conversions/{id}/codes/{uri} {targets, applyToCrosswalk?}`: this conversion's decision for the code. */
export function saveConversionDecision(conversionId: string, uri: string, decision: ConversionDecision): Promise<ConversionCodeDetail> {
  return api.put(conversionCodeApiPath(conversionId, uri), decision, conversionCodeDetail);
}

/** `DELETE /api/conversions/{id}/codes/{uri}`: the decision goes, the code follows its links again ('Restore original conversion'). */
export function removeConversionDecision(conversionId: string, uri: string): Promise<ConversionCodeDetail> {
  return api.delete(conversionCodeApiPath(conversionId, uri), conversionCodeDetail);
}

/** The code's answer is stored; the conversion, its result and the list (their sums changed) are read again. */
function storeDetail(queryClient: QueryClient, conversionId: string, detail: ConversionCodeDetail): void {
  queryClient.setQueryData(conversionKeys.code(conversionId, detail.source.uri), detail);
  void queryClient.invalidateQueries({ queryKey: conversionKeys.detail(conversionId) });
  void queryClient.invalidateQueries({ queryKey: conversionKeys.result(conversionId) });
  void queryClient.invalidateQueries({ queryKey: conversionKeys.list() });
}

export function useSaveConversionDecision(conversionId: string, uri: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ConversionDecision) => saveConversionDecision(conversionId, uri, decision),
    onSuccess: (detail) => storeDetail(queryClient, conversionId, detail),
  });
}

export function useRemoveConversionDecision(conversionId: string, uri: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeConversionDecision(conversionId, uri),
    onSuccess: (detail) => storeDetail(queryClient, conversionId, detail),
  });
}
