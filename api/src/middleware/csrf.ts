import { csrfCookieName, csrfHeaderName } from '@og/shared/contracts/auth';
import { AppError } from '@og/shared/errors/app-error';
import { tokensEqual } from '../auth/session-tokens.js';
import type { AppMiddleware } from '../koa-types.js';
import { queueDashboardPath } from '../routes/admin/queue-dashboard.js';

/** The queue dashboard's paths, in any letter case (the check must cover every spelling that could reach it). */
function isQueueDashboardPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === queueDashboardPath || lower.startsWith(`${queueDashboardPath}/`);
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence on every state-changing request:
 * - an `Origin` header, when the browser sends one, must be this server's own origin;
 * - the `x-csrf-token` header must equal the CSRF cookie and, when logged in, the token bound
 *   to the session (a cross-site page can neither read the cookie nor set the header without a
 *   CORS preflight this server never grants). That holds for every path but the queue
 *   dashboard's, whatever its spelling: a path no router knows still needs the token, so a
 *   spelling the router matches and this guard did not (`/API/…`) cannot skip it.
 * The queue dashboard (bull-board: pages not ours to change, which send no token) is covered
 * by the Origin or Referer check and the SameSite session cookie.
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
    if (!isQueueDashboardPath(ctx.path)) {
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
