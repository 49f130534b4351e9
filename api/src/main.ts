import { loadConfig } from './config/config.js';
import { closeAppContext, createAppContext } from './context.js';
import { runProcess } from './lib/process-lifecycle.js';
import { startApiServer } from './server.js';
import { checkServices, ensureFirstAdmin, prepareDatabase } from './startup.js';

/** The api process on its own (workers run elsewhere: `npm run workers`). */
runProcess(async () => {
  const config = loadConfig();
  await checkServices(config);
  const app = createAppContext(config);
  await prepareDatabase(config, app.db, app.log);
  await ensureFirstAdmin(config, app.db, app.log, (line) => console.log(line));
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
