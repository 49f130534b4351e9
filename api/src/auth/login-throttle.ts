import type { Redis } from 'ioredis';
import { AppError } from '@og/shared/errors/app-error';

/**
 * Counts failed logins per username and per client address in Redis, over a one-minute
 * window. Past the limit, further attempts answer 429 without checking the password.
 */
const windowSeconds = 60;

export class LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limit: number,
  ) {}

  private keys(username: string, address: string): string[] {
    return [`${this.prefix}:login-failures:user:${username.toLowerCase()}`, `${this.prefix}:login-failures:addr:${address}`];
  }

  async assertAllowed(username: string, address: string): Promise<void> {
    const keys = this.keys(username, address);
    const counts = await this.redis.mget(...keys);
    if (counts.some((count) => Number(count ?? 0) >= this.limit)) {
      const ttl = Math.max(...(await Promise.all(keys.map((key) => this.redis.ttl(key)))), 1);
      throw new AppError('rate_limited', 'Too many failed logins. Wait a minute and try again.', { retryAfterSeconds: ttl });
    }
  }

  async recordFailure(username: string, address: string): Promise<void> {
    const pipeline = this.redis.multi();
    for (const key of this.keys(username, address)) pipeline.incr(key).expire(key, windowSeconds, 'NX');
    await pipeline.exec();
  }

  async recordSuccess(username: string): Promise<void> {
    await this.redis.del(this.keys(username, '')[0]!);
  }
}
