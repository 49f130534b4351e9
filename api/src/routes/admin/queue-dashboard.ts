import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import type { AppContext } from '../../context.js';
import type { AppMiddleware } from '../../koa-types.js';

export const queueDashboardPath = '/admin/queues';

/**
 * bull-board for operators at /admin/queues. Admins only: anyone else gets a plain 403 page
 * (or is sent to the login when not logged in).
 */
export function queueDashboard(app: AppContext): AppMiddleware {
  const serverAdapter = new KoaAdapter();
  serverAdapter.setBasePath(queueDashboardPath);
  createBullBoard({
    queues: [...app.jobs.queues.values()].map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Occupation Graph jobs' } },
  });
  const board = serverAdapter.registerPlugin() as unknown as AppMiddleware;

  return async (ctx, next) => {
    if (ctx.path !== queueDashboardPath && !ctx.path.startsWith(`${queueDashboardPath}/`)) return next();
    const session = ctx.state.session;
    if (!session) {
      ctx.redirect('/');
      return;
    }
    if (session.user.role !== 'admin') {
      ctx.status = 403;
      ctx.type = 'text/plain';
      ctx.body = 'The queue dashboard is for administrators.';
      return;
    }
    return board(ctx, next);
  };
}
