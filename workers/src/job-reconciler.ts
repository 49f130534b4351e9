import { UnrecoverableError } from 'bullmq';
import { claimIdleJobRun, findIdleUnfinishedJobRuns, type JobRunRow } from '@og/api/db/queries/job-runs';
import { type JobKind, jobKindNames } from '@og/shared/jobs/job-kinds';
import { resumeUnfinishedIndexes } from './predictions-import/unfinished-indexes.js';
import type { FinalFailure, WorkerDeps } from './processor.js';

/** What a job run says when the queue lost it: it can be neither finished nor retried there. */
export const lostJobMessage = 'The job was lost: its queue no longer has it (Redis restarted without its data). Start it again.';

/** BullMQ states in which a job is still going to run or running (a dead worker's job is BullMQ's stalled check's). */
const liveStates = new Set(['active', 'waiting', 'wait', 'delayed', 'prioritized', 'waiting-children']);

/** How the worker host ends a job run: through the same paths as a job its processor ran. */
export interface JobRunSettlement {
  failForGood(kind: JobKind, jobId: string, data: unknown, failure: FinalFailure): Promise<void>;
  complete(kind: JobKind, jobId: string, result: unknown): Promise<void>;
}

const isJobKind = (kind: string): kind is JobKind => (jobKindNames as readonly string[]).includes(kind);

/**
 * Keeps `job_runs` true to the queue: on start and every interval, a run that is not over and has
 * not changed for an interval is looked up in BullMQ. A run the queue still holds is left alone;
 * one the queue finished while its row was not told (the worker died or the database was away at
 * that moment) gets the queue's outcome; one the queue no longer has fails for good with
 * {@link lostJobMessage}, through its kind's final-failure hook (its set or dataset says so, its
 * upload goes). So no job run stays queued or active forever. Then a ready prediction set whose
 * import failed for good while building its indexes gets that import queued again, after a wait
 * that doubles with each failure (predictions-import/unfinished-indexes.ts): no set says
 * 'indexing' forever.
 */
export class JobReconciler {
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;

  constructor(
    private readonly deps: Pick<WorkerDeps, 'db' | 'jobs' | 'log'>,
    private readonly settle: JobRunSettlement,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    const tick = () => {
      this.round ??= this.reconcile()
        .then(() => undefined, (error: unknown) => this.deps.log.warn('could not reconcile job runs', { error: error as Error }))
        .finally(() => (this.round = null));
    };
    tick();
    this.timer = setInterval(tick, this.intervalMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.round;
  }

  /** One pass; answers how many runs it settled. */
  async reconcile(): Promise<number> {
    let settled = 0;
    for (const row of await findIdleUnfinishedJobRuns(this.deps.db, this.intervalMs)) {
      if (isJobKind(row.kind) && (await this.reconcileRun(row.kind, row))) settled++;
    }
    await resumeUnfinishedIndexes(this.deps, this.intervalMs);
    return settled;
  }

  private async reconcileRun(kind: JobKind, row: JobRunRow): Promise<boolean> {
    const job = await this.deps.jobs.queue(kind).getJob(row.id);
    const state = job ? await job.getState() : 'missing';
    if (liveStates.has(state)) return false;
    if (!(await claimIdleJobRun(this.deps.db, row.id, this.intervalMs))) return false;
    this.deps.log.warn('settling a job run the queue does not run', { kind, jobId: row.id, queueState: state });
    if (job && state === 'completed') {
      await this.settle.complete(kind, row.id, job.returnvalue);
    } else if (job && state === 'failed') {
      await this.settle.failForGood(kind, row.id, row.input, { message: job.failedReason || 'The job failed.', error: null });
    } else {
      await this.settle.failForGood(kind, row.id, row.input, { message: lostJobMessage, error: new UnrecoverableError(lostJobMessage) });
    }
    return true;
  }
}
