import fs from 'node:fs/promises';
import path from 'node:path';
import { UnrecoverableError } from 'bullmq';
import { importScheme, InvalidSchemeFileError } from '@og/api/schemes/import-scheme';
import { findJobRun } from '@og/api/db/queries/job-runs';
import { isInUploads } from '@og/api/lib/uploads';
import type { JobProcessor, WorkerDeps } from '../processor.js';

/**
 * `scheme.import`: reads the stored upload and imports it. An invalid file fails at once (no
 * retry) with its first problems listed by line; the upload is removed once the job is over.
 */
export function schemeImport(deps: WorkerDeps): JobProcessor<'scheme.import'> {
  return async (input, { report, job }) => {
    if (!isInUploads(deps.config, input.path)) throw new UnrecoverableError('The upload is not in the uploads directory');
    const file = path.resolve(input.path);
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch {
      throw new UnrecoverableError(`The uploaded file ${input.originalName} is gone; upload it again.`);
    }
    try {
      const ownerId = (await findJobRun(deps.db, job.id!))?.owner_id ?? null;
      const result = await importScheme(deps.schemes, { scheme: input.scheme, text, format: input.format, actorId: ownerId, report });
      await fs.rm(file, { force: true });
      return result;
    } catch (error) {
      if (error instanceof InvalidSchemeFileError) {
        await fs.rm(file, { force: true });
        throw new UnrecoverableError(error.message);
      }
      throw error;
    }
  };
}
