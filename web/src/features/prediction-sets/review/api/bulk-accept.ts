import { bulkAcceptAccepted, type BulkAcceptAccepted, bulkAcceptPreview, bulkAcceptUndone, type BulkAcceptUndone } from '@og/shared/contracts/predictions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { newRequestKey } from '../../../../lib/request-key';
import { idempotencyHeaderName } from '@og/shared/contracts/jobs';
import { predictionSetApiPath, predictionSetKeys } from '../../../../lib/prediction-sets/prediction-set-keys';

/** `GET …/bulk-accept?minConf=`: how many entries an acceptance at `minConf` would map now. */
export function useBulkAcceptPreview(setId: string, minConf: number, enabled: boolean) {
  return useQuery({
    queryKey: [...predictionSetKeys.set(setId), 'bulk-accept', minConf],
    queryFn: ({ signal }) => api.get(`${predictionSetApiPath(setId)}/bulk-accept?minConf=${minConf}`, bulkAcceptPreview, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    // One count per confidence asked, kept a little: it reads the set's unmapped entries at or above it.
    staleTime: 15_000,
  });
}

/** `POST …/bulk-accept {minConf}` → 202 with the job and the batch (what the undo names). */
export function startBulkAccept(setId: string, minConf: number): Promise<BulkAcceptAccepted> {
  return api.post(`${predictionSetApiPath(setId)}/bulk-accept`, { minConf }, bulkAcceptAccepted, { headers: { [idempotencyHeaderName]: newRequestKey() } });
}

/** `POST …/bulk-accept/{batchId}/undo`: entries given back their mapping from before, and those left alone because someone changed them since. */
export function undoBulkAccept(setId: string, batchId: string): Promise<BulkAcceptUndone> {
  return api.post(`${predictionSetApiPath(setId)}/bulk-accept/${encodeURIComponent(batchId)}/undo`, undefined, bulkAcceptUndone);
}
