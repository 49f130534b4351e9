import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { AppError } from '@og/shared/errors/app-error';
import { serverUnavailableMessage } from '@og/shared/errors/spec-messages';
import { bullPrefix, type JobInput, type JobKind, jobIdFor, jobKindNames, jobKinds } from '@og/shared/jobs/job-kinds';
import type { Database } from '../db/database.js';
import { deleteJobRun, insertJobRun, type JobRunRow } from '../db/queries/job-runs.js';
import { isStoreOutage } from '../lib/store-outage.js';

/** One BullMQ queue per job kind; the queue name is the kind. */
export class JobQueues {
  readonly queues: ReadonlyMap<JobKind, Queue>;

  constructor(connection: Redis, redisPrefix: string) {
    this.queues = new Map(
      jobKindNames.map((kind) => [kind, new Queue(kind, { connection, prefix: bullPrefix(redisPrefix) })] as const),
    );
  }

  queue(kind: JobKind): Queue {
    return this.queues.get(kind)!;
  }

  /**
   * Validates the input, records a `job_runs` row and enqueues the job under a deterministic
   * id. A request repeated with the same key answers the job it already started.
   */
  async enqueue<K extends JobKind>(
    db: Database,
    kind: K,
    input: JobInput<K>,
    options: { ownerId: string | null; requestKey: string },
  ): Promise<JobRunRow> {
    const parsed = jobKinds[kind].input.safeParse(input);
    if (!parsed.success) throw new AppError('validation_failed', `Invalid input for job ${kind}`, parsed.error.issues);
    const id = jobIdFor(kind, options.requestKey);
    const { row, created } = await insertJobRun(db, { id, kind, ownerId: options.ownerId, input: parsed.data });
    if (!created) return row;
    try {
      await this.queue(kind).add(kind, parsed.data, {
        jobId: id,
        attempts: jobKinds[kind].attempts,
        backoff: { type: 'exponential', delay: 2_000 },
        removeOnComplete: { age: 24 * 3600, count: 1_000 },
        removeOnFail: { age: 7 * 24 * 3600 },
      });
    } catch (error) {
      await deleteJobRun(db, id);
      if (isStoreOutage(error)) throw new AppError('unavailable', serverUnavailableMessage);
      throw new AppError('service_unavailable', `Could not queue the job: ${(error as Error).message}`);
    }
    return row;
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}
