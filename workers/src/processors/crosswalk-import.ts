import path from 'node:path';
import { UnrecoverableError } from 'bullmq';
import { findJobRun } from '@og/api/db/queries/job-runs';
import { removeUpload, isInUploads } from '@og/api/lib/uploads';
import type { JobProcessor, WorkerDeps } from '../processor.js';
import { CrosswalkFileError } from '@og/api/links/crosswalk-file/crosswalk-file-error';
import { importCrosswalk } from '../crosswalk-import/import-crosswalk.js';

/**
 * `crosswalk.import`: links two schemes from a stored crosswalk file. A file that cannot be read
 * fails at once (no retry) with its line; the upload is removed once the job is over.
 */
export function crosswalkImport(deps: WorkerDeps): JobProcessor<'crosswalk.import'> {
  return async (input, { report, signal, job, linksChanged }) => {
    if (!isInUploads(deps.config, input.path)) throw new UnrecoverableError('The upload is not in the uploads directory.');
    const file = path.resolve(input.path);
    const ownerId = (await findJobRun(deps.db, job.id!))?.owner_id ?? null;
    try {
      const result = await importCrosswalk({ schemes: deps.schemes, db: deps.db }, { ...input, path: file }, { jobId: job.id!, actorId: ownerId, report, signal });
      await removeUpload(deps.config, file);
      if (result.imported) linksChanged(input.source, input.target);
      return result;
    } catch (error) {
      if (error instanceof CrosswalkFileError) {
        await removeUpload(deps.config, file);
        throw new UnrecoverableError(`${input.originalName}: ${error.message.replace(/\.$/, '')}. Nothing was imported.`);
      }
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new UnrecoverableError(`The uploaded file ${input.originalName} is gone; upload it again.`);
      throw error;
    }
  };
}
