import type { JobKind, JobProgress } from '@og/shared/jobs/job-kinds';
import type { Database } from '../db/database.js';
import { findJobRun } from '../db/queries/job-runs.js';
import type { JobQueues } from './job-queues.js';

const pollMs = 250;
const noWorkerWarningMs = 5_000;

/** A progress snapshot as a command line prints it. */
export function progressLine(progress: JobProgress): string {
  const amount = progress.total === null ? (progress.done ? ` ${progress.done} ${progress.unit}` : '') : ` ${progress.done}/${progress.total} ${progress.unit}`;
  return `  ${progress.phase}${amount}${progress.message ? ` (${progress.message})` : ''}`;
}

/**
 * Follows a job's `job_runs` row until it is over, printing its progress and retries as they come
 * (for the command-line imports): answers its result, or throws its error. Says so when no worker
 * takes jobs of its kind for a while.
 */
export async function followJobRun(db: Database, jobs: JobQueues, runId: string, kind: JobKind, print: (line: string) => void): Promise<unknown> {
  const queued = Date.now();
  let warned = false;
  let lastProgress = '';
  let lastRetry = 0;
  for (;;) {
    const row = await findJobRun(db, runId);
    if (!row) throw new Error(`The job ${runId} is gone.`);
    if (row.progress) {
      const line = progressLine(row.progress);
      if (line !== lastProgress) print(line);
      lastProgress = line;
    }
    if (row.state === 'completed') return row.result;
    if (row.state === 'failed') throw new Error(row.error ?? `The job ${runId} failed.`);
    if (row.state === 'retrying' && row.attempts !== lastRetry) {
      lastRetry = row.attempts;
      print(`  attempt ${row.attempts} failed (${row.error ?? 'no reason given'}); it will be retried`);
    }
    if (!warned && row.state === 'queued' && Date.now() - queued > noWorkerWarningMs) {
      warned = true;
      const workers = await jobs.queue(kind).getWorkersCount().catch(() => null);
      if (workers === 0) print(`  no worker is taking ${kind} jobs yet; the job waits for the app's workers`);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
