import type Router from '@koa/router';
import {
  addCollaboratorRequest,
  type DatasetAccepted,
  type DatasetLanguages,
  type DatasetLimits,
  type DatasetList,
  type DatasetSummary,
  type DatasetTitlesPage,
  datasetTitlesQuery,
} from '@og/shared/contracts/datasets';
import { addDatasetCollaborator } from '../../datasets/add-dataset-collaborator.js';
import { createDataset } from '../../datasets/create-dataset.js';
import { deleteDataset } from '../../datasets/delete-dataset.js';
import { findVisibleDatasetOr404, requireIngestedDataset } from '../../datasets/dataset-access.js';
import { readShippedLanguages } from '../../datasets/shipped-languages.js';
import { removeDatasetCollaborator } from '../../datasets/remove-dataset-collaborator.js';
import type { AppContext } from '../../context.js';
import { type DatasetListRow, type DatasetViewer, listDatasetTitles, listVisibleDatasets } from '../../db/queries/datasets.js';
import { countBelowOwnThresholds } from '../../db/queries/prediction-set-counts.js';
import type { AppKoaContext, AppState } from '../../koa-types.js';
import { requireUser } from '../../middleware/session.js';
import { parseInput } from '../../middleware/validate.js';
import { presentDataset, presentDatasetTitle } from '../../datasets/dataset-presenter.js';
import { requestKeyOf } from '../request-key.js';
import { receiveDataset } from './receive-dataset.js';
import { decodeTitlesCursor, encodeTitlesCursor } from './titles-cursor.js';
import { apiRouter } from '../api-paths.js';

const viewerOf = (ctx: AppKoaContext): DatasetViewer => ctx.state.session!.user;

/**
 * Datasets (SPEC §2 "Datasets list", §7; DESIGN §5): upload, list, read, page through rows,
 * delete, share. A dataset is visible to its owner, its collaborators and admins only: every
 * endpoint answers 404 for any other dataset; deleting and sharing are for the owner and admins.
 */
export function datasetRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter('/datasets');
  router.use(requireUser());

  /** Datasets as `viewer` sees them, their ready sets' progress counted in one query for all of them. */
  const present = async (rows: DatasetListRow[], viewer: DatasetViewer): Promise<DatasetSummary[]> => {
    const counts = await countBelowOwnThresholds(app.db, rows.flatMap((row) => row.prediction_sets.filter((set) => set.state === 'ready').map((set) => set.id)));
    return rows.map((row) => presentDataset(row, viewer.id, counts));
  };

  router.post('/', async (ctx) => {
    const requestKey = requestKeyOf(ctx); // a bad Idempotency-Key is refused before the file is read
    const { metadata, upload } = await receiveDataset(app, ctx);
    ctx.status = 202;
    ctx.body = (await createDataset(app, viewerOf(ctx), metadata, upload, requestKey)) satisfies DatasetAccepted;
  });

  router.get('/', async (ctx) => {
    const viewer = viewerOf(ctx);
    const rows = await listVisibleDatasets(app.db, viewer);
    ctx.body = { datasets: await present(rows, viewer) } satisfies DatasetList;
  });

  /** What an upload may be, for the wizard to check a file against before sending it (before '/:id', which would take 'limits' for an id). */
  router.get('/limits', (ctx) => {
    ctx.body = { fileLimitBytes: app.config.datasetFileLimitBytes } satisfies DatasetLimits;
  });

  /** The languages of the coded titles the server ships, which the wizard offers first (before '/:id' too). */
  router.get('/languages', async (ctx) => {
    ctx.body = { shipped: await readShippedLanguages(app.config.seedDir) } satisfies DatasetLanguages;
  });

  router.get('/:id', async (ctx) => {
    const viewer = viewerOf(ctx);
    const dataset = await findVisibleDatasetOr404(app.db, ctx.params.id, viewer);
    ctx.body = (await present([dataset], viewer))[0]! satisfies DatasetSummary;
  });

  /**
   * Keyset pages in (title, code) order. Rows exist only once the dataset is ready: while it is
   * ingesting (or after it failed) this answers 409 with the state in `details`, rather than
   * an empty page a client could take for an empty dataset.
   */
  router.get('/:id/titles', async (ctx) => {
    const dataset = await findVisibleDatasetOr404(app.db, ctx.params.id, viewerOf(ctx));
    const query = parseInput(datasetTitlesQuery, ctx.query, 'query');
    const after = query.cursor ? decodeTitlesCursor(query.cursor) : null;
    requireIngestedDataset(dataset);
    const rows = await listDatasetTitles(app.db, dataset.id, { after, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    ctx.body = {
      titles: page.map(presentDatasetTitle),
      nextCursor: rows.length > query.limit ? encodeTitlesCursor(page.at(-1)!) : null,
    } satisfies DatasetTitlesPage;
  });

  router.delete('/:id', async (ctx) => {
    const viewer = viewerOf(ctx);
    const dataset = await findVisibleDatasetOr404(app.db, ctx.params.id, viewer);
    await deleteDataset(app, dataset, viewer);
    ctx.status = 204;
  });

  router.post('/:id/collaborators', async (ctx) => {
    const viewer = viewerOf(ctx);
    const dataset = await findVisibleDatasetOr404(app.db, ctx.params.id, viewer);
    const { username } = parseInput(addCollaboratorRequest, ctx.request.body);
    await addDatasetCollaborator(app.db, dataset, viewer, username);
    ctx.body = (await present([await findVisibleDatasetOr404(app.db, dataset.id, viewer)], viewer))[0]! satisfies DatasetSummary;
  });

  router.delete('/:id/collaborators/:userId', async (ctx) => {
    const viewer = viewerOf(ctx);
    const dataset = await findVisibleDatasetOr404(app.db, ctx.params.id, viewer);
    await removeDatasetCollaborator(app.db, dataset, viewer, ctx.params.userId);
    // A page the removed user has open stops hearing the ingest's progress (every api process's sockets).
    if (dataset.job_id) app.realtime?.leaveJobRoom(ctx.params.userId!, dataset.job_id);
    // …and the mapping changes of the dataset's prediction sets.
    for (const set of dataset.prediction_sets) app.realtime?.leavePredictionSetRoom(ctx.params.userId!, set.id);
    ctx.status = 204;
  });

  return router;
}
