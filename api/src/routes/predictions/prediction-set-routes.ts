import type Router from '@koa/router';
import {
  type MappingSaved,
  type PredictionEntryAnswer,
  type PredictionSetCount,
  type PredictionSetCoverage,
  type PredictionSetDetail,
  type PredictionSetList,
  type PredictionSetPatched,
  reviewQuery,
  saveMappingRequest,
  searchLimit,
  searchMinLength,
  type SearchOptions,
  searchQuery,
} from '@og/shared/contracts/predictions';
import { AppError } from '@og/shared/errors/app-error';
import type { AppContext } from '../../context.js';
import { type DatasetViewer, findDatasetHeading } from '../../db/queries/datasets.js';
import { findEntry, firstEntry, type ReviewScope, searchEntries } from '../../db/queries/prediction-entry-navigation.js';
import { countBelowThreshold } from '../../db/queries/prediction-set-counts.js';
import { setCoverage } from '../../db/queries/prediction-set-coverage.js';
import { listVisibleSets, type PredictionSetRow, searchTableOf } from '../../db/queries/prediction-sets.js';
import type { AppKoaContext, AppState } from '../../koa-types.js';
import { requireUser } from '../../middleware/session.js';
import { parseInput } from '../../middleware/validate.js';
import { deletePredictionSet } from '../../predictions/delete-prediction-set.js';
import { findVisiblePredictionSetOr404, requirePredictionSetManager, requireReadySet } from '../../predictions/prediction-set-access.js';
import { presentListedPredictionSet, presentMappingSaved, presentPredictionSetDetail, presentSearchOption } from '../../predictions/prediction-set-presenter.js';
import { readNoEntrySummary } from '../../predictions/review-entries.js';
import { readEntryAsSeenBy, requireVisibleMappings } from '../../predictions/second-opinions.js';
import { keptColumns, setReading } from '../../predictions/entry-context.js';
import { saveMapping } from '../../predictions/save-mapping.js';
import { saveReviewSettings } from '../../predictions/save-review-settings.js';
import { apiRouter } from '../api-paths.js';

const viewerOf = (ctx: AppKoaContext): DatasetViewer => ctx.state.session!.user;

/** The review's scope from the address, the set's stored threshold, filter and order where it names none. */
function scopeOf(set: PredictionSetRow, ctx: AppKoaContext): ReviewScope {
  const query = parseInput(reviewQuery, ctx.query, 'query');
  return { setId: set.id, threshold: query.threshold ?? set.threshold, filter: query.filter ?? set.filter, order: query.order ?? set.review_order };
}

/**
 * Prediction sets and their review (SPEC §7 "Datasets, predictions, review"): list, counts under a
 * threshold, the stored threshold and filter, the entries one by one (first, by string, with the
 * previous and next under the threshold and filter), saving a mapping, search. A set is visible as
 * `findVisiblePredictionSetOr404` says; any other set answers 404.
 */
