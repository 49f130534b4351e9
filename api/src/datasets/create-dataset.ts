import type { DatasetAccepted } from '@og/shared/contracts/datasets';
import { AppError } from '@og/shared/errors/app-error';
import { jobIdFor } from '@og/shared/jobs/job-kinds';
import type { AppContext } from '../context.js';
import { type DatasetViewer, deleteDatasetRow, findDatasetByJobId, insertDataset, type StoredDatasetMetadata } from '../db/queries/datasets.js';
import { removeUpload } from '../lib/uploads.js';
import { startPredictionRun } from '../predictions/start-prediction-run.js';

/** A stored upload waiting to be ingested. */
export interface StoredDatasetUpload {
  path: string;
  bytes: number;
  format: 'csv' | 'json';
}

/**
 * Creates a dataset (state 'ingesting') for a stored upload and queues its `dataset.ingest`
 * job. The dataset row is committed before the job is queued, and JobQueues.enqueue commits
 * the job_runs row before BullMQ can hand the job to a worker, so a worker always finds both.
 * (Queueing inside the dataset's transaction would let a fast worker start before the commit.)
 * If queueing fails the dataset row and the upload are removed again.
 *
 * A request repeated with the same Idempotency-Key names the same job: it answers the dataset
 * that job belongs to and drops the second copy of the file (409 when that dataset was deleted).
 */
export async function createDataset(
  app: Pick<AppContext, 'db' | 'jobs' | 'config' | 'schemes' | 'log'>,
  owner: DatasetViewer,
  metadata: StoredDatasetMetadata,
  upload: StoredDatasetUpload,
  requestKey: string,
): Promise<DatasetAccepted> {
  const jobId = jobIdFor('dataset.ingest', requestKey);
  let dataset: { id: string };
  try {
    const existing = await findDatasetByJobId(app.db, jobId);
    if (existing) {
      await removeUpload(app.config, upload.path);
      return { datasetId: existing.id, jobId };
    }
    dataset = await insertDataset(app.db, { ownerId: owner.id, metadata, jobId, byteSize: upload.bytes });
  } catch (error) {
    await removeUpload(app.config, upload.path);
    if ((error as { code?: string }).code === '23505') {
      // A concurrent request with the same key inserted its dataset first (job_id is unique).
      const winner = await findDatasetByJobId(app.db, jobId);
      if (winner) return { datasetId: winner.id, jobId };
    }
    throw error;
  }
  try {
    const run = await app.jobs.enqueue(
      app.db,
      'dataset.ingest',
      { datasetId: dataset.id, path: upload.path, format: upload.format },
      { ownerId: owner.id, requestKey },
    );
    const queuedFor = (run.input as { datasetId?: string } | null)?.datasetId;
    if (queuedFor && queuedFor !== dataset.id) {
      // The key already made a job, for a dataset since deleted: this request cannot join it
      // (the catch below removes this request's row and file).
      throw new AppError('conflict', 'This Idempotency-Key was used for a dataset that has since been deleted; send the upload with a new key.');
    }
    await startWizardPredictions(app, owner, { id: dataset.id, metadata }, requestKey);
    return { datasetId: dataset.id, jobId: run.id };
  } catch (error) {
    await deleteDatasetRow(app.db, dataset.id);
    await removeUpload(app.config, upload.path);
    throw error;
  }
}

/**
 * The wizard's 'Make predictions in a given scheme': a built-in coder run of the new
 * dataset, queued now and waiting for the titles to be read. A run that cannot start (a scheme
 * without codes) leaves the dataset alone: it is logged, and 'Run predictions' can be used later.
 */
async function startWizardPredictions(
  app: Pick<AppContext, 'db' | 'jobs' | 'schemes' | 'log' | 'config'>,
  owner: DatasetViewer,
  dataset: { id: string; metadata: StoredDatasetMetadata },
  requestKey: string,
): Promise<void> {
  const { predictSingleScheme, predictScheme } = dataset.metadata;
  if (!predictSingleScheme || !predictScheme) return;
  try {
    await startPredictionRun(app, owner, { id: dataset.id, state: 'ingesting', metadata: dataset.metadata }, { scheme: predictScheme, model: 'builtin' }, `${requestKey}-run`, { whenIngested: true });
  } catch (error) {
    app.log.warn('the wizard’s predictions did not start', { datasetId: dataset.id, error: error as Error });
  }
}
