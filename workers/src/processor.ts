import type { Job } from 'bullmq';
import type { Config } from '@og/api/config/config';
import type { Database } from '@og/api/db/database';
import type { JobQueues } from '@og/api/jobs/job-queues';
import type { Logger } from '@og/api/lib/log';
import type { SchemeContext } from '@og/api/schemes/scheme-context';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { JobInput, JobKind, JobProgressOf, JobResult } from '@og/shared/jobs/job-kinds';
import type { LearnedCoders } from './builtin-coder/learned-coders.js';

/** What a processor may use: the stores, the config, a logger, the queues (a job may start others). */
export interface WorkerDeps {
  config: Config;
  db: Database;
  log: Logger;
  schemes: SchemeContext;
  jobs: JobQueues;
  /** What this process's built-in coder learned for the prediction runs whose chunks it takes. */
  coders: LearnedCoders;
}

/** What a processor of kind `K` gets besides its input. */
export interface ProcessorTools<K extends JobKind = JobKind> {
  /** Reports progress in one of the kind's phases (saved, shown live); calls closer than a quarter second apart are merged. */
  report: (progress: JobProgressOf<K>) => Promise<void>;
  /** Aborted when the worker shuts down: stop at the next safe point and throw. */
  signal: AbortSignal;
  job: Job;
  log: Logger;
  /** Tells everyone following a scheme pair's links that they changed (through Redis to every api process's sockets). */
  linksChanged(a: SchemeId, b: SchemeId): void;
  /** Tells everyone watching a prediction set that mappings of its entries changed (empty `strings`: many, read again). */
  predictionSetChanged(predictionSetId: string, strings: string[]): void;
}

export type JobProcessor<K extends JobKind> = (input: JobInput<K>, tools: ProcessorTools<K>) => Promise<JobResult<K>>;

export type ProcessorFactories = { [K in JobKind]: (deps: WorkerDeps) => JobProcessor<K> };

/** How a job failed for good, as its kind's final-failure hook hears it. */
export interface FinalFailure {
  /** What the job run records as its error. */
  message: string;
  /**
   * What the processor threw on its last attempt: an `UnrecoverableError` for a failure it
   * expected (a bad file; its message is for the job's owner), anything else a fault of the
   * server. Null when the job failed without its processor (its worker kept dying).
   */
  error: unknown;
}

/**
 * What to set right when a job of a kind fails for good: the host calls it for every final
 * failure, the processor's own last error and a job whose worker died once too often alike,
 * before the job run is marked failed.
 */
export type FinalFailureHooks = { [K in JobKind]?: (deps: WorkerDeps, input: JobInput<K>, failure: FinalFailure) => Promise<void> };
