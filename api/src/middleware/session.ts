import { csrfCookieName, sessionCookieName } from '@og/shared/contracts/auth';
import { AppError } from '@og/shared/errors/app-error';
import { hashToken, newToken } from '../auth/session-tokens.js';
import type { AppContext } from '../context.js';
import { findLiveSession, touchSession } from '../db/queries/sessions.js';
import type { AppKoaContext, AppMiddleware } from '../koa-types.js';
import { isApiPath } from '../routes/api-paths.js';

/** A session's expiry slides forward on use, written at most once per this interval. */
const touchIntervalMs = 60 * 60 * 1000;

/**
 * Whether this answer's cookies carry `Secure` (config.cookieSecure). Forced on, the request is
 * taken as HTTPS whatever it says (Koa refuses a secure cookie on a request it thinks is plain).
 */
function secureCookies(ctx: AppKoaContext, app: AppContext): boolean {
  const setting = app.config.cookieSecure;
  if (setting === 'auto') return ctx.secure;
  if (setting) ctx.cookies.secure = true;
  return setting;
}

export function setSessionCookie(ctx: AppKoaContext, app: AppContext, token: string | null, expires?: Date): void {
  ctx.cookies.set(sessionCookieName, token, { httpOnly: true, sameSite: 'lax', secure: secureCookies(ctx, app), path: '/', overwrite: true, ...(expires ? { expires } : {}) });
}

export function setCsrfCookie(ctx: AppKoaContext, app: AppContext, token: string): void {
  ctx.cookies.set(csrfCookieName, token, { httpOnly: false, sameSite: 'strict', secure: secureCookies(ctx, app), path: '/', overwrite: true });
}

/** Loads the session named by the session cookie (if live) into `ctx.state.session`. */
export function loadSession(app: AppContext): AppMiddleware {
  return async (ctx, next) => {
    const token = ctx.cookies.get(sessionCookieName);
    if (token && token.length <= 100) {
      const tokenHash = hashToken(token);
      const session = await findLiveSession(app.db, tokenHash);
      if (session) {
        ctx.state.session = session;
        if (Date.now() - session.last_seen_at.getTime() > touchIntervalMs) {
          const expiresAt = new Date(Date.now() + app.config.sessionTtlMs);
          await touchSession(app.db, tokenHash, expiresAt);
          setSessionCookie(ctx, app, token, expiresAt);
        }
      }
    }
    await next();
  };
}

/**
 * Gives every API client a CSRF cookie: the session's token when logged in, otherwise a
 * random one (used for the login request itself, double-submit style).
 */
export function issueCsrfCookie(app: AppContext): AppMiddleware {
  return async (ctx, next) => {
    if (isApiPath(ctx.path)) {
      const expected = ctx.state.session?.csrf_token;
      const current = ctx.cookies.get(csrfCookieName);
      if (expected ? current !== expected : !current) setCsrfCookie(ctx, app, expected ?? newToken());
    }
    await next();
  };
}

export function requireUser(): AppMiddleware {
  return async (ctx, next) => {
    if (!ctx.state.session) throw new AppError('unauthenticated', 'You need to log in.');
    await next();
  };
}

export function requireAdmin(): AppMiddleware {
  return async (ctx, next) => {
    if (!ctx.state.session) throw new AppError('unauthenticated', 'You need to log in.');
    if (ctx.state.session.user.role !== 'admin') throw new AppError('forbidden', 'Only administrators may do this.');
    await next();
  };
}
