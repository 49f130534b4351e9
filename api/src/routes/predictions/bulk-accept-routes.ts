import type Router from '@koa/router';
import { type BulkAcceptAccepted, type BulkAcceptPreview, bulkAcceptPreviewQuery, bulkAcceptRequest, type BulkAcceptUndone } from '@og/shared/contracts/predictions';
import { startBulkAcceptance, undoBulkAcceptance } from '../../predictions/bulk-accept-predictions.js';
import type { AppContext } from '../../context.js';
import type { AppState } from '../../koa-types.js';
import { requireUser } from '../../middleware/session.js';
import { parseInput } from '../../middleware/validate.js';
import { countAcceptable } from '../../db/queries/prediction-bulk-accept.js';
import { findVisiblePredictionSetOr404, requireReadySet } from '../../predictions/prediction-set-access.js';
import { apiRouter } from '../api-paths.js';
import { requestKeyOf } from '../request-key.js';

/**
 * Bulk acceptance (beyond SPEC), for anyone who may see the set:
 * `GET /api/prediction-sets/{id}/bulk-accept?minConf=` counts what it would map;
 * `POST /api/prediction-sets/{id}/bulk-accept {minConf}` answers 202 `{jobId, batchId}` and the
 * `predictions.bulk-accept` job maps every unmapped entry whose best prediction is at least
 * `minConf` sure to it; `POST …/bulk-accept/{batchId}/undo` gives the batch's entries back their
 * mapping from before, except those someone changed since, and answers `{undone, skipped}`.
 */
export function bulkAcceptRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter();
  router.get('/prediction-sets/:id/bulk-accept', requireUser(), async (ctx) => {
    const set = await findVisiblePredictionSetOr404(app.db, ctx.params.id, ctx.state.session!.user);
    requireReadySet(set);
    const { minConf } = parseInput(bulkAcceptPreviewQuery, ctx.query, 'query');
    ctx.body = { entries: await countAcceptable(app.db, set.id, minConf) } satisfies BulkAcceptPreview;
  });

  router.post('/prediction-sets/:id/bulk-accept', requireUser(), async (ctx) => {
    const viewer = ctx.state.session!.user;
    const set = await findVisiblePredictionSetOr404(app.db, ctx.params.id, viewer);
    requireReadySet(set);
    const { minConf } = parseInput(bulkAcceptRequest, ctx.request.body);
    const requestKey = requestKeyOf(ctx);
    ctx.status = 202;
    ctx.body = (await startBulkAcceptance(app, { setId: set.id, actorId: viewer.id, minConf }, requestKey)) satisfies BulkAcceptAccepted;
  });

  router.post('/prediction-sets/:id/bulk-accept/:batchId/undo', requireUser(), async (ctx) => {
    const viewer = ctx.state.session!.user;
    const set = await findVisiblePredictionSetOr404(app.db, ctx.params.id, viewer);
    requireReadySet(set);
    const undone = await undoBulkAcceptance(app, { setId: set.id, batchId: ctx.params.batchId!, actorId: viewer.id });
    if (undone.undone) app.realtime?.predictionSetChanged(set.id, []);
    ctx.body = undone satisfies BulkAcceptUndone;
  });

  return router;
}
