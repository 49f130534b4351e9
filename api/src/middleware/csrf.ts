import { csrfCookieName, csrfHeaderName } from '@og/shared/contracts/auth';
import { AppError } from '@og/shared/errors/app-error';
import { tokensEqual } from '../auth/session-tokens.js';
import type { AppMiddleware } from '../koa-types.js';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence on every state-changing request:
 * - an `Origin` header, when the browser sends one, must be this server's own origin;
 * - under /api the `x-csrf-token` header must equal the CSRF cookie and, when logged in,
 *   the token bound to the session (a cross-site page can neither read the cookie nor set
 *   the header without a CORS preflight this server never grants).
 * Pages that are not ours to change (bull-board) are covered by the Origin check and the
 * SameSite session cookie.
 */
export function csrfGuard(): AppMiddleware {
  return async (ctx, next) => {
    if (safeMethods.has(ctx.method)) return next();
    // Koa 3's ctx.origin echoes the Origin header, so build our own origin from protocol and host.
    const ownOrigin = `${ctx.protocol}://${ctx.host}`;
    const origin = ctx.get('origin');
    if (origin && origin !== ownOrigin) {
      throw new AppError('csrf_rejected', 'Cross-site request refused.');
    }
    if (ctx.path.startsWith('/api')) {
      const header = ctx.get(csrfHeaderName);
      const cookie = ctx.cookies.get(csrfCookieName) ?? '';
      const bound = ctx.state.session?.csrf_token;
      const valid = header.length > 0 && tokensEqual(header, cookie) && (!bound || tokensEqual(header, bound));
      if (!valid) throw new AppError('csrf_rejected', 'Missing or invalid CSRF token: reload the page and try again.');
    } else if (!origin && ctx.state.session) {
      // Non-API state changes (bull-board actions) must come from a page that says where it is.
      const referer = ctx.get('referer');
      if (!referer || !referer.startsWith(`${ownOrigin}/`)) throw new AppError('csrf_rejected', 'Cross-site request refused.');
    }
    return next();
  };
}
