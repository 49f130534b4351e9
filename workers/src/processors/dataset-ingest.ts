import path from 'node:path';
import { UnrecoverableError } from 'bullmq';
import { InvalidDatasetFileError } from '@og/api/files/dataset-file-error';
import { dropLeftoverTables } from '../dataset-ingest/dataset-ingest-queries.js';
import { DatasetGoneError } from '../dataset-ingest/deletion-watch.js';
import { ingestDataset } from '../dataset-ingest/ingest-dataset.js';
import { markDatasetFailed } from '@og/api/db/queries/dataset-ingest';
import { isInUploads, removeUpload } from '@og/api/lib/uploads';
import type { JobInput } from '@og/shared/jobs/job-kinds';
import type { FinalFailure, JobProcessor, WorkerDeps } from '../processor.js';

/** What the dataset says when the server, not the file, made its ingest fail. */
const serverFailureMessage = 'The ingest failed on the server (the details are in its log). Upload the file again, or ask an administrator.';

/**
 * `dataset.ingest`: reads the stored upload into the dataset's rows, and removes the upload once
 * the dataset is ready. A bad file fails the job at once (no retry) with its message; any other
 * error is retried. Failing for good is {@link datasetIngestFailed}'s part (the worker host calls
 * it). A dataset deleted before or while it is read ends the job as completed, with nothing
 * stored: there is nothing left to fail.
 */
export function datasetIngest(deps: WorkerDeps): JobProcessor<'dataset.ingest'> {
  return async (input, { report, signal, log }) => {
    if (!isInUploads(deps.config, input.path)) throw new UnrecoverableError('The upload is not in the uploads directory.');
    const file = path.resolve(input.path);
    try {
      const result = await ingestDataset(deps.db, { datasetId: input.datasetId, path: file, format: input.format }, { report, signal });
      await removeUpload(deps.config, file);
      return result;
    } catch (error) {
      if (error instanceof InvalidDatasetFileError) throw new UnrecoverableError(error.message);
      if (!(error instanceof DatasetGoneError)) throw error;
      // The delete removed the upload too, unless it raced the job's start; the ingest dropped its tables.
      log.info('dataset deleted while it was ingested; stopped', { datasetId: input.datasetId });
      await removeUpload(deps.config, file);
      await report({ phase: 'deleted', done: 0, total: null, unit: 'titles', message: 'The dataset was deleted; nothing was stored.' });
      return { rows: 0, titles: 0, bytes: 0, encoding: 'unknown' };
    }
  };
}

/**
 * The job failed for good (a bad file, a server fault on every attempt, or a worker that kept
 * dying): the dataset says so — the file's own message, or for a server fault a plain one (the
 * detail is for the log) — and its tables and upload go.
 */
export async function datasetIngestFailed(deps: WorkerDeps, input: JobInput<'dataset.ingest'>, failure: FinalFailure): Promise<void> {
  const expected = failure.error instanceof UnrecoverableError;
  if (!expected) deps.log.error('dataset ingest failed for good', { datasetId: input.datasetId, error: failure.error ?? failure.message });
  await markDatasetFailed(deps.db, input.datasetId, expected ? failure.message : serverFailureMessage);
  // The processor's own failure dropped them already; a killed worker's attempt left them.
  await dropLeftoverTables(deps.db, input.datasetId).catch((error: unknown) =>
    deps.log.warn('could not drop the tables of a failed ingest (deleting the dataset drops them)', { datasetId: input.datasetId, error: error as Error }),
  );
  await removeUpload(deps.config, input.path);
}
