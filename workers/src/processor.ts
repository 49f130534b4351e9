import type { Job } from 'bullmq';
import type { Config } from '@og/api/config/config';
import type { Database } from '@og/api/db/database';
import type { Logger } from '@og/api/lib/log';
import type { SchemeContext } from '@og/api/schemes/scheme-context';
import type { JobInput, JobKind, JobProgress, JobResult } from '@og/shared/jobs/job-kinds';

/** What a processor may use: the stores, the config, a logger. */
export interface WorkerDeps {
  config: Config;
  db: Database;
  log: Logger;
  schemes: SchemeContext;
}

export interface ProcessorTools {
  /** Reports progress (saved, shown live); calls closer than a quarter second apart are merged. */
  report(progress: JobProgress): Promise<void>;
  /** Aborted when the worker shuts down: stop at the next safe point and throw. */
  signal: AbortSignal;
  /** Whether this is the job's last attempt: an error now fails it for good. */
  lastAttempt: boolean;
  job: Job;
  log: Logger;
}

export type JobProcessor<K extends JobKind> = (input: JobInput<K>, tools: ProcessorTools) => Promise<JobResult<K>>;

export type ProcessorFactories = { [K in JobKind]: (deps: WorkerDeps) => JobProcessor<K> };

/**
 * What to set right when a job of a kind fails for good outside its processor (its worker died
 * once too often, so the processor's own error handling never ran).
 */
export type FinalFailureHooks = { [K in JobKind]?: (deps: WorkerDeps, input: JobInput<K>, message: string) => Promise<void> };
