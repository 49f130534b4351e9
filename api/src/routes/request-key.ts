import crypto from 'node:crypto';
import { idempotencyHeaderName } from '@og/shared/contracts/jobs';
import { AppError } from '@og/shared/errors/app-error';
import type { AppKoaContext } from '../koa-types.js';

/**
 * The key that names a job started by this request: the client's `Idempotency-Key` (so a
 * retried request joins the same job), scoped to the caller, or a fresh one.
 */
export function requestKeyOf(ctx: AppKoaContext): string {
  const header = ctx.get(idempotencyHeaderName);
  if (!header) return crypto.randomUUID();
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(header)) {
    throw new AppError('bad_request', 'Idempotency-Key must be 1 to 100 letters, digits, dashes or underscores.');
  }
  const owner = ctx.state.session?.user.id ?? 'anonymous';
  return crypto.createHash('sha256').update(`${owner}\n${header}`).digest('base64url').slice(0, 32);
}
