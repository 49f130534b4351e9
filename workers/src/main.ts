import { loadConfig } from '@og/api/config/config';
import { closeAppContext, createAppContext } from '@og/api/context';
import { runProcess } from '@og/api/lib/process-lifecycle';
import { checkServices, prepareDatabase } from '@og/api/startup';
import { startWorkers } from './start-workers.js';

/** The workers process on its own (`npm run workers`); any number of them may run. */
runProcess(async () => {
  const config = loadConfig();
  await checkServices(config);
  const app = createAppContext(config);
  await prepareDatabase(config, app.db, app.log);
  const host = await startWorkers(app);
  app.log.info('workers ready');
  return {
    log: app.log,
    async stop() {
      await host.close();
      await closeAppContext(app);
    },
  };
});
