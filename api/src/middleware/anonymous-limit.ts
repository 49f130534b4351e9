import { AppError } from '@og/shared/errors/app-error';
import type { AppContext } from '../context.js';
import type { AppMiddleware } from '../koa-types.js';

const windowMs = 60_000;

/**
 * Counts one request against a key's minute (the minute starting with its first request) and
 * answers the count and the ms until the minute ends, in one step.
 */
const countRequestScript = `
local count = redis.call('incr', KEYS[1])
redis.call('pexpire', KEYS[1], ARGV[1], 'NX')
return { count, redis.call('pttl', KEYS[1]) }`;

/** The client a limit counts for: an IPv4 address, or an IPv6 address's /64 (one household or host gets a whole /64). */
export function clientKey(ip: string): string {
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::');
  const groups = [...head.split(':').filter(Boolean), ...Array(8).fill('0')].slice(0, 8);
  if (tail && head.split(':').filter(Boolean).length < 4) {
    const tailGroups = tail.split(':').filter(Boolean);
    groups.splice(8 - tailGroups.length, tailGroups.length, ...tailGroups);
  }
  return `${groups.slice(0, 4).map((group) => group.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** What a limit counts: public reads, or translations (heavier: each walks a link graph). */
export type AnonymousBucket = 'reads' | 'translations';

/**
 * Limits what callers who are not logged in may ask of the public API (Explore, the
 * landing and Learn are open to everyone), per client address per minute: past the limit the
 * answer is 429 `rate_limited` with `Retry-After`. Logged-in callers are not counted here.
 */
export function anonymousLimit(app: AppContext, bucket: AnonymousBucket): AppMiddleware {
  const limit = app.config.anonymousLimits[bucket];
  return async (ctx, next) => {
    if (ctx.state.session) return next();
    const key = `${app.config.redisPrefix}:anonymous:${bucket}:${clientKey(ctx.ip)}`;
    const [count, ttl] = (await app.redis.eval(countRequestScript, 1, key, String(windowMs))) as [number, number];
    ctx.set('RateLimit-Limit', String(limit));
    ctx.set('RateLimit-Remaining', String(Math.max(0, limit - count)));
    if (count > limit) {
      const retryAfterSeconds = Math.max(1, Math.ceil(ttl / 1000));
      ctx.set('Retry-After', String(retryAfterSeconds));
      throw new AppError('rate_limited', `Too many requests from this address. Try again in ${retryAfterSeconds} s, or log in.`, { retryAfterSeconds });
    }
    await next();
  };
}
