import type { Redis } from 'ioredis';
import type { Config } from './config/config.js';
import { createDatabase, type Database } from './db/database.js';
import { JobQueues } from './jobs/job-queues.js';
import { createLogger, type Logger } from './lib/log.js';
import { createRedis } from './lib/redis.js';

/** What every route and command needs, made once per process and passed down explicitly. */
export interface AppContext {
  config: Config;
  log: Logger;
  db: Database;
  /** A producer connection: queues, rate limits. */
  redis: Redis;
  jobs: JobQueues;
  /** Set once the Socket.IO server is attached (the api process only). */
  realtime?: { disconnectSession(tokenHash: string): void };
}

export function createAppContext(config: Config): AppContext {
  const redis = createRedis(config.redisUrl, 'producer');
  return {
    config,
    log: createLogger(config.logLevel),
    db: createDatabase(config.databaseUrl),
    redis,
    jobs: new JobQueues(redis, config.redisPrefix),
  };
}

export async function closeAppContext(context: AppContext): Promise<void> {
  await context.jobs.close();
  context.redis.disconnect();
  await context.db.end();
}
