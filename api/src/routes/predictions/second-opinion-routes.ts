import type Router from '@koa/router';
import type { PredictionEntryAnswer } from '@og/shared/contracts/predictions';
import {
  adjudicationRequest,
  type AdjudicationSaved,
  type AgreementReport,
  offerSecondOpinionsRequest,
  type SecondOpinionCounts,
  secondOpinionRequest,
  type SecondOpinionSaved,
  type SecondOpinionsOffered,
} from '@og/shared/contracts/second-opinions';
import { AppError } from '@og/shared/errors/app-error';
import type { AppContext } from '../../context.js';
import type { PredictionSetRow } from '../../db/queries/prediction-sets.js';
import type { AppKoaContext, AppState } from '../../koa-types.js';
import { requireUser } from '../../middleware/session.js';
import { parseInput } from '../../middleware/validate.js';
import { agreementCsv, agreementSssom, type AgreementFile } from '../../predictions/agreement-exports.js';
import { findReadySetOr404 } from '../../predictions/prediction-set-access.js';
import { adjudicate, answerSecondOpinion, offerSecondOpinions, readAgreement, readNextSecondOpinion, readSecondOpinionCounts } from '../../predictions/second-opinions.js';
import { apiRouter } from '../api-paths.js';

/**
 * Double coding (issue 30), for anyone who may see the set (any other set answers 404):
 * - `POST /api/prediction-sets/{id}/second-opinions {share} | {strings}` → `{entries}` (the owner only);
 * - `GET …/second-opinions` → `{offered, answered, pending, forYou}`;
 * - `GET …/second-opinions/_next` → the next entry for the caller, its first mapping left out, or 404;
 * - `POST …/second-opinions/{string} {nodeURIs, predictionURIs, tags}`: a second reviewer's coding;
 * - `GET …/agreement` (and `agreement.csv`, `agreement.sssom.tsv`): the agreement report;
 * - `POST …/adjudications/{string} {nodeURIs, predictionURIs?}`: a third person or the owner decides.
 * Second opinions and decisions are announced in the set's room by string only, as saves are.
 */
export function secondOpinionRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter();
  router.use('/prediction-sets', requireUser());

  const readySet = (ctx: AppKoaContext): Promise<PredictionSetRow> => findReadySetOr404(app.db, ctx.params.id, ctx.state.session!.user);

  router.post('/prediction-sets/:id/second-opinions', async (ctx) => {
    const set = await readySet(ctx);
    const request = parseInput(offerSecondOpinionsRequest, ctx.request.body);
    const offered = await offerSecondOpinions(app, set, ctx.state.session!.user, request);
    if (offered.entries) app.realtime?.predictionSetChanged(set.id, []);
    ctx.body = offered satisfies SecondOpinionsOffered;
  });

  router.get('/prediction-sets/:id/second-opinions', async (ctx) => {
    ctx.body = (await readSecondOpinionCounts(app, await readySet(ctx), ctx.state.session!.user)) satisfies SecondOpinionCounts;
  });

  router.get('/prediction-sets/:id/second-opinions/_next', async (ctx) => {
    const set = await readySet(ctx);
    const next = await readNextSecondOpinion(app, set, ctx.state.session!.user);
    if (!next) throw new AppError('not_found', 'No entry is waiting for your second opinion.', await readSecondOpinionCounts(app, set, ctx.state.session!.user));
    ctx.body = next satisfies PredictionEntryAnswer;
  });

  router.post('/prediction-sets/:id/second-opinions/:string', async (ctx) => {
    const set = await readySet(ctx);
    const coding = parseInput(secondOpinionRequest, ctx.request.body);
    await answerSecondOpinion(app, set, ctx.state.session!.user, ctx.params.string!, coding);
    app.realtime?.predictionSetChanged(set.id, [ctx.params.string!]);
    ctx.body = { string: ctx.params.string!, answered: true } satisfies SecondOpinionSaved;
  });

  router.get('/prediction-sets/:id/agreement', async (ctx) => {
    ctx.body = (await readAgreement(app, await readySet(ctx))) satisfies AgreementReport;
  });

  const sendFile = (ctx: AppKoaContext, file: AgreementFile) => {
    ctx.attachment(file.fileName);
    ctx.type = file.contentType;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = file.body;
  };
  router.get('/prediction-sets/:id/agreement.csv', async (ctx) => sendFile(ctx, await agreementCsv(app, await readySet(ctx))));
  router.get('/prediction-sets/:id/agreement.sssom.tsv', async (ctx) => sendFile(ctx, await agreementSssom(app, await readySet(ctx))));

  router.post('/prediction-sets/:id/adjudications/:string', async (ctx) => {
    const set = await readySet(ctx);
    const decision = parseInput(adjudicationRequest, ctx.request.body);
    const decided = await adjudicate(app, set, ctx.state.session!.user, ctx.params.string!, decision);
    app.realtime?.predictionSetChanged(set.id, [ctx.params.string!]);
    ctx.body = decided satisfies AdjudicationSaved;
  });

  return router;
}
