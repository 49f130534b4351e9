import type Router from '@koa/router';
import {
  auditAnswerRequest,
  type AuditAnswered,
  type AuditAt,
  auditAtQuery,
  type AuditDetail,
  type AuditDrawn,
  type AuditReport,
  auditRequest,
} from '@og/shared/contracts/audits';
import type { AppContext } from '../../context.js';
import type { PredictionSetRow } from '../../db/queries/prediction-sets.js';
import type { AppKoaContext, AppState } from '../../koa-types.js';
import { requireUser } from '../../middleware/session.js';
import { parseInput } from '../../middleware/validate.js';
import { findReadySetOr404 } from '../../predictions/prediction-set-access.js';
import { answerAudit, drawAudit, readAudit, readAuditAt, readAuditReport } from '../../predictions/sample-audits.js';
import { apiRouter } from '../api-paths.js';

/**
 * Audits of a prediction set (issue 30), for anyone who may see the set (any other set, or
 * another set's audit, answers 404):
 * - `POST /api/prediction-sets/{id}/audits {size}` → `{auditId, entries}`: a sample drawn;
 * - `GET …/audits/{auditId}` → its entries in order with their answers;
 * - `POST …/audits/{auditId}/answers {string, correct, nodeURIs?}`: an answer (the last counts);
 * - `GET …/audit` → the estimates, per band, overall and along the production curve;
 * - `GET …/audit/at?confidence=` → the estimate above one confidence (the bulk-accept dialog's).
 * The set's room hears of a new audit (no strings) and of each answer (the entry's string, with
 * any other entry its save changed), as it hears of a save.
 */
export function auditRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter();
  router.use('/prediction-sets', requireUser());

  const readySet = (ctx: AppKoaContext): Promise<PredictionSetRow> => findReadySetOr404(app.db, ctx.params.id, ctx.state.session!.user);

  router.post('/prediction-sets/:id/audits', async (ctx) => {
    const set = await readySet(ctx);
    const { size } = parseInput(auditRequest, ctx.request.body ?? {});
    const drawn = await drawAudit(app, set, ctx.state.session!.user.id, size);
    // No entry changed; those watching the set read its audits again.
    app.realtime?.predictionSetChanged(set.id, []);
    ctx.body = drawn satisfies AuditDrawn;
  });

  router.get('/prediction-sets/:id/audits/:auditId', async (ctx) => {
    ctx.body = (await readAudit(app, await readySet(ctx), ctx.params.auditId!)) satisfies AuditDetail;
  });

  router.post('/prediction-sets/:id/audits/:auditId/answers', async (ctx) => {
    const set = await readySet(ctx);
    const answer = parseInput(auditAnswerRequest, ctx.request.body);
    const { changed, ...answered } = await answerAudit(app, set, ctx.state.session!.user.id, ctx.params.auditId!, answer);
    app.realtime?.predictionSetChanged(set.id, changed);
    ctx.body = answered satisfies AuditAnswered;
  });

  router.get('/prediction-sets/:id/audit', async (ctx) => {
    ctx.body = (await readAuditReport(app, await readySet(ctx))) satisfies AuditReport;
  });

  router.get('/prediction-sets/:id/audit/at', async (ctx) => {
    const set = await readySet(ctx);
    const { confidence } = parseInput(auditAtQuery, ctx.query, 'query');
    ctx.body = (await readAuditAt(app, set, confidence)) satisfies AuditAt;
  });

  return router;
}
