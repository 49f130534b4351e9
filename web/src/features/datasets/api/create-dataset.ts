import { datasetAccepted, type DatasetAccepted, type DatasetMetadataInput } from '@og/shared/contracts/datasets';
import { idempotencyHeaderName } from '@og/shared/contracts/jobs';
import { uploadForm, type UploadProgress } from '../../../lib/api-client';

export interface CreateDatasetRequest {
  metadata: DatasetMetadataInput;
  file: File;
  /** A fresh key per click: a retried request joins the dataset it already created. */
  requestKey: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * `POST /api/datasets` as multipart/form-data: `metadata` (JSON) first, so the server can
 * refuse bad settings, then the file, streamed from disk. Answers 202 with the dataset and
 * the id of its `dataset.ingest` job as soon as the file is stored.
 */
export function createDataset({ metadata, file, requestKey, onProgress, signal }: CreateDatasetRequest): Promise<DatasetAccepted> {
  const form = new FormData();
  form.append('metadata', JSON.stringify(metadata));
  form.append('file', file, file.name);
  return uploadForm('/api/datasets', form, datasetAccepted, {
    headers: { [idempotencyHeaderName]: requestKey },
    onProgress,
    signal,
  });
}
