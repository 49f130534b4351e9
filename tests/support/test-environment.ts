import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { Redis } from 'ioredis';
import { loadConfig, type Config } from '../../api/src/config/config.js';
import { closeAppContext, createAppContext, type AppContext } from '../../api/src/context.js';
import { createLogger } from '../../api/src/lib/log.js';
import { openStore } from '../../api/src/sparql/open-store.js';
import { createUser } from '../../api/src/auth/create-user.js';
import { startApiServer, type RunningApiServer } from '../../api/src/server.js';
import { prepareDatabase } from '../../api/src/startup.js';
import { startWorkers } from '../../workers/src/start-workers.js';
import type { WorkerHost } from '../../workers/src/worker-host.js';
import type { Role } from '../../shared/src/contracts/auth.js';
import { HttpClient } from './http-client.js';

/**
 * A whole app for one test file, against the real local services: a fresh Postgres database,
 * its own Redis key prefix, the Koa server on a free port and (optionally) real BullMQ workers.
 */
export interface TestEnvironment {
  config: Config;
  app: AppContext;
  server: RunningApiServer;
  workers: WorkerHost | null;
  url: string;
  addUser(username: string, role: Role, password?: string): Promise<{ id: string; username: string; password: string }>;
  /** A new user of this role, logged in: an HTTP client with its session, and the user. */
  signIn(username: string, role: Role): Promise<{ client: HttpClient; user: { id: string; username: string; password: string } }>;
  close(): Promise<void>;
}

/**
 * The environment of a child process (a CLI, `node workers/dist/main.js`) that should work
 * against this test environment's database, Redis prefix and DATA_DIR (unless given another).
 */
export function childProcessEnv(env: Pick<TestEnvironment, 'config'>, overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: env.config.databaseUrl,
    REDIS_URL: env.config.redisUrl,
    REDIS_PREFIX: env.config.redisPrefix,
    DATA_DIR: env.config.dataDir,
    ...overrides,
  };
}

export const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function dropDatabase(name: string, serverUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

async function deleteRedisKeys(prefix: string, serverUrl: string): Promise<void> {
  const redis = new Redis(serverUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export async function startTestEnvironment(
  options: {
    workers?: boolean;
    env?: Record<string, string>;
    /** Servers of the test's own (tests/support/private-services.ts) instead of the shared ones. */
    services?: { postgresUrl: string; redisUrl: string };
  } = {},
): Promise<TestEnvironment> {
  const servers = options.services ?? { postgresUrl, redisUrl };
  const id = crypto.randomBytes(5).toString('hex');
  const databaseName = `og_test_${id}`;
  const databaseUrl = new URL(servers.postgresUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: servers.redisUrl,
    REDIS_PREFIX: `ogtest-${id}`,
    DATA_DIR: `/tmp/og-test-${id}`,
    LOG_LEVEL: 'warn',
    ...options.env,
  });
  const log = createLogger(config.logLevel);
  const app = createAppContext(config, await openStore(config, log), log);
  await prepareDatabase(config, app.db, app.log);
  const workers = options.workers ? await startWorkers(app) : null;
  const server = await startApiServer(app, 0);
  const url = server.url.replace('localhost', '127.0.0.1');
  const addUser: TestEnvironment['addUser'] = async (username, role, password = `pw-${crypto.randomBytes(8).toString('hex')}`) => {
    const user = await createUser(app.db, { username, role, password });
    return { id: user.id, username, password };
  };
  return {
    config,
    app,
    server,
    workers,
    url,
    addUser,
    async signIn(username, role) {
      const user = await addUser(username, role);
      const client = new HttpClient(url);
      const login = await client.login(username, user.password);
      if (login.status !== 200) throw new Error(`Logging in ${username} answered ${login.status}: ${await login.text()}`);
      return { client, user };
    },
    async close() {
      await server.close();
      await workers?.close(1_000);
      await closeAppContext(app);
      await dropDatabase(databaseName, servers.postgresUrl);
      await fs.promises.rm(config.dataDir, { recursive: true, force: true });
      await deleteRedisKeys(config.redisPrefix, servers.redisUrl);
    },
  };
}
