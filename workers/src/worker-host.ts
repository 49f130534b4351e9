import { type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { createRedis } from '@og/api/lib/redis';
import {
  finishJobRun,
  findJobRun,
  insertJobRun,
  markJobRunActive,
  updateJobRunProgress,
  type JobRunRow,
} from '@og/api/db/queries/job-runs';
import { waitForDatabase } from '@og/api/db/database';
import { isStoreOutage } from '@og/api/lib/store-outage';
import { presentJobRun } from '@og/api/jobs/job-run-presenter';
import type { JobEventName } from '@og/shared/events/job-events';
import { bullPrefix, type JobKind, type JobProgress, jobKindNames, jobKinds } from '@og/shared/jobs/job-kinds';
import { removeUpload } from '@og/api/lib/uploads';
import { JobEventsEmitter } from './job-events-emitter.js';
import { ProgressThrottle } from './progress-throttle.js';
import { JobReconciler, lostJobMessage } from './job-reconciler.js';
import type { FinalFailure, FinalFailureHooks, ProcessorFactories, ProcessorTools, WorkerDeps } from './processor.js';

const progressIntervalMs = 250;
/** How long a failed attempt waits for a database that is away before it lets BullMQ schedule the retry. */
const databaseWaitMs = 60_000;

/**
 * Runs one BullMQ worker per job kind. Around each processor it keeps the job's `job_runs`
 * row in step (active, progress, retrying, completed, failed) and pushes every change to the
 * job's Socket.IO rooms through Redis. A job that fails for good, whether its processor threw on
 * the last attempt or its worker kept dying, goes through {@link WorkerHost.failForGood}: its
 * kind's final-failure hook, then the failed row.
 */
export class WorkerHost {
  private readonly workers: Worker[] = [];
  private readonly connection: Redis;
  private readonly events: JobEventsEmitter;
  private readonly shutdown = new AbortController();
  private readonly reconciler: JobReconciler;

  private readonly finalFailureHooks: FinalFailureHooks;

  constructor(
    private readonly deps: WorkerDeps,
    private readonly factories: ProcessorFactories,
    options: {
      concurrency: number;
      /** How long a job's lock lasts without renewal (a crashed worker's jobs wait this long). */
      lockDurationMs?: number;
      /** How often stalled jobs (their worker died) are looked for and put back in the queue. */
      stalledIntervalMs?: number;
      finalFailureHooks?: FinalFailureHooks;
    },
  ) {
    this.finalFailureHooks = options.finalFailureHooks ?? {};
    this.connection = createRedis(deps.config.redisUrl, 'consumer');
    this.events = new JobEventsEmitter(this.connection, deps.config.redisPrefix);
    for (const kind of jobKindNames) {
      const worker = new Worker(kind, (job) => this.run(kind, job), {
        connection: this.connection,
        prefix: bullPrefix(deps.config.redisPrefix),
        concurrency: options.concurrency,
        lockDuration: options.lockDurationMs ?? 60_000,
        stalledInterval: options.stalledIntervalMs ?? 30_000,
        maxStalledCount: 2,
      });
      worker.on('failed', (job, error) => void this.afterFinalFailure(job, error));
      worker.on('error', (error) => deps.log.error('worker error', { kind, error }));
      this.workers.push(worker);
    }
    this.reconciler = new JobReconciler(
      deps,
      {
        failForGood: (kind, jobId, data, failure) => this.failForGood(kind, jobId, data, failure),
        complete: (kind, jobId, result) => this.completeFromQueue(kind, jobId, result),
      },
      deps.config.jobReconcileIntervalMs,
    );
  }

  private publish(event: JobEventName, row: JobRunRow | null): void {
    if (row) this.events.emit(event, presentJobRun(row), row.owner_id);
  }

  private async run(kind: JobKind, job: Job): Promise<unknown> {
    try {
      return await this.runAttempt(kind, job);
    } catch (error) {
      // A store that is away fails this attempt; the retry waits until the database answers again,
      // so a restart does not use up the job's attempts while it lasts.
      if (isStoreOutage(error)) await waitForDatabase(this.deps.db, { timeoutMs: databaseWaitMs, signal: this.shutdown.signal });
      throw error;
    }
  }

  private async runAttempt(kind: JobKind, job: Job): Promise<unknown> {
    const { db, log } = this.deps;
    const id = job.id!;
    // Scheduled jobs (no API request made them) get their row here.
    await insertJobRun(db, { id, kind, ownerId: null, input: job.data });
    this.publish('job:progress', await markJobRunActive(db, id, job.attemptsMade + 1));

    const definition = jobKinds[kind];
    const input = definition.input.safeParse(job.data);
    if (!input.success) throw new UnrecoverableError(`Invalid job input: ${input.error.message}`);

    // This attempt's own stop: a progress report that cannot be saved (the database is away, or
    // the queue lost the job) stops the processor at its next safe point, as a shutdown does.
    const attempt = new AbortController();
    const stopAttempt = (error: unknown) => {
      if (!attempt.signal.aborted) attempt.abort(error instanceof Error ? error : new Error(String(error)));
    };
    const unsaved = (error: unknown) => {
      log.warn('a job could not save its progress; its attempt stops', { kind, jobId: id, error: error as Error });
      stopAttempt(error);
    };
    const saveProgress = async (progress: JobProgress) => {
      await job.updateProgress(progress);
      this.publish('job:progress', await updateJobRunProgress(db, id, progress));
    };
    const progress = new ProgressThrottle<JobProgress>(saveProgress, progressIntervalMs, unsaved);
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const tools: ProcessorTools = {
      job,
      signal: AbortSignal.any([this.shutdown.signal, attempt.signal]),
      log: log.child(kind),
      linksChanged: (a, b) => this.events.linksChanged(a, b),
      predictionSetChanged: (predictionSetId, strings) => this.events.predictionSetChanged(predictionSetId, strings),
      report: async (reported) => {
        if (attempt.signal.aborted) return;
        await progress.report(reported).catch(unsaved);
      },
    };

    try {
      const processor = this.factories[kind](this.deps) as (input: unknown, tools: ProcessorTools) => Promise<unknown>;
      const result = definition.result.parse(await processor(input.data, tools));
      const left = await progress.settle();
      if (attempt.signal.aborted) throw attempt.signal.reason;
      if (left) await saveProgress(left);
      this.publish('job:completed', await finishJobRun(db, id, { state: 'completed', result }));
      return result;
    } catch (thrown) {
      await progress.settle();
      const lost = await this.isLost(kind, id);
      const error = lost ? new UnrecoverableError(lostJobMessage) : thrown;
      const message = error instanceof Error ? error.message : String(error);
      // While the job is still this worker's: one that dies in the hook leaves the job to BullMQ's stalled check.
      if (error instanceof UnrecoverableError || lastAttempt) await this.failForGood(kind, id, input.data, { message, error });
      else this.publish('job:progress', await finishJobRun(db, id, { state: 'retrying', error: message }));
      throw error;
    }
  }

  /** Whether the queue no longer has the job (Redis lost its data): it can neither finish nor be retried there. */
  private async isLost(kind: JobKind, id: string): Promise<boolean> {
    try {
      return !(await this.deps.jobs.queue(kind).getJob(id));
    } catch {
      return false;
    }
  }

  /**
   * BullMQ failed a job without its processor: it stalled once too often (its workers died) or
   * its input was invalid. It still ends as failed, through the same path as any other.
   */
  private async afterFinalFailure(job: Job | undefined, error: Error): Promise<void> {
    if (!job?.id) return;
    try {
      const row = await findJobRun(this.deps.db, job.id);
      // Failed or completed already: the processor's own failure went through failForGood.
      if (!row || row.state === 'failed' || row.state === 'completed') return;
      if (job.attemptsMade < (job.opts.attempts ?? 1) && !job.finishedOn) return;
      await this.failForGood(row.kind as JobKind, job.id, job.data, { message: job.failedReason || error.message, error: null });
    } catch (failure) {
      this.deps.log.error('could not record a failed job', { jobId: job.id, error: failure as Error });
    }
  }

  /**
   * Every final failure: the kind's hook sets right what the job leaves (a dataset says it failed,
   * its upload goes), then the job run is marked failed. A hook that fails is logged; the job
   * still ends as failed.
   */
  private async failForGood(kind: JobKind, jobId: string, data: unknown, failure: FinalFailure): Promise<void> {
    const hook = this.finalFailureHooks[kind] as ((deps: WorkerDeps, input: unknown, failure: FinalFailure) => Promise<void>) | undefined;
    const input = jobKinds[kind]?.input.safeParse(data);
    if (hook && input?.success) {
      await hook(this.deps, input.data, failure).catch((error: unknown) =>
        this.deps.log.error('the final-failure hook of a job failed', { kind, jobId, error: error as Error }),
      );
    }
    // A job that failed for good never reads its upload again.
    const upload = (data as { path?: unknown } | null)?.path;
    if (typeof upload === 'string') await removeUpload(this.deps.config, upload).catch(() => undefined);
    this.publish('job:failed', await finishJobRun(this.deps.db, jobId, { state: 'failed', error: failure.message }));
  }

  /** The queue finished a job whose row was not told: the row takes the queue's result. */
  private async completeFromQueue(kind: JobKind, jobId: string, returned: unknown): Promise<void> {
    const result = jobKinds[kind].result.safeParse(returned);
    if (!result.success) return this.failForGood(kind, jobId, null, { message: 'The job finished without a result the app can read.', error: null });
    this.publish('job:completed', await finishJobRun(this.deps.db, jobId, { state: 'completed', result: result.data }));
  }

  /** Waits until every worker is connected, then reconciles job runs (at once, and every interval). */
  async waitUntilReady(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.waitUntilReady()));
    this.reconciler.start();
  }


  /**
   * Stops taking jobs and lets running ones finish; after `graceMs` it asks them to stop at
   * their next safe point (they fail this attempt and are retried elsewhere). Then closes Redis.
   */
  async close(graceMs = 20_000): Promise<void> {
    const timer = setTimeout(() => this.shutdown.abort(new Error('The worker shut down; the job will be retried.')), graceMs);
    await this.reconciler.stop();
    await Promise.all(this.workers.map((worker) => worker.close()));
    clearTimeout(timer);
    this.deps.coders.close();
    this.connection.disconnect();
  }
}
