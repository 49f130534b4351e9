import type { Redis } from 'ioredis';
import type { SchemeId } from '@og/shared/domain/schemes';

/**
 * A revision number per scheme, kept in Redis so that every api and worker process agrees:
 * every write to a scheme (or to links touching it) bumps it, and cached trees and ETags are
 * keyed by it. A missing key starts from the current time, so revisions never repeat after
 * Redis lost its data.
 */
export class SchemeRevisions {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(scheme: SchemeId): string {
    return `${this.prefix}:scheme-revision:${scheme}`;
  }

  async current(scheme: SchemeId): Promise<string> {
    const value = await this.redis.get(this.key(scheme));
    if (value !== null) return value;
    await this.redis.set(this.key(scheme), String(Date.now()), 'NX');
    return (await this.redis.get(this.key(scheme)))!;
  }

  async bump(...schemeIds: SchemeId[]): Promise<void> {
    for (const scheme of schemeIds) {
      await this.current(scheme);
      await this.redis.incr(this.key(scheme));
    }
  }
}
