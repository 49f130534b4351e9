import type { AppContext } from '@og/api/context';
import { finalFailureHooks, processorFactories } from './processor-map.js';
import { scheduleMaintenance } from './scheduled-jobs.js';
import { WorkerHost } from './worker-host.js';

/** Starts a worker for every job kind against this process's stores, and the maintenance schedule. */
export async function startWorkers(app: AppContext): Promise<WorkerHost> {
  const host = new WorkerHost({ config: app.config, db: app.db, log: app.log.child('workers'), schemes: app.schemes }, processorFactories, {
    concurrency: app.config.workerConcurrency,
    finalFailureHooks,
  });
  await host.waitUntilReady();
  await scheduleMaintenance(app.jobs);
  return host;
}
