import { mappingBatchUndone, type MappingBatchUndone } from '@og/shared/contracts/predictions';
import { api } from '../../../../lib/api-client';
import { predictionSetApiPath } from '../../../../lib/prediction-sets/prediction-set-keys';

/** Issue 29 `POST /api/prediction-sets/{id}/mapping-batches/{batchId}/undo`: a save's batch given back its mappings from before, but for entries someone changed since. */
export function undoMappingBatch(setId: string, batchId: string): Promise<MappingBatchUndone> {
  return api.post(`${predictionSetApiPath(setId)}/mapping-batches/${encodeURIComponent(batchId)}/undo`, undefined, mappingBatchUndone);
}
