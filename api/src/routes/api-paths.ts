import Router from '@koa/router';
import type { AppState } from '../koa-types.js';

/**
 * What is an API call, decided once: a path at or under `/api`, compared case-sensitively, as the
 * API's routers match (`apiRouter` below), so `/API/…` is no API route (404) and no middleware can
 * take it for something else than its router does.
 */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** A router of API routes under `/api{prefix}`, matching paths case-sensitively (as {@link isApiPath} decides). */
export function apiRouter(prefix = ''): Router<AppState> {
  return new Router<AppState>({ prefix: `/api${prefix}`, sensitive: true });
}
