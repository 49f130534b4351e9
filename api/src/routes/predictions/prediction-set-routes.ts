import type Router from '@koa/router';
import {
  type MappingSaved,
  type NoEntrySummary,
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
import type { Queryable } from '../../db/database.js';
import type { DatasetViewer } from '../../db/queries/datasets.js';
import type { PredictionSetRow } from '../../db/queries/prediction-sets.js';
import { deletePredictionSet } from '../../predictions/delete-prediction-set.js';
import type { AppKoaContext, AppState } from '../../koa-types.js';
import { requireUser } from '../../middleware/session.js';
import { parseInput } from '../../middleware/validate.js';
import { saveMapping } from '../../predictions/entry-mappings.js';
import { type EntryRow, findEntry, firstEntry, neighbours, type ReviewScope, searchEntries } from '../../predictions/entry-navigation.js';
import { CodeDetails } from '../../predictions/node-details.js';
import { findVisiblePredictionSetOr404, listVisibleStandaloneSets, requireReadySet } from '../../predictions/prediction-set-access.js';
import { countBelowThreshold } from '../../predictions/set-counts.js';
import { setCoverage } from '../../predictions/set-coverage.js';
import { presentPredictionSet } from '../../predictions/prediction-set-presenter.js';
import { apiRouter } from '../api-paths.js';

const viewerOf = (ctx: AppKoaContext): DatasetViewer => ctx.state.session!.user;

/** The review's scope from the address, the set's stored threshold, filter and order where it names none. */
function scopeOf(set: PredictionSetRow, ctx: AppKoaContext): ReviewScope {
  const query = parseInput(reviewQuery, ctx.query, 'query');
  return { setId: set.id, threshold: query.threshold ?? set.threshold, filter: query.filter ?? set.filter, order: query.order ?? set.review_order };
}

/** SPEC §3 "Prediction entry" with the details of every URI it names. */
async function presentEntry(app: AppContext, scope: ReviewScope, entry: EntryRow): Promise<PredictionEntryAnswer> {
  const uris = [...entry.predictions.flatMap((prediction) => prediction.uris), ...entry.node_uris, ...entry.prediction_uris];
  const [{ prev, next }, details] = await Promise.all([neighbours(app.db, scope, entry), CodeDetails.of(app.schemes, uris)]);
  return {
    predictionEntry: {
      string: entry.string,
      prev,
      next,
      predictions: entry.predictions,
      mappings: { treeNodes: details.treeNodes(entry.node_uris), nodeURIs: entry.node_uris, predictionURIs: entry.prediction_uris, tags: entry.tags as PredictionEntryAnswer['predictionEntry']['mappings']['tags'] },
      version: entry.version,
      totals: entry.totals.map(Number),
      occurrences: Number(entry.occurrences),
      unknownURIs: entry.unknown_uris,
    },
    nodeDetails: details.details(uris),
  };
}

/** What SPEC §8's 'No {filter} entry found in dataset' table shows. */
async function noEntrySummary(db: Queryable, set: PredictionSetRow, scope: ReviewScope): Promise<NoEntrySummary> {
  const counts = await countBelowThreshold(db, set.id, scope.threshold);
  const dataset = set.dataset_id ? (await db.query<{ title: string }>('SELECT title FROM datasets WHERE id = $1', [set.dataset_id])).rows[0] : undefined;
  return {
    datasetTitle: dataset?.title ?? null,
    totalEntries: Number(set.total),
    filter: scope.filter,
    threshold: scope.threshold,
    belowThreshold: counts.totalBelowThreshold,
    mapped: counts.mappedCount,
    unmapped: counts.totalBelowThreshold - counts.mappedCount,
  };
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
    const sets = await listVisibleStandaloneSets(app.db, viewer);
    ctx.body = { predictionSets: sets.map((set) => presentPredictionSet(set, viewer.id)) } satisfies PredictionSetList;
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
    const dataset = set.dataset_id
      ? (
          await app.db.query<{ id: string; title: string; columns: string[] | null }>(
            `SELECT id, title, ARRAY(SELECT jsonb_array_elements_text(metadata->'totalsColumns')) AS columns FROM datasets WHERE id = $1`,
            [set.dataset_id],
          )
        ).rows[0]
      : undefined;
    ctx.body = {
      predictionSet: presentPredictionSet(set, viewer.id),
      dataset: dataset ? { id: dataset.id, title: dataset.title, totalsColumns: dataset.columns ?? [] } : null,
    } satisfies PredictionSetDetail;
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
    const scope = scopeOf(set, ctx);
    await app.db.query('UPDATE prediction_sets SET threshold = $2, filter = $3, review_order = $4 WHERE id = $1', [set.id, scope.threshold, scope.filter, scope.order]);
    ctx.body = { filter: scope.filter, ...(await countBelowThreshold(app.db, set.id, scope.threshold)) } satisfies PredictionSetPatched;
  };
  router.patch('/prediction-sets/:slug', async (ctx) => patch(ctx, await findVisiblePredictionSetOr404(app.db, ctx.params.slug, viewerOf(ctx))));
  router.patch('/datasets/:datasetId/prediction-sets/:setId', async (ctx) => {
    const set = await findVisiblePredictionSetOr404(app.db, ctx.params.setId, viewerOf(ctx));
    if (set.dataset_id !== ctx.params.datasetId) throw new AppError('not_found', 'No such prediction set.');
    await patch(ctx, set);
  });

  router.delete('/prediction-sets/:id', async (ctx) => {
    const viewer = viewerOf(ctx);
    const set = await findVisiblePredictionSetOr404(app.db, ctx.params.id, viewer);
    const owner = set.dataset_id
      ? (await app.db.query<{ owner_id: string | null }>('SELECT owner_id FROM datasets WHERE id = $1', [set.dataset_id])).rows[0]?.owner_id
      : set.owner_id;
    if (owner !== viewer.id && viewer.role !== 'admin') throw new AppError('forbidden', 'Only the owner of this prediction set or an administrator may delete it.');
    await deletePredictionSet(app.db, set.id);
    ctx.status = 204;
  });

  router.get('/prediction-sets/:id/entries/_first', async (ctx) => {
    const set = await findVisiblePredictionSetOr404(app.db, ctx.params.id, viewerOf(ctx));
    requireReadySet(set);
    const scope = scopeOf(set, ctx);
    const entry = await firstEntry(app.db, scope);
    if (!entry) throw new AppError('not_found', `No ${scope.filter} entry found in dataset`, await noEntrySummary(app.db, set, scope));
    ctx.body = (await presentEntry(app, scope, entry)) satisfies PredictionEntryAnswer;
  });

  router.get('/prediction-sets/:id/entries/:string', async (ctx) => {
    const set = await findVisiblePredictionSetOr404(app.db, ctx.params.id, viewerOf(ctx));
    requireReadySet(set);
    const entry = await findEntry(app.db, set.id, ctx.params.string!);
    if (!entry) throw new AppError('not_found', 'Entry not found');
    ctx.body = (await presentEntry(app, scopeOf(set, ctx), entry)) satisfies PredictionEntryAnswer;
  });

  router.post('/prediction-sets/:id/entries/:string', async (ctx) => {
    const viewer = viewerOf(ctx);
    const set = await findVisiblePredictionSetOr404(app.db, ctx.params.id, viewer);
    requireReadySet(set);
    const request = parseInput(saveMappingRequest, ctx.request.body);
    const saved = await saveMapping(app.db, set.id, ctx.params.string!, request.mappings, { userId: viewer.id, version: request.version, propagate: request.propagate });
    // The count under the threshold the reviewer works at (the address's, else the set's own).
    const counts = await countBelowThreshold(app.db, set.id, scopeOf(set, ctx).threshold);
    app.realtime?.predictionSetChanged(set.id, saved.changed);
    ctx.body = { version: saved.version, propagated: saved.propagated, mappedCount: counts.mappedCount, sameTitle: saved.sameTitle } satisfies MappingSaved;
  });

  router.get('/prediction-sets/:id/_search', async (ctx) => {
    const set = await findVisiblePredictionSetOr404(app.db, ctx.params.id, viewerOf(ctx));
    requireReadySet(set);
    const { q } = parseInput(searchQuery, ctx.query, 'query');
    const text = q.trim();
    const found = text.length < searchMinLength ? [] : await searchEntries(app.db, scopeOf(set, ctx), text, searchLimit);
    ctx.body = { options: found.map((row) => ({ string: row.string, mapped: row.mapped, bestConf: row.best_conf })) } satisfies SearchOptions;
  });

  return router;
}
