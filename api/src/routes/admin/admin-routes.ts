import type Router from '@koa/router';
import type { JobAccepted } from '@og/shared/contracts/jobs';
import type { RuntimeReport } from '@og/shared/contracts/runtime';
import { presentRuntime } from '../../admin/runtime-presenter.js';
import { startSessionCleanup } from '../../auth/start-session-cleanup.js';
import type { AppContext } from '../../context.js';
import { resetEventLoopDelay } from '../../lib/event-loop-delay.js';
import type { AppState } from '../../koa-types.js';
import { requireAdmin } from '../../middleware/session.js';
import { requestKeyOf } from '../request-key.js';
import { apiRouter } from '../api-paths.js';

/**
 * Admin maintenance: start a session clean-up now (it also runs hourly on its own); read how the
 * server process is doing (its event-loop delay, its memory), and start the delay's count afresh.
 */
export function adminRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter('/admin');
  router.use(requireAdmin());

  router.post('/sessions/cleanup', async (ctx) => {
    const accepted = await startSessionCleanup(app, { ownerId: ctx.state.session!.user.id, requestKey: requestKeyOf(ctx) });
    ctx.status = 202;
    ctx.body = accepted satisfies JobAccepted;
  });

  router.get('/runtime', (ctx) => {
    ctx.body = presentRuntime() satisfies RuntimeReport;
  });

  router.post('/runtime/reset', (ctx) => {
    resetEventLoopDelay();
    ctx.status = 204;
  });

  return router;
}
