import { Redis, type RedisOptions } from 'ioredis';

/**
 * How a producer waits for Redis: reconnecting every 100-500 ms, a command queued while it is
 * away fails after two failed reconnections (about a second), a connection attempt gives up after
 * 3 s (a host that does not answer at all), and no command waits longer than 5 s (one written
 * just as the connection dropped, which ioredis keeps to resend, not to fail). So with Redis down a
 * login or an anonymous read answers 503 within seconds instead of waiting for Redis to return.
 * The offline queue stays on, against BullMQ's advice for producers: without it a command sent
 * before the first connection is ready (at start-up, or just after a reconnect) fails at once,
 * while `maxRetriesPerRequest` already bounds how long a queued command waits.
 */
const producerOptions: RedisOptions = {
  maxRetriesPerRequest: 1,
  enableOfflineQueue: true,
  retryStrategy: (attempt) => Math.min(attempt * 100, 500),
  connectTimeout: 3_000,
  commandTimeout: 5_000,
  lazyConnect: false,
};

/**
 * Redis connections. Producers (the API's queues, rate limits, revisions, locks) fail fast when
 * Redis is away; blocking consumers (BullMQ workers, the socket adapter's subscriber) wait and
 * reconnect.
 */
export function createRedis(redisUrl: string, purpose: 'producer' | 'consumer'): Redis {
  const options: RedisOptions = purpose === 'consumer' ? { maxRetriesPerRequest: null, lazyConnect: false } : producerOptions;
  const redis = new Redis(redisUrl, options);
  redis.on('error', () => {
    // ioredis retries on its own; connection errors are reported by the readiness checks.
  });
  return redis;
}
