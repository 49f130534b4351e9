import type Router from '@koa/router';
import { loginRequest } from '@og/shared/contracts/auth';
import { AppError } from '@og/shared/errors/app-error';
import { newToken } from '../../auth/session-tokens.js';
import { logIn } from '../../auth/log-in.js';
import type { AppContext } from '../../context.js';
import { deleteSession } from '../../db/queries/sessions.js';
import type { AppState } from '../../koa-types.js';
import { setCsrfCookie, setSessionCookie } from '../../middleware/session.js';
import { parseInput } from '../../middleware/validate.js';
import { presentUser } from '../../auth/user-presenter.js';
import { apiRouter } from '../api-paths.js';

/** SPEC §7 "Auth": login, validate, logout; plus the CSRF cookie for a page that has none yet. */
export function authRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter('/auth');

  router.post('/login', async (ctx) => {
    const input = parseInput(loginRequest, ctx.request.body);
    const session = await logIn(app, input, ctx.ip);
    if (ctx.state.session) await deleteSession(app.db, ctx.state.session.token_hash);
    setSessionCookie(ctx, app, session.token, session.expiresAt);
    setCsrfCookie(ctx, app, session.csrfToken);
    ctx.body = presentUser(session.user, session.project);
  });

  router.get('/validate', async (ctx) => {
    const session = ctx.state.session;
    if (!session) throw new AppError('unauthenticated', 'Not logged in.');
    ctx.body = presentUser(session.user, session.project);
  });

  router.post('/logout', async (ctx) => {
    if (ctx.state.session) {
      await deleteSession(app.db, ctx.state.session.token_hash);
      app.realtime?.disconnectSession(ctx.state.session.token_hash);
    }
    setSessionCookie(ctx, app, null);
    setCsrfCookie(ctx, app, newToken());
    ctx.status = 204;
  });

  router.get('/csrf', async (ctx) => {
    ctx.status = 204;
  });

  return router;
}

