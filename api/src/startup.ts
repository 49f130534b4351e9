import { type Config, loadConfig } from './config/config.js';
import { type AppContext, createAppContext } from './context.js';
import { createUser, ensureAdmin } from './auth/create-user.js';
import { generatePassword } from './auth/password.js';
import type { Database } from './db/database.js';
import { ensureDatabaseExists } from './db/database.js';
import { migrate } from './db/migrate.js';
import { countUsers } from './db/queries/users.js';
import { createLogger, type Logger } from './lib/log.js';
import { openStore } from './sparql/open-store.js';
import { removeStrayUploads } from './jobs/remove-stray-uploads.js';
import { seedCrosswalks } from './links/seed-crosswalks.js';
import { seedSchemes } from './schemes/seed-schemes.js';
import { checkHttpService, checkPostgres, checkRedis } from './lib/service-checks.js';

/** Reaches every service the app needs, or throws a ServiceUnavailableError with one clear line. */
export async function checkServices(config: Config): Promise<void> {
  await checkPostgres(config.databaseUrl);
  await checkRedis(config.redisUrl);
  if (config.sparql) {
    await checkHttpService('The SPARQL store', config.sparql.queryUrl, 'Start it (for example Fuseki: infra/compose.yaml), or unset SPARQL_QUERY_URL and SPARQL_UPDATE_URL to use the embedded store.');
  }
}

/** Creates the database if missing and applies pending migrations. */
export async function prepareDatabase(config: Config, db: Database, log: Logger): Promise<void> {
  if (await ensureDatabaseExists(config.databaseUrl)) log.info('created the database', { url: redactUrl(config.databaseUrl) });
  const applied = await migrate(db);
  if (applied.length) log.info('applied migrations', { versions: applied });
}

/**
 * Makes sure someone can log in: the admin named by OG_ADMIN_USER/OG_ADMIN_PASSWORD, or on a
 * first start with no users at all, an `admin` with a generated password printed once.
 */
export async function ensureFirstAdmin(config: Config, db: Database, log: Logger, print: (line: string) => void): Promise<void> {
  if (config.admin) {
    const outcome = await ensureAdmin(db, config.admin);
    if (outcome !== 'unchanged') log.info(`administrator ${outcome}`, { username: config.admin.username });
    return;
  }
  if ((await countUsers(db)) > 0) return;
  const password = generatePassword();
  await createUser(db, { username: 'admin', name: 'Administrator', role: 'admin', password });
  print('');
  print('  First start: created the administrator account.');
  print(`    username: admin`);
  print(`    password: ${password}`);
  print('  This password is shown only this once. Add more users with `npm run user:add`.');
  print('');
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/**
 * What every process does first: read the config, reach the services, make the context, bring
 * the database up to date, and (for processes that serve people) make sure someone can log in.
 */
export async function bootAppContext(options: { ensureAdmin: boolean }): Promise<AppContext> {
  const config = loadConfig();
  await checkServices(config);
  const log = createLogger(config.logLevel);
  const store = await openStore(config, log);
  const app = createAppContext(config, store, log);
  await prepareDatabase(config, app.db, app.log);
  const strayUploads = await removeStrayUploads(config, app.db);
  if (strayUploads) app.log.info('removed upload files no job refers to', { files: strayUploads });
  if (options.ensureAdmin) {
    await ensureFirstAdmin(config, app.db, app.log, (line) => console.log(line));
    await seedSchemes(app);
    await seedCrosswalks(app);
  }
  return app;
}
