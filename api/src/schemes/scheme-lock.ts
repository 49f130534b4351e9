import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { AppError } from '@og/shared/errors/app-error';
import type { SchemeId } from '@og/shared/domain/schemes';

const lockTtlMs = 120_000;
const waitMs = 15_000;

/**
 * Runs one write to a scheme at a time, across every process (a Redis lock with an expiry),
 * so that a check and the write it guards (version, children, links) cannot interleave with
 * another edit or an import.
 */
export async function withSchemeLock<T>(redis: Redis, prefix: string, scheme: SchemeId, work: () => Promise<T>): Promise<T> {
  const key = `${prefix}:scheme-lock:${scheme}`;
  const token = crypto.randomUUID();
  const deadline = Date.now() + waitMs;
  while ((await redis.set(key, token, 'PX', lockTtlMs, 'NX')) !== 'OK') {
    if (Date.now() > deadline) throw new AppError('conflict', `The scheme ${scheme} is being changed by another edit or import; try again in a moment.`);
    await new Promise((resolve) => setTimeout(resolve, 25 + Math.random() * 50));
  }
  try {
    return await work();
  } finally {
    // Release only our own lock.
    await redis.eval("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end", 1, key, token);
  }
}
