import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { AppError } from '@og/shared/errors/app-error';
import type { SchemeId } from '@og/shared/domain/schemes';

export interface SchemeLockOptions {
  /** How long the lock lasts without renewal: a holder that died frees it this long after. */
  ttlMs?: number;
  /** How long to wait for another holder before answering 409. */
  waitMs?: number;
}

const defaultTtlMs = 30_000;
const defaultWaitMs = 15_000;

/** Sets the expiry again, or deletes, only while the lock still holds our token. */
const renewScript = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
const releaseScript = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * Runs one write to a scheme at a time, across every process (a Redis lock with an expiry),
 * so that a check and the write it guards (version, children, links) cannot interleave with
 * another edit or an import. The lock is renewed every third of its lifetime while the work
 * runs, so a long import keeps it however long it takes; a process that dies lets it go
 * within `ttlMs`.
 */
export async function withSchemeLock<T>(
  schemes: { redis: Redis; redisPrefix: string },
  scheme: SchemeId,
  work: () => Promise<T>,
  options: SchemeLockOptions = {},
): Promise<T> {
  const { redis } = schemes;
  const ttlMs = options.ttlMs ?? defaultTtlMs;
  const key = `${schemes.redisPrefix}:scheme-lock:${scheme}`;
  const token = crypto.randomUUID();
  const deadline = Date.now() + (options.waitMs ?? defaultWaitMs);
  while ((await redis.set(key, token, 'PX', ttlMs, 'NX')) !== 'OK') {
    if (Date.now() > deadline) throw new AppError('conflict', `The scheme ${scheme} is being changed by another edit or import; try again in a moment.`);
    await new Promise((resolve) => setTimeout(resolve, 25 + Math.random() * 50));
  }
  const renewal = setInterval(() => {
    redis.eval(renewScript, 1, key, token, String(ttlMs)).catch(() => {
      // Redis away for a moment: the next renewal tries again before the lock runs out.
    });
  }, Math.max(10, Math.floor(ttlMs / 3)));
  try {
    return await work();
  } finally {
    clearInterval(renewal);
    // With Redis away the lock lapses on its own within `ttlMs`; the work's own outcome is what the caller hears.
    await redis.eval(releaseScript, 1, key, token).catch(() => undefined);
  }
}

/** Runs `work` under the locks of several schemes, taken in name order so that two holders never wait on each other. */
export async function withSchemeLocks<T>(
  schemes: { redis: Redis; redisPrefix: string },
  schemeIds: SchemeId[],
  work: () => Promise<T>,
  options: SchemeLockOptions = {},
): Promise<T> {
  const [first, ...rest] = [...new Set(schemeIds)].sort();
  if (first === undefined) return work();
  return withSchemeLock(schemes, first, () => withSchemeLocks(schemes, rest, work, options), options);
}
