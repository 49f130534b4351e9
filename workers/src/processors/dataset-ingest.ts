import path from 'node:path';
import { UnrecoverableError } from 'bullmq';
import { InvalidDatasetFileError } from '@og/api/datasets/ingest/dataset-file-error';
import { dropLeftoverTables } from '@og/api/datasets/ingest/dataset-partition';
import { DatasetGoneError, ingestDataset, markDatasetFailed } from '@og/api/datasets/ingest/ingest-dataset';
import { isInUploads, removeUpload } from '@og/api/lib/uploads';
import type { JobInput } from '@og/shared/jobs/job-kinds';
import type { JobProcessor, WorkerDeps } from '../processor.js';

/** What the dataset says when the server, not the file, made its ingest fail. */
const serverFailureMessage = 'The ingest failed on the server (the details are in its log). Upload the file again, or ask an administrator.';

/**
 * `dataset.ingest`: reads the stored upload into the dataset's rows. A bad file fails the dataset
 * at once with its message (no retry); any other error is retried, and on the last attempt fails
 * the dataset too. The upload is removed once the dataset is ready or failed for good.
 */
export function datasetIngest(deps: WorkerDeps): JobProcessor<'dataset.ingest'> {
  return async (input, { report, signal, lastAttempt, log }) => {
    if (!isInUploads(deps.config, input.path)) {
      await markDatasetFailed(deps.db, input.datasetId, 'The upload is not in the uploads directory.');
      throw new UnrecoverableError('The upload is not in the uploads directory');
    }
    const file = path.resolve(input.path);
    try {
      const result = await ingestDataset(deps.db, { datasetId: input.datasetId, path: file, format: input.format }, { report, signal });
      await removeUpload(deps.config, file);
      return result;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const unrecoverable = error instanceof InvalidDatasetFileError || error instanceof DatasetGoneError;
      if (!unrecoverable && !lastAttempt) throw error;
      // A bad file's message is for its owner; a server fault's detail is for the log only.
      if (!unrecoverable) log.error('dataset ingest failed for good', { datasetId: input.datasetId, error: error as Error });
      await markDatasetFailed(deps.db, input.datasetId, unrecoverable ? message : serverFailureMessage);
      await removeUpload(deps.config, file);
      throw unrecoverable ? new UnrecoverableError(message) : error;
    }
  };
}

/** The job failed for good without the processor (its worker kept dying): the dataset says so, and the upload goes. */
export async function datasetIngestFailed(deps: WorkerDeps, input: JobInput<'dataset.ingest'>, message: string): Promise<void> {
  deps.log.error('dataset ingest failed for good', { datasetId: input.datasetId, error: message });
  await markDatasetFailed(deps.db, input.datasetId, serverFailureMessage);
  await dropLeftoverTables(deps.db, input.datasetId).catch((error: unknown) =>
    deps.log.warn('could not drop the tables of a failed ingest (deleting the dataset drops them)', { datasetId: input.datasetId, error: error as Error }),
  );
  await removeUpload(deps.config, input.path);
}
