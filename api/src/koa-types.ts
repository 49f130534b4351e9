import type Koa from 'koa';
import type { SessionWithUser } from './db/queries/sessions.js';

/** What middleware puts on `ctx.state` for the routes after it. */
export interface AppState {
  session?: SessionWithUser;
}

export type AppKoaContext = Koa.ParameterizedContext<AppState>;
export type AppMiddleware = Koa.Middleware<AppState>;
