import path from 'node:path';
import { UnrecoverableError } from 'bullmq';
import { dropLeftoverPredictionTables, findPredictionSet, markPredictionSetFailed } from '@og/api/db/queries/prediction-sets';
import { isInUploads, removeUpload } from '@og/api/lib/uploads';
import type { JobInput } from '@og/shared/jobs/job-kinds';
import type { FinalFailure, JobProcessor, WorkerDeps } from '../processor.js';
import { PredictionFileError } from '@og/api/predictions/prediction-file/prediction-file-error';
import { importPredictions, PredictionSetGoneError } from '../predictions-import/import-predictions.js';

/** What the set says when the server, not the file, made its import fail. */
const serverFailureMessage = 'The import failed on the server (the details are in its log). Upload the file again, or ask an administrator.';
/** What the job says when its set is ready and only the indexes built after (search, the other orders) failed: the set is kept, the indexing tried again later. */
export const indexesFailedMessage =
  'The set is ready for review, but its search and its other orders could not be indexed (the details are in the server log): they answer slower until the indexing, tried again later, is done.';

/**
 * `predictions.import`: reads a stored prediction file into its set, shows the set for review once
 * the indexes its review needs are built, builds the rest meanwhile, and removes the upload at the end. A file that cannot be read fails at once (no retry) naming its line or entry;
 * any other error is retried (one once the set is ready says the set is kept). A set deleted meanwhile ends the job as completed with nothing stored.
 */
export function predictionsImport(deps: WorkerDeps): JobProcessor<'predictions.import'> {
  return async (input, { report, signal, log }) => {
    if (!isInUploads(deps.config, input.path)) throw new UnrecoverableError('The upload is not in the uploads directory.');
    const file = path.resolve(input.path);
    try {
      const result = await importPredictions({ schemes: deps.schemes, db: deps.db }, { ...input, path: file }, { report, signal }, { indexesAfterReady: true });
      await removeUpload(deps.config, file);
      return result;
    } catch (error) {
      if (error instanceof PredictionFileError) throw new UnrecoverableError(`${input.originalName}: ${error.message} Nothing was imported.`);
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new UnrecoverableError(`The uploaded file ${input.originalName} is gone; upload it again.`);
      if (!(error instanceof PredictionSetGoneError)) {
        // A shutdown's stop is only that; a database that is away cannot say what the set is.
        const set = signal.aborted ? null : await findPredictionSet(deps.db, input.predictionSetId).catch(() => null);
        if (set?.state !== 'ready' || !set.indexing) throw error;
        log.error('the indexes of a ready prediction set could not be built', { predictionSetId: input.predictionSetId, error: error as Error });
        throw new Error(indexesFailedMessage, { cause: error });
      }
      log.info('prediction set deleted while it was imported; stopped', { predictionSetId: input.predictionSetId });
      await removeUpload(deps.config, file);
      return { format: 'unknown', rows: 0, entries: 0, emptyTitles: 0, unknownCodes: 0, ignoredColumns: [], bytes: 0 };
    }
  };
}

/** The import failed for good: the set says why (the file's own message, or a plain one for a server fault), its tables and upload go. */
export async function predictionsImportFailed(deps: WorkerDeps, input: JobInput<'predictions.import'>, failure: FinalFailure): Promise<void> {
  const expected = failure.error instanceof UnrecoverableError;
  if (!expected) deps.log.error('prediction import failed for good', { predictionSetId: input.predictionSetId, error: failure.error ?? failure.message });
  await markPredictionSetFailed(deps.db, input.predictionSetId, expected ? failure.message : serverFailureMessage);
  await dropLeftoverPredictionTables(deps.db, input.predictionSetId).catch((error: unknown) =>
    deps.log.warn('could not drop the tables of a failed prediction import', { predictionSetId: input.predictionSetId, error: error as Error }),
  );
  await removeUpload(deps.config, input.path);
}
