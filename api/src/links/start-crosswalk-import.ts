import type { JobAccepted } from '@og/shared/contracts/jobs';
import type { CrosswalkImportFields } from '@og/shared/contracts/links';
import type { AppContext } from '../context.js';

/** Queues the `crosswalk.import` job of a stored crosswalk file; answers its job. */
export async function startCrosswalkImport(
  app: Pick<AppContext, 'db' | 'jobs'>,
  fields: CrosswalkImportFields,
  upload: { path: string; originalName: string },
  run: { ownerId: string | null; requestKey: string },
): Promise<JobAccepted> {
  const queued = await app.jobs.enqueue(app.db, 'crosswalk.import', { ...fields, path: upload.path, originalName: upload.originalName }, run);
  return { jobId: queued.id };
}
