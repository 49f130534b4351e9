import type { Redis } from 'ioredis';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { Config } from './config/config.js';
import { createDatabase, type Database } from './db/database.js';
import { JobQueues } from './jobs/job-queues.js';
import { createLogger, type Logger } from './lib/log.js';
import { createRedis } from './lib/redis.js';
import { createSchemeContext, type SchemeContext } from './schemes/scheme-context.js';
import type { TripleStore } from './sparql/triple-store.js';

/** What every route and use case needs, made once per process and passed down explicitly. */
export interface AppContext {
  config: Config;
  log: Logger;
  db: Database;
  /** A producer connection: queues, rate limits. */
  redis: Redis;
  jobs: JobQueues;
  store: TripleStore;
  schemes: SchemeContext;
  /** Set once the Socket.IO server is attached (the api process only). */
  realtime?: {
    disconnectSession(tokenHash: string): void;
    /** Takes a user's sockets out of a job's room: they may no longer follow it (a collaborator removed). */
    leaveJobRoom(userId: string, jobId: string): void;
    /** Takes a user's sockets out of a prediction set's room (their access to it ended). */
    leavePredictionSetRoom(userId: string, predictionSetId: string): void;
    /** Tells everyone following a scheme pair's links that they changed. */
    linksChanged(a: SchemeId, b: SchemeId): void;
    /** Tells everyone watching a prediction set that some of its entries' mappings changed. */
    predictionSetChanged(predictionSetId: string, strings: string[]): void;
  };
}

export function createAppContext(config: Config, store: TripleStore, log: Logger = createLogger(config.logLevel)): AppContext {
  const redis = createRedis(config.redisUrl, 'producer');
  const db = createDatabase(config.databaseUrl);
  // Edits settled after their request (./schemes/recorded-edit.ts) tell followers through the sockets, once attached.
  const announce = { linksChanged: (a: SchemeId, b: SchemeId) => context.realtime?.linksChanged(a, b) };
  const context: AppContext = {
    config,
    log,
    db,
    redis,
    jobs: new JobQueues(redis, config.redisPrefix),
    store,
    schemes: createSchemeContext({ store, db, redis, redisPrefix: config.redisPrefix, baseIri: config.baseIri, announce }),
  };
  return context;
}

export async function closeAppContext(context: AppContext): Promise<void> {
  await context.jobs.close();
  await context.store.close();
  context.redis.disconnect();
  await context.db.end();
}
