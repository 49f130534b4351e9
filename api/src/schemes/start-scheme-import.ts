import type { JobAccepted } from '@og/shared/contracts/jobs';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { AppContext } from '../context.js';
import { schemeFormatOfFile } from './scheme-file.js';

/** Queues the `scheme.import` job of a stored scheme file, read as its extension says (one of schemeFileExtensions); answers its job. */
export async function startSchemeImport(
  app: Pick<AppContext, 'db' | 'jobs'>,
  scheme: SchemeId,
  upload: { path: string; originalName: string },
  run: { ownerId: string; requestKey: string },
): Promise<JobAccepted> {
  const format = schemeFormatOfFile(upload.path)!;
  const queued = await app.jobs.enqueue(app.db, 'scheme.import', { scheme, format, path: upload.path, originalName: upload.originalName }, run);
  return { jobId: queued.id };
}
