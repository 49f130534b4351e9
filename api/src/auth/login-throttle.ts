import type { Redis } from 'ioredis';
import { AppError } from '@og/shared/errors/app-error';

const windowMs = 60_000;

/**
 * Takes one attempt for every key, in one step: if any key has reached the limit, nothing is
 * counted and the answer is how long until it clears (a negative number of ms); otherwise each
 * count goes up (its minute starting with its first attempt) and the answer is 0.
 */
const takeAttemptScript = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('get', key) or '0') >= tonumber(ARGV[1]) then
    return -math.max(redis.call('pttl', key), 1)
  end
end
for _, key in ipairs(KEYS) do
  redis.call('incr', key)
  redis.call('pexpire', key, ARGV[2], 'NX')
end
return 0`;

/** A login that succeeded gives back its attempt: the user's count goes, the address's goes down by one. */
const returnAttemptScript = `
redis.call('del', KEYS[1])
if tonumber(redis.call('get', KEYS[2]) or '0') > 0 then redis.call('decr', KEYS[2]) end
return 0`;

/**
 * Limits login attempts per username and per client address over a one-minute window. Every
 * attempt is counted, atomically, before its password is checked, and given back when it
 * succeeds: so however many arrive at once, at most `limit` failing passwords a minute are ever
 * checked for one user or one address; past that the answer is 429 without a check.
 */
export class LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limit: number,
  ) {}

  private keys(username: string, address: string): [string, string] {
    return [`${this.prefix}:login-failures:user:${username.toLowerCase()}`, `${this.prefix}:login-failures:addr:${address}`];
  }

  /** Counts this attempt, or throws 429 when the user or the address has no attempts left this minute. */
  async takeAttempt(username: string, address: string): Promise<void> {
    const answer = Number(await this.redis.eval(takeAttemptScript, 2, ...this.keys(username, address), String(this.limit), String(windowMs)));
    if (answer < 0) {
      throw new AppError('rate_limited', 'Too many failed logins. Wait a minute and try again.', { retryAfterSeconds: Math.ceil(-answer / 1000) });
    }
  }

  /** The attempt succeeded: it does not count as a failure. */
  async returnAttempt(username: string, address: string): Promise<void> {
    await this.redis.eval(returnAttemptScript, 2, ...this.keys(username, address));
  }
}
