import type Router from '@koa/router';
import type { AppContext } from '../../context.js';
import type { AppState } from '../../koa-types.js';
import { requireUser } from '../../middleware/session.js';
import { exportFileName, exportStoreTurtle } from '../../schemes/store-export.js';
import { apiRouter } from '../api-paths.js';

/** `GET /api/export`: the whole store as Turtle, streamed as an attachment (schemes/store-export.ts). */
export function exportRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter();

  router.get('/export', requireUser(), async (ctx) => {
    ctx.set('Content-Disposition', `attachment; filename="${exportFileName()}"`);
    ctx.type = 'text/turtle; charset=utf-8';
    ctx.body = exportStoreTurtle(app);
  });

  return router;
}
