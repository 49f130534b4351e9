import { idempotencyHeaderName } from '@og/shared/contracts/jobs';
import type { PredictionReading } from '@og/shared/contracts/prediction-reading';
import { predictionSetAccepted, type PredictionSetAccepted } from '@og/shared/contracts/predictions';
import { uploadForm, type UploadProgress } from '../api-client';
import { newRequestKey } from '../request-key';

/** What a prediction file input accepts: OCCPAST JSON (SPEC) and OccCANINE's CSV (DESIGN §7). */
export const predictionFileAccept = '.json,.csv,application/json,text/csv';

export interface UploadPredictionSetRequest {
  file: File;
  /** How its columns are read, as the column-mapping step shows it (issue 28); none: as its layout is recognised. */
  reading?: PredictionReading | null;
  /** A set of this dataset (`POST /api/datasets/{id}/predictions`); none: a standalone set (`POST /api/predictions`). */
  datasetId?: string | null;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * SPEC §7: the file as multipart field `file` (after the field `reading`, when there is one), with upload progress. Answers 202 with the set's
 * id, slug and import job once the file is stored; the import's progress is the job's.
 */
export function uploadPredictionSet({ file, reading, datasetId, onProgress, signal }: UploadPredictionSetRequest): Promise<PredictionSetAccepted> {
  const form = new FormData();
  if (reading) form.append('reading', JSON.stringify(reading));
  form.append('file', file, file.name);
  const path = datasetId ? `/api/datasets/${encodeURIComponent(datasetId)}/predictions` : '/api/predictions';
  return uploadForm(path, form, predictionSetAccepted, { headers: { [idempotencyHeaderName]: newRequestKey() }, onProgress, signal });
}
