import type Router from '@koa/router';
import type { JobAccepted } from '@og/shared/contracts/jobs';
import { linkSuggestionsQuery, suggestLinksRequest } from '@og/shared/contracts/link-suggestions';
import type { AppContext } from '../../context.js';
import type { AppState } from '../../koa-types.js';
import { readSuggestionsOfPair, startLinkSuggestions, suggestionsJson } from '../../links/link-suggestions.js';
import { requireAdmin, requireUser } from '../../middleware/session.js';
import { parseInput } from '../../middleware/validate.js';
import { apiRouter } from '../api-paths.js';
import { requestKeyOf } from '../request-key.js';

/**
 * Link suggestions (issue 31): an admin starts the `links.suggest` job of a scheme pair; a
 * logged-in user reads the pair's candidates, best first.
 */
export function linkSuggestionRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter('/links/suggestions');

  router.post('/', requireAdmin(), async (ctx) => {
    const request = parseInput(suggestLinksRequest, ctx.request.body);
    const accepted = await startLinkSuggestions(app, request, { ownerId: ctx.state.session!.user.id, requestKey: requestKeyOf(ctx) });
    ctx.status = 202;
    ctx.body = accepted satisfies JobAccepted;
  });

  router.get('/', requireUser(), async (ctx) => {
    const query = parseInput(linkSuggestionsQuery, ctx.query, 'query');
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.type = 'application/json';
    ctx.body = suggestionsJson(await readSuggestionsOfPair(app, query));
  });

  return router;
}
