import { Redis, type RedisOptions } from 'ioredis';

/**
 * Redis connections. Producers (the API's queues, rate limits) fail fast when Redis is away;
 * blocking consumers (BullMQ workers, the socket adapter's subscriber) wait and reconnect.
 */
export function createRedis(redisUrl: string, purpose: 'producer' | 'consumer'): Redis {
  const options: RedisOptions =
    purpose === 'consumer'
      ? { maxRetriesPerRequest: null, lazyConnect: false }
      : { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false };
  const redis = new Redis(redisUrl, options);
  redis.on('error', () => {
    // ioredis retries on its own; connection errors are reported by the readiness checks.
  });
  return redis;
}
