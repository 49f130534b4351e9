import type { Queue } from 'bullmq';
import { AppError } from '@og/shared/errors/app-error';
import type { AppContext } from '../context.js';
import { type Database, inTransaction, setLocalLockTimeout } from '../db/database.js';
import { type DatasetListRow, type DatasetViewer, deleteDatasetRow, findDatasetTables } from '../db/queries/datasets.js';
import { dropOwnedTables } from '../db/queries/owned-tables.js';
import { findJobRun, finishJobRun } from '../db/queries/job-runs.js';
import { cancelPredictionIndexBuilds, findPredictionSetTables, listDatasetPredictionSetIds } from '../db/queries/prediction-sets.js';
import { removeUpload } from '../lib/uploads.js';
import { requireDatasetManager } from './dataset-access.js';

const waitingStates = new Set(['waiting', 'delayed', 'prioritized', 'paused', 'waiting-children']);

/** Takes the job out of its queue if no worker has it; answers whether it did. */
async function dequeueWaitingJob(queue: Queue, jobId: string): Promise<boolean> {
  const job = await queue.getJob(jobId);
  if (!job || !waitingStates.has(await job.getState())) return false;
  try {
    await job.remove();
    return true;
  } catch {
    return false; // a worker took it meanwhile: it finds the dataset gone and fails harmlessly
  }
}

/**
 * Deletes the dataset's row, then drops its tables, in one transaction: the same order the
 * ingest job's final transaction takes its locks (dataset row, then tables), so the two cannot
 * deadlock; a job that reaches that point afterwards finds no dataset and gives up. The
 * attached partition must go (it only waits for readers); a staging or standalone table that
 * a running ingest still holds is left to that job, which finds its dataset gone within about a
 * second (it looks for the row; ingest/deletion-watch.ts), stops, and drops its own tables.
 */
async function dropDatasetRowAndTables(db: Database, datasetId: string): Promise<void> {
  try {
    await inTransaction(db, async (client) => {
      await setLocalLockTimeout(client, '10s');
      const predictionSets = await listDatasetPredictionSetIds(client, datasetId);
      await deleteDatasetRow(client, datasetId); // its prediction sets' rows go with it
      for (const setId of predictionSets) {
        await cancelPredictionIndexBuilds(client, setId);
        await dropOwnedTables(client, await findPredictionSetTables(client, setId));
      }
      await dropOwnedTables(client, await findDatasetTables(client, datasetId));
    });
  } catch (error) {
    if ((error as { code?: string }).code === '55P03') {
      throw new AppError('service_unavailable', 'The dataset is being read or written right now; try deleting it again in a moment.');
    }
    throw error;
  }
}

/**
 * Deletes a dataset (owner or admin only): its queued ingest job if no worker has started it,
 * its rows (partition and any staging table), its row, collaborators (cascade) and its upload.
 */
export async function deleteDataset(app: Pick<AppContext, 'db' | 'jobs' | 'config'>, dataset: DatasetListRow, viewer: DatasetViewer): Promise<void> {
  requireDatasetManager(dataset, viewer);
  const run = dataset.job_id ? await findJobRun(app.db, dataset.job_id) : null;
  const dequeued = run ? await dequeueWaitingJob(app.jobs.queue('dataset.ingest'), run.id) : false;
  await dropDatasetRowAndTables(app.db, dataset.id);
  if (run && dequeued) await finishJobRun(app.db, run.id, { state: 'failed', error: 'The dataset was deleted before it was ingested.' });
  const upload = (run?.input as { path?: unknown } | null)?.path;
  if (typeof upload === 'string') await removeUpload(app.config, upload);
}
