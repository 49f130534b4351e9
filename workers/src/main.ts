import { closeAppContext } from '@og/api/context';
import { runProcess } from '@og/api/lib/process-lifecycle';
import { bootAppContext } from '@og/api/startup';
import { startWorkers } from './start-workers.js';

/** The workers process on its own (`npm run workers`); any number of them may run. */
runProcess(async () => {
  const app = await bootAppContext({ ensureAdmin: false });
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
