import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { withSchemeLock } from '../../api/src/schemes/scheme-lock.js';
import { redisUrl } from '../support/test-environment.js';

const redis = new Redis(redisUrl);
const schemes = { redis, redisPrefix: `og-lock-${crypto.randomBytes(4).toString('hex')}` };
const ttlMs = 300;

afterAll(async () => {
  const keys = await redis.keys(`${schemes.redisPrefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

/** Resolves once `promise` has settled, with what it gave. */
function settled<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  return promise.then(
    (value) => ({ status: 'fulfilled', value }) as const,
    (reason: unknown) => ({ status: 'rejected', reason }) as const,
  );
}

describe('the scheme lock (Redis, across processes)', () => {
  it('outlives its lifetime while the work runs: a long import keeps every edit out until it ends', async () => {
    let release!: () => void;
    const longWork = new Promise<void>((resolve) => (release = resolve));
    const holder = withSchemeLock(schemes, 'hisco', () => longWork, { ttlMs });
    // Well past three lifetimes of the lock, another edit still waits and then gives up with a 409.
    const contender = await settled(withSchemeLock(schemes, 'hisco', async () => 'edited', { ttlMs, waitMs: 4 * ttlMs }));
    expect(contender.status).toBe('rejected');
    expect((contender as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict', message: expect.stringContaining('being changed by another edit or import') });
    // Another scheme is not held up.
    expect(await withSchemeLock(schemes, 'isco08', async () => 'other scheme', { ttlMs })).toBe('other scheme');
    release();
    await holder;
    expect(await withSchemeLock(schemes, 'hisco', async () => 'edited', { ttlMs, waitMs: 100 })).toBe('edited');
    expect(await redis.exists(`${schemes.redisPrefix}:scheme-lock:hisco`)).toBe(0);
  });

  it('lets go within its lifetime of a holder that died, and never releases a lock it no longer holds', async () => {
    // A process that took the lock and died: its key stays until the lifetime runs out.
    await redis.set(`${schemes.redisPrefix}:scheme-lock:esco`, 'dead-process', 'PX', ttlMs);
    const started = Date.now();
    expect(await withSchemeLock(schemes, 'esco', async () => 'taken over', { ttlMs, waitMs: 5_000 })).toBe('taken over');
    expect(Date.now() - started).toBeGreaterThanOrEqual(ttlMs - 50);
    // Work that throws releases the lock too.
    await expect(withSchemeLock(schemes, 'esco', async () => Promise.reject(new Error('write failed')), { ttlMs })).rejects.toThrow('write failed');
    expect(await redis.exists(`${schemes.redisPrefix}:scheme-lock:esco`)).toBe(0);
  });
});
