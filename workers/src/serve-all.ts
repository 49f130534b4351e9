import { closeAppContext } from '@og/api/context';
import { runProcess } from '@og/api/lib/process-lifecycle';
import { startApiServer } from '@og/api/server';
import { bootAppContext } from '@og/api/startup';
import { startWorkers } from './start-workers.js';

/**
 * `npm start`: the api, the web app and (unless WORKERS_IN_PROCESS=false) the workers in one
 * Node process, against the embedded defaults.
 */
runProcess(async () => {
  const app = await bootAppContext({ ensureAdmin: true });
  const host = app.config.workersInProcess ? await startWorkers(app) : null;
  const server = await startApiServer(app);
  console.log(`The Occupation Graph is running at ${server.url} (${host ? 'api, web app and workers' : 'api and web app'})`);
  return {
    log: app.log,
    async stop() {
      await server.close();
      await host?.close();
      await closeAppContext(app);
    },
  };
});
