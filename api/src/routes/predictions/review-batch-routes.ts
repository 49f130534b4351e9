import type Router from '@koa/router';
import { noConfidenceBest } from '@og/shared/contracts/prediction-reading';
import { type MappingBatchUndone, type SimilarEntries } from '@og/shared/contracts/predictions';
import { AppError } from '@og/shared/errors/app-error';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { findEntry } from '../../db/queries/prediction-entry-navigation.js';
import { findSimilarEntries, saveReviewGoal } from '../../db/queries/prediction-similar-entries.js';
import { searchTableOf } from '../../db/queries/prediction-sets.js';
import type { AppState } from '../../koa-types.js';
import { requireUser } from '../../middleware/session.js';
import { parseInput } from '../../middleware/validate.js';
import { undoMappingBatch } from '../../predictions/bulk-accept-predictions.js';
import { findVisiblePredictionSetOr404, requireReadySet } from '../../predictions/prediction-set-access.js';
import { apiRouter } from '../api-paths.js';

const similarQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
const goalRequest = z.object({ goal: z.number().gt(0, 'A goal is a share above 0').max(1, 'A goal is a share of at most 1').nullable() });

/**
 * Reviewing many entries at once (issue 29), for anyone who may see the set:
 * `GET /api/prediction-sets/{id}/entries/{string}/similar?limit=` (the unmapped entries most like
 * it, to tick and save with it); `POST …/mapping-batches/{batchId}/undo` (a save's batch back as it
 * was, but for entries someone changed since); `PUT …/goal {goal}` (the share of people the review
 * stops at, or null).
 */
export function reviewBatchRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter();
  router.use('/prediction-sets', requireUser());

  router.get('/prediction-sets/:id/entries/:string/similar', async (ctx) => {
    const set = await findVisiblePredictionSetOr404(app.db, ctx.params.id, ctx.state.session!.user);
    requireReadySet(set);
    const { limit } = parseInput(similarQuery, ctx.query, 'query');
    if (!(await findEntry(app.db, set.id, ctx.params.string!))) throw new AppError('not_found', 'Entry not found');
    const found = await findSimilarEntries(app.db, set.id, ctx.params.string!, limit, { searchTable: searchTableOf(set) });
    ctx.body = {
      entries: found.map((row) => ({
        string: row.string,
        occurrences: row.occurrences,
        bestConf: row.best_conf === noConfidenceBest ? null : row.best_conf,
        reason: row.same_title ? 'same-title' : 'similar',
        similarity: Math.round(row.similarity * 1000) / 1000,
      })),
    } satisfies SimilarEntries;
  });

  router.post('/prediction-sets/:id/mapping-batches/:batchId/undo', async (ctx) => {
    const viewer = ctx.state.session!.user;
    const set = await findVisiblePredictionSetOr404(app.db, ctx.params.id, viewer);
    requireReadySet(set);
    const undone = await undoMappingBatch(app, { setId: set.id, batchId: ctx.params.batchId!, actorId: viewer.id });
    if (undone.undone) app.realtime?.predictionSetChanged(set.id, []);
    ctx.body = undone satisfies MappingBatchUndone;
  });

  router.put('/prediction-sets/:id/goal', async (ctx) => {
    const set = await findVisiblePredictionSetOr404(app.db, ctx.params.id, ctx.state.session!.user);
    requireReadySet(set);
    const { goal } = parseInput(goalRequest, ctx.request.body);
    await saveReviewGoal(app.db, set.id, goal);
    ctx.body = { goal };
  });

  return router;
}
