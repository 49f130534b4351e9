import type Router from '@koa/router';
import { type CodeMatches, codeMatchesRequest } from '@og/shared/contracts/schemes';
import type { AppContext } from '../../context.js';
import type { AppState } from '../../koa-types.js';
import { requireUser } from '../../middleware/session.js';
import { parseInput } from '../../middleware/validate.js';
import { SchemeCodeIndex } from '../../schemes/scheme-code-index.js';
import { apiRouter } from '../api-paths.js';

/**
 * `POST /api/schemes/code-matches`: which schemes a sample of a file's codes are codes of, for
 * the upload wizard to pre-pick the scheme of a code column (SPEC §2 "Upload wizard").
 */
export function codeMatchRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter('/schemes');
  const index = new SchemeCodeIndex(app.schemes.trees);
  router.use(requireUser());

  router.post('/code-matches', async (ctx) => {
    const { codes } = parseInput(codeMatchesRequest, ctx.request.body);
    ctx.body = (await index.countMatches(codes)) satisfies CodeMatches;
  });

  return router;
}