export function predictionSetRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter();
  router.use(['/prediction-sets', '/datasets/:datasetId/prediction-sets'], requireUser());

  router.get('/prediction-sets', async (ctx) => {
    const viewer = viewerOf(ctx);
    const sets = await listVisibleSets(app.db, viewer);
    ctx.body = { predictionSets: sets.map((set) => presentListedPredictionSet(set, viewer)) } satisfies PredictionSetList;
  });

  router.get('/prediction-sets/:id', async (ctx) => {
    const set = await findVisiblePredictionSetOr404(app.db, ctx.params.id, viewerOf(ctx));
    requireReadySet(set);
    ctx.body = (await countBelowThreshold(app.db, set.id, scopeOf(set, ctx).threshold)) satisfies PredictionSetCount;
  });

  /** Beyond SPEC: the set as lists show it, with its dataset, for the review's header (on /review the address names the slug). */
  router.get('/prediction-sets/:id/summary', async (ctx) => {
    const viewer = viewerOf(ctx);
    const set = await findVisiblePredictionSetOr404(app.db, ctx.params.id, viewer);
    const dataset = set.dataset_id ? await findDatasetHeading(app.db, set.dataset_id) : null;
    ctx.body = { ...presentPredictionSetDetail(set, viewer.id, dataset), customTags: set.custom_tags ?? [], goal: set.review_goal ?? null } satisfies PredictionSetDetail;
  });

  /** Beyond SPEC: the review's 'Coverage' (share of the dataset's people whose title is mapped). */
  router.get('/prediction-sets/:id/coverage', async (ctx) => {
    const set = await findVisiblePredictionSetOr404(app.db, ctx.params.id, viewerOf(ctx));
    requireReadySet(set);
    ctx.body = (await setCoverage(app.db, set, scopeOf(set, ctx).threshold)) satisfies PredictionSetCoverage;
  });

  /** Stores the set's threshold and filter (and order); answers the counts under the stored threshold. */
  const patch = async (ctx: AppKoaContext, set: PredictionSetRow) => {
    requireReadySet(set);
    ctx.body = (await saveReviewSettings(app.db, scopeOf(set, ctx))) satisfies PredictionSetPatched;
  };
  router.patch('/prediction-sets/:slug', async (ctx) => patch(ctx, await findVisiblePredictionSetOr404(app.db, ctx.params.slug, viewerOf(ctx))));
  router.patch('/datasets/:datasetId/prediction-sets/:setId', async (ctx) => {
    await patch(ctx, await findVisiblePredictionSetOr404(app.db, ctx.params.setId, viewerOf(ctx), { datasetId: ctx.params.datasetId }));
  });

  router.delete('/prediction-sets/:id', async (ctx) => {
    const viewer = viewerOf(ctx);
    const set = await findVisiblePredictionSetOr404(app.db, ctx.params.id, viewer);
    await requirePredictionSetManager(app.db, set, viewer);
    await deletePredictionSet(app.db, set.id);
    ctx.status = 204;
  });

  // An entry waiting for a second opinion is read blind by all but its first reviewer (issue 30).
  router.get('/prediction-sets/:id/entries/_first', async (ctx) => {
    const set = await findVisiblePredictionSetOr404(app.db, ctx.params.id, viewerOf(ctx));
    requireReadySet(set);
    const scope = scopeOf(set, ctx);
    const entry = await firstEntry(app.db, scope);
    if (!entry) throw new AppError('not_found', `No ${scope.filter} entry found in dataset`, await readNoEntrySummary(app.db, set, scope));
    ctx.body = (await readEntryAsSeenBy(app, scope, entry, viewerOf(ctx))) satisfies PredictionEntryAnswer;
  });

  router.get('/prediction-sets/:id/entries/:string', async (ctx) => {
    const set = await findVisiblePredictionSetOr404(app.db, ctx.params.id, viewerOf(ctx));
    requireReadySet(set);
    const entry = await findEntry(app.db, set.id, ctx.params.string!);
    if (!entry) throw new AppError('not_found', 'Entry not found');
    ctx.body = (await readEntryAsSeenBy(app, scopeOf(set, ctx), entry, viewerOf(ctx))) satisfies PredictionEntryAnswer;
  });

  router.post('/prediction-sets/:id/entries/:string', async (ctx) => {
    const viewer = viewerOf(ctx);
    const set = await findVisiblePredictionSetOr404(app.db, ctx.params.id, viewer);
    requireReadySet(set);
    const request = parseInput(saveMappingRequest, ctx.request.body);
    await requireVisibleMappings(app, set.id, [ctx.params.string!, ...request.alsoStrings], viewer);
    const saved = await saveMapping(app.db, set.id, ctx.params.string!, request.mappings, {
      userId: viewer.id,
      version: request.version,
      propagate: request.propagate,
      alsoStrings: request.alsoStrings,
    });
    // The count under the threshold the reviewer works at (the address's, else the set's own).
    const counts = await countBelowThreshold(app.db, set.id, scopeOf(set, ctx).threshold);
    app.realtime?.predictionSetChanged(set.id, saved.changed);
    ctx.body = { ...presentMappingSaved(saved, counts), mapped: saved.mapped, batchId: saved.batchId } satisfies MappingSaved;
  });

  router.get('/prediction-sets/:id/_search', async (ctx) => {
    const set = await findVisiblePredictionSetOr404(app.db, ctx.params.id, viewerOf(ctx));
    requireReadySet(set);
    const { q } = parseInput(searchQuery, ctx.query, 'query');
    const text = q.trim();
    const inContext = keptColumns([setReading(set.stats)]).length > 0;
    const found = text.length < searchMinLength ? [] : await searchEntries(app.db, scopeOf(set, ctx), text, searchLimit, { inContext, searchTable: searchTableOf(set) });
    ctx.body = { options: found.map(presentSearchOption) } satisfies SearchOptions;
  });

  return router;
}
