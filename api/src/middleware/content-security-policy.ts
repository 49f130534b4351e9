import type { AppMiddleware } from '../koa-types.js';
import { queueDashboardPath } from '../routes/admin/queue-dashboard.js';
import { isApiPath } from '../routes/api-paths.js';

/** The directives every policy here shares: no plugins, no <base> elsewhere, no framing by any page. */
const common = ["object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"];

/**
 * The web app's pages (web/dist): scripts only from the app's own files (the build writes no
 * inline script), styles from its files and inline (Mantine writes `<style>` elements for its
 * CSS variables and responsive style props), images from the app, `data:` URLs and https
 * addresses (a partner's logo may be one: SITE_DIR/partners.json), and connections to the app
 * alone, its Socket.IO WebSocket included (`'self'` covers ws/wss of the page's own host in
 * CSP 3; the host's ws:/wss: addresses are named too for browsers before it).
 */
export function webAppPolicy(host: string | null): string {
  const sockets = host ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    `connect-src 'self'${sockets}`,
    ...common,
  ].join('; ');
}

/**
 * bull-board's own UI at /admin/queues: its scripts are files, but its page has inline styles and
 * loads its fonts from Google Fonts.
 */
export const queueDashboardPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
  "font-src 'self' https://fonts.gstatic.com",
  "img-src 'self' data:",
  "connect-src 'self'",
  ...common,
].join('; ');

/** API answers are data, never a page: nothing in them may load or run anything. */
export const apiPolicy = "default-src 'none'; frame-ancestors 'none'";

/** A Host header fit to name in the policy: a name or an IP address, and a port. Anything else is left out. */
const plainHost = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * Sets the Content-Security-Policy of every answer by what it is: an API answer, bull-board's
 * page, or the web app (any other path, the SPA fallback's deep links included). A route that
 * serves files of its own (/site/) sets a stricter one over it.
 */
export function contentSecurityPolicy(): AppMiddleware {
  return async (ctx, next) => {
    if (isApiPath(ctx.path)) ctx.set('Content-Security-Policy', apiPolicy);
    else if (ctx.path === queueDashboardPath || ctx.path.startsWith(`${queueDashboardPath}/`)) ctx.set('Content-Security-Policy', queueDashboardPolicy);
    else ctx.set('Content-Security-Policy', webAppPolicy(plainHost.test(ctx.host) ? ctx.host : null));
    await next();
  };
}
