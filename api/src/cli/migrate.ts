import { loadConfig } from '../config/config.js';
import { createDatabase } from '../db/database.js';
import { createLogger } from '../lib/log.js';
import { checkPostgres } from '../lib/service-checks.js';
import { prepareDatabase } from '../startup.js';

/** `npm run migrate`: creates the database if needed and applies pending migrations. */
async function main(): Promise<void> {
  const config = loadConfig();
  await checkPostgres(config.databaseUrl);
  const db = createDatabase(config.databaseUrl, 1);
  try {
    await prepareDatabase(config, db, createLogger(config.logLevel, 'migrate'));
    console.log('Database is up to date.');
  } finally {
    await db.end();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
