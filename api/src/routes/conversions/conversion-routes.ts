import type Router from '@koa/router';
import {
  type ConversionAccepted,
  type ConversionCodeDetail,
  type ConversionList,
  conversionDecision,
  type ConversionQueryAnswer,
  conversionQueryRequest,
  conversionRequest,
  type ConversionResult,
  type ConversionWeighting,
  conversionWeightingQuery,
} from '@og/shared/contracts/conversions';
import { AppError } from '@og/shared/errors/app-error';
import type { SchemeId } from '@og/shared/domain/schemes';
import { z } from 'zod';
import { findVisibleDatasetOr404 } from '../../datasets/dataset-access.js';
import { startConversion } from '../../conversions/start-conversion.js';
import type { AppContext } from '../../context.js';
import { findVisibleConversionOr404 } from '../../conversions/conversion-access.js';
import { conversionCodeDetail, decideConversionCode } from '../../conversions/conversion-codes.js';
import { conversionCsv, conversionSssom } from '../../conversions/conversion-exports.js';
import { conversionQuery } from '../../conversions/conversion-query.js';
import { defaultWeighting } from '../../conversions/conversion-weighting.js';
import { presentConversion } from '../../conversions/conversion-presenter.js';
import { readConversionResult } from '../../conversions/conversion-reads.js';
import { listVisibleConversions } from '../../db/queries/conversions.js';
import { requireUser } from '../../middleware/session.js';
import { parseInput } from '../../middleware/validate.js';
import { apiRouter } from '../api-paths.js';
import { requestKeyOf } from '../request-key.js';

const resultQuery = z.object({ format: z.enum(['json', 'csv', 'sssom']).default('json') });
/** A source code in the address: `scheme:code`. */
const codeUri = z.string().min(3).max(300).regex(/^[a-z0-9.]+:.+$/, 'A code is named scheme:code');

/**
 * Conversions: start one from a dataset (or one of its prediction sets), list them,
 * read a result (JSON, the CSV table, SSSOM decisions), read and decide a source code on the
 * diagram, and SPEC §7's conversion query. A conversion is seen by whoever may see its dataset.
 */
export function conversionRoutes(app: AppContext): Router {
  const router = apiRouter();
  router.use(['/datasets/:id/conversions', '/conversions', '/conversion-query'], requireUser());

  router.post('/datasets/:id/conversions', async (ctx) => {
    const viewer = ctx.state.session!.user;
    const dataset = await findVisibleDatasetOr404(app.db, ctx.params.id, viewer);
    const request = parseInput(conversionRequest, ctx.request.body ?? {});
    ctx.status = 202;
    ctx.body = (await startConversion(app, viewer, dataset, request, requestKeyOf(ctx))) satisfies ConversionAccepted;
  });

  // What 'New conversion' preselects: the weighting a conversion of the dataset into the target gets when none is named.
  router.get('/datasets/:id/conversions/weighting', async (ctx) => {
    const dataset = await findVisibleDatasetOr404(app.db, ctx.params.id, ctx.state.session!.user);
    const query = parseInput(conversionWeightingQuery, ctx.query);
    ctx.body = (await defaultWeighting(app, dataset, { targetScheme: query.targetScheme as SchemeId, predictionSetId: query.predictionSetId })) satisfies ConversionWeighting;
  });

  router.get('/conversions', async (ctx) => {
    ctx.body = { conversions: (await listVisibleConversions(app.db, ctx.state.session!.user)).map(presentConversion) } satisfies ConversionList;
  });

  router.get('/conversions/:id', async (ctx) => {
    ctx.body = { conversion: presentConversion(await findVisibleConversionOr404(app.db, ctx.params.id, ctx.state.session!.user)) };
  });

  router.get('/conversions/:id/result', async (ctx) => {
    const conversion = await findVisibleConversionOr404(app.db, ctx.params.id, ctx.state.session!.user);
    const { format } = parseInput(resultQuery, ctx.query);
    if (format !== 'json' && conversion.state !== 'ready') throw new AppError('conflict', 'The conversion is not ready yet.', { state: conversion.state });
    const result = await readConversionResult(app, conversion);
    if (format === 'json') {
      ctx.body = result satisfies ConversionResult;
      return;
    }
    const file = format === 'csv' ? conversionCsv(result) : await conversionSssom(app, conversion, result, app.config.crosswalkLicense);
    ctx.attachment(file.fileName);
    ctx.type = file.contentType;
    ctx.body = file.body;
  });

  router.get('/conversions/:id/codes/:uri', async (ctx) => {
    const conversion = await findVisibleConversionOr404(app.db, ctx.params.id, ctx.state.session!.user);
    ctx.body = (await conversionCodeDetail(app, conversion, parseInput(codeUri, ctx.params.uri))) satisfies ConversionCodeDetail;
  });

  router.put('/conversions/:id/codes/:uri', async (ctx) => {
    const viewer = ctx.state.session!.user;
    const conversion = await findVisibleConversionOr404(app.db, ctx.params.id, viewer);
    const decision = parseInput(conversionDecision, ctx.request.body ?? {});
    ctx.body = (await decideConversionCode(app, conversion, parseInput(codeUri, ctx.params.uri), { targets: decision.targets, applyToCrosswalk: decision.applyToCrosswalk }, viewer)) satisfies ConversionCodeDetail;
  });

  router.delete('/conversions/:id/codes/:uri', async (ctx) => {
    const viewer = ctx.state.session!.user;
    const conversion = await findVisibleConversionOr404(app.db, ctx.params.id, viewer);
    ctx.body = (await decideConversionCode(app, conversion, parseInput(codeUri, ctx.params.uri), { targets: null, applyToCrosswalk: false }, viewer)) satisfies ConversionCodeDetail;
  });

  router.post('/conversion-query', async (ctx) => {
    const request = parseInput(conversionQueryRequest, ctx.request.body ?? {});
    ctx.body = (await conversionQuery(app.schemes, { seeds: request.seeds, targetScheme: request.targetScheme as SchemeId })) satisfies ConversionQueryAnswer;
  });

  return router;
}
