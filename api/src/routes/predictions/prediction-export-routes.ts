import type Router from '@koa/router';
import { predictionExportQuery } from '@og/shared/contracts/predictions';
import { findVisibleDatasetOr404 } from '../../datasets/dataset-access.js';
import type { AppContext } from '../../context.js';
import type { DatasetListRow } from '../../db/queries/datasets.js';
import type { AppKoaContext, AppState } from '../../koa-types.js';
import { requireUser } from '../../middleware/session.js';
import { parseInput } from '../../middleware/validate.js';
import { type ExportScope, predictionExport } from '../../predictions/prediction-export.js';
import { findVisiblePredictionSetOr404, requireReadySet } from '../../predictions/prediction-set-access.js';
import { apiRouter } from '../api-paths.js';

const datasetOf = (dataset: DatasetListRow) => ({ title: dataset.title, totalsColumns: dataset.metadata.totalsColumns ?? [] });

/**
 * The Export menus of the datasets list (SPEC §2): `GET /api/prediction-sets/{id}/export`
 * and `GET /api/datasets/{id}/export` (every ready set of the dataset), `?format=flattened` (CSV)
 * or `nested` (JSON), streamed as an attachment. A set or dataset the caller may not see is a 404,
 * as everywhere else; a set still importing (or failed) is a 409.
 */
export function predictionExportRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter();

  const send = (ctx: AppKoaContext, scope: ExportScope) => {
    const { format } = parseInput(predictionExportQuery, ctx.query, 'query');
    const file = predictionExport(app, scope, format);
    // Headers are gone once the first page is: a failure later can only cut the download short, which the client sees.
    file.body.once('error', (error) => {
      app.log.error('prediction export failed', { path: ctx.path, error });
      ctx.res.destroy(error);
    });
    ctx.attachment(file.fileName);
    ctx.type = file.contentType;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = file.body;
  };

  router.get('/prediction-sets/:id/export', requireUser(), async (ctx) => {
    const viewer = ctx.state.session!.user;
    const set = await findVisiblePredictionSetOr404(app.db, ctx.params.id, viewer);
    requireReadySet(set);
    const dataset = set.dataset_id ? datasetOf(await findVisibleDatasetOr404(app.db, set.dataset_id, viewer)) : null;
    send(ctx, { kind: 'set', dataset, sets: [set], name: set.name, viewerId: viewer.id });
  });

  router.get('/datasets/:id/export', requireUser(), async (ctx) => {
    const viewer = ctx.state.session!.user;
    const dataset = await findVisibleDatasetOr404(app.db, ctx.params.id, viewer);
    const sets = dataset.prediction_sets.filter((set) => set.state === 'ready');
    send(ctx, { kind: 'dataset', dataset: datasetOf(dataset), sets, name: dataset.title, viewerId: viewer.id });
  });

  return router;
}
