import { closeAppContext } from './context.js';
import { runProcess } from './lib/process-lifecycle.js';
import { startApiServer } from './server.js';
import { bootAppContext } from './startup.js';

/** The api process on its own (workers run elsewhere: `npm run workers`). */
runProcess(async () => {
  const app = await bootAppContext({ ensureAdmin: true });
  const server = await startApiServer(app);
  app.log.info(`api listening on ${server.url}`);
  return {
    log: app.log,
    async stop() {
      await server.close();
      await closeAppContext(app);
    },
  };
});
