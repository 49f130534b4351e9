import type Router from '@koa/router';
import type { JobAccepted } from '@og/shared/contracts/jobs';
import type { AppContext } from '../../context.js';
import type { AppState } from '../../koa-types.js';
import { requireAdmin } from '../../middleware/session.js';
import { requestKeyOf } from '../request-key.js';
import { apiRouter } from '../api-paths.js';

/** Admin maintenance: start a session clean-up now (it also runs hourly on its own). */
export function adminRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter('/admin');
  router.use(requireAdmin());

  router.post('/sessions/cleanup', async (ctx) => {
    const run = await app.jobs.enqueue(app.db, 'session.cleanup', { batchSize: 5_000 }, {
      ownerId: ctx.state.session!.user.id,
      requestKey: requestKeyOf(ctx),
    });
    ctx.status = 202;
    ctx.body = { jobId: run.id } satisfies JobAccepted;
  });

  return router;
}
