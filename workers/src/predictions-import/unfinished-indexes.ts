import type { Database } from '@og/api/db/database';
import type { JobQueues } from '@og/api/jobs/job-queues';
import type { Logger } from '@og/api/lib/log';
import { jobKinds } from '@og/shared/jobs/job-kinds';

/**
 * A ready set's indexes are built after it is shown (issue 32); an import whose every attempt at
 * that failed (a full disk, say) leaves the set reviewable but 'indexing', its search and its other
 * orders slow. Such a set gets its import queued again, which builds only what is missing: once its
 * last import has been over for `retryAfterMs`, doubled for each import of the set that failed
 * before (at most 1,024 times), so that a lasting fault is not tried again and again.
 */

/** The longest wait is `retryAfterMs` times this. */
const longestWaitFactor = 1_024;

/** Ready sets still indexing whose last import failed for good long enough ago: the set, the failed imports counted, and that import's input and owner. */
const setsToResume = /* sql */ `
  SELECT s.id AS set_id, last.failed, last.input, last.owner_id
    FROM prediction_sets s
    CROSS JOIN LATERAL (
      SELECT r.state, r.finished_at, r.input, r.owner_id, count(*) FILTER (WHERE r.state = 'failed') OVER () AS failed
        FROM job_runs r
       WHERE r.kind = 'predictions.import' AND r.input->>'predictionSetId' = s.id::text
       ORDER BY r.created_at DESC
       LIMIT 1
    ) last
   WHERE s.state = 'ready' AND s.indexing AND last.state = 'failed'
     AND last.finished_at < now() - make_interval(secs => $1 / 1000.0 * least(power(2, last.failed - 1), ${longestWaitFactor}))`;

/** Queues the import of every ready set left indexing (see above); answers the ids of the job runs queued. */
export async function resumeUnfinishedIndexes(deps: { db: Database; jobs: JobQueues; log: Logger }, retryAfterMs: number): Promise<string[]> {
  const { rows } = await deps.db.query<{ set_id: string; failed: string; input: unknown; owner_id: string | null }>(setsToResume, [retryAfterMs]);
  const queued: string[] = [];
  for (const row of rows) {
    const input = jobKinds['predictions.import'].input.safeParse(row.input);
    if (!input.success) continue;
    // One id per set and failure: two workers looking at once queue one job.
    const run = await deps.jobs.enqueue(deps.db, 'predictions.import', input.data, { ownerId: row.owner_id, requestKey: `indexes-${row.set_id}-${row.failed}` });
    deps.log.warn('building the indexes of a ready set again: its import failed for good', { predictionSetId: row.set_id, jobId: run.id });
    queued.push(run.id);
  }
  return queued;
}
