import type { JobAccepted } from '@og/shared/contracts/jobs';
import type { AppContext } from '../context.js';

/** Queues a session clean-up now (it also runs hourly on its own); answers its job. */
export async function startSessionCleanup(app: Pick<AppContext, 'db' | 'jobs'>, run: { ownerId: string; requestKey: string }): Promise<JobAccepted> {
  const queued = await app.jobs.enqueue(app.db, 'session.cleanup', { batchSize: 5_000 }, run);
  return { jobId: queued.id };
}
