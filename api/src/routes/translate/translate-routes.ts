import type Router from '@koa/router';
import { translateRequest, type TranslateResult } from '@og/shared/contracts/public';
import type { AppContext } from '../../context.js';
import { translateCodes } from '../../conversions/translate-codes.js';
import type { AppState } from '../../koa-types.js';
import { anonymousLimit } from '../../middleware/anonymous-limit.js';
import { parseInput } from '../../middleware/validate.js';
import { apiRouter } from '../api-paths.js';

/**
 * `POST /api/translate` (Explore's 'Translate codes'): `{from, to, codes}` → each code's
 * targets in `to` with relation and path. Open to everyone, read-only; anonymous callers are
 * limited per address (each translation walks a scheme pair's link graph).
 */
export function translateRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter('/translate');
  router.post('/', anonymousLimit(app, 'reads'), anonymousLimit(app, 'translations'), async (ctx) => {
    const request = parseInput(translateRequest, ctx.request.body);
    ctx.body = (await translateCodes(app, request)) satisfies TranslateResult;
  });
  return router;
}
