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
import { presentJobRun } from '@og/api/presenters/job-run';
import type { JobEventName } from '@og/shared/events/job-events';
import { bullPrefix, type JobKind, type JobProgress, jobKindNames, jobKinds } from '@og/shared/jobs/job-kinds';
import { JobEventsEmitter } from './job-events-emitter.js';
import type { FinalFailure, FinalFailureHooks, ProcessorFactories, ProcessorTools, WorkerDeps } from './processor.js';

const progressIntervalMs = 250;

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
  }

  private publish(event: JobEventName, row: JobRunRow | null): void {
    if (row) this.events.emit(event, presentJobRun(row), row.owner_id);
  }

  private async run(kind: JobKind, job: Job): Promise<unknown> {
    const { db, log } = this.deps;
    const id = job.id!;
    // Scheduled jobs (no API request made them) get their row here.
    await insertJobRun(db, { id, kind, ownerId: null, input: job.data });
    this.publish('job:progress', await markJobRunActive(db, id, job.attemptsMade + 1));

    const definition = jobKinds[kind];
    const input = definition.input.safeParse(job.data);
    if (!input.success) throw new UnrecoverableError(`Invalid job input: ${input.error.message}`);

    let lastReport = 0;
    let lastPhase: string | null = null;
    let pending: JobProgress | null = null;
    const flush = async (progress: JobProgress) => {
      lastReport = Date.now();
      lastPhase = progress.phase;
      pending = null;
      await job.updateProgress(progress);
      this.publish('job:progress', await updateJobRunProgress(db, id, progress));
    };
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const tools: ProcessorTools = {
      job,
      signal: this.shutdown.signal,
      log: log.child(kind),
      linksChanged: (a, b) => this.events.linksChanged(a, b),
      predictionSetChanged: (predictionSetId, strings) => this.events.predictionSetChanged(predictionSetId, strings),
      report: async (progress) => {
        // A new phase goes out at once (a throttled one could be overwritten and never seen).
        if (Date.now() - lastReport >= progressIntervalMs || progress.phase !== lastPhase) await flush(progress);
        else pending = progress;
      },
    };

    try {
      const processor = this.factories[kind](this.deps) as (input: unknown, tools: ProcessorTools) => Promise<unknown>;
      const result = definition.result.parse(await processor(input.data, tools));
      if (pending) await flush(pending);
      this.publish('job:completed', await finishJobRun(db, id, { state: 'completed', result }));
      return result;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // While the job is still this worker's: one that dies in the hook leaves the job to BullMQ's stalled check.
      if (error instanceof UnrecoverableError || lastAttempt) await this.failForGood(kind, id, input.data, { message, error });
      else this.publish('job:progress', await finishJobRun(db, id, { state: 'retrying', error: message }));
      throw error;
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
    this.publish('job:failed', await finishJobRun(this.deps.db, jobId, { state: 'failed', error: failure.message }));
  }

  async waitUntilReady(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.waitUntilReady()));
  }

  /**
   * Stops taking jobs and lets running ones finish; after `graceMs` it asks them to stop at
   * their next safe point (they fail this attempt and are retried elsewhere). Then closes Redis.
   */
  async close(graceMs = 20_000): Promise<void> {
    const timer = setTimeout(() => this.shutdown.abort(new Error('The worker shut down; the job will be retried.')), graceMs);
    await Promise.all(this.workers.map((worker) => worker.close()));
    clearTimeout(timer);
    this.deps.coders.close();
    this.connection.disconnect();
  }
}
