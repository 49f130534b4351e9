import type { JobQueues } from '@og/api/jobs/job-queues';

/** Maintenance that runs on its own: expired sessions are cleaned up every hour. */
export async function scheduleMaintenance(jobs: JobQueues): Promise<void> {
  await jobs.queue('session.cleanup').upsertJobScheduler(
    'session-cleanup-hourly',
    { every: 60 * 60 * 1000 },
    { name: 'session.cleanup', data: { batchSize: 5_000 }, opts: { attempts: 3, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } } },
  );
}
