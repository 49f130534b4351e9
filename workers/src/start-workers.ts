import type { AppContext } from '@og/api/context';
import { LearnedCoders } from './builtin-coder/learned-coders.js';
import type { WorkerDeps } from './processor.js';
import { finalFailureHooks, processorFactories } from './processor-map.js';
import { scheduleMaintenance } from './scheduled-jobs.js';
import { WorkerHost } from './worker-host.js';

/** Starts a worker for every job kind against this process's stores, and the maintenance schedule. */
export async function startWorkers(app: AppContext): Promise<WorkerHost> {
  const host = new WorkerHost(workerDeps(app), processorFactories, {
    concurrency: app.config.workerConcurrency,
    finalFailureHooks,
  });
  await host.waitUntilReady();
  await scheduleMaintenance(app.jobs);
  return host;
}

/** What this process's processors may use; a process keeps what its coder learned for at most two runs, two minutes idle. */
export function workerDeps(app: AppContext): WorkerDeps {
  return { config: app.config, db: app.db, log: app.log.child('workers'), schemes: app.schemes, jobs: app.jobs, coders: new LearnedCoders({ capacity: 2, idleMs: 120_000 }) };
}
