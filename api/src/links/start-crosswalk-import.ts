import type { JobAccepted } from '@og/shared/contracts/jobs';
import type { CrosswalkImportFields } from '@og/shared/contracts/links';
import type { AppContext } from '../context.js';

/** Queues the `crosswalk.import` job of a stored crosswalk file (`origin`: where the file came from, for a seeded one); answers its job. */
export async function startCrosswalkImport(
  app: Pick<AppContext, 'db' | 'jobs'>,
  fields: CrosswalkImportFields,
  upload: { path: string; originalName: string; origin?: string },
  run: { ownerId: string | null; requestKey: string },
): Promise<JobAccepted> {
  const queued = await app.jobs.enqueue(app.db, 'crosswalk.import', { ...fields, path: upload.path, originalName: upload.originalName, ...(upload.origin ? { origin: upload.origin } : {}) }, run);
  return { jobId: queued.id };
}
