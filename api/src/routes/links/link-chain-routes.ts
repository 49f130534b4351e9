import type Router from '@koa/router';
import { chainLinksRequest, type ChainLinksResult } from '@og/shared/contracts/link-suggestions';
import type { AppContext } from '../../context.js';
import type { AppState } from '../../koa-types.js';
import { linkChainedCandidates } from '../../links/chained-links.js';
import { requireAdmin } from '../../middleware/session.js';
import { parseInput } from '../../middleware/validate.js';

/**
 * `POST /api/links/chains {source, target}` (admins, issue 31): the pair's chained candidates made
 * links in one step, as one crosswalk set (links/chained-links.ts); answers `{setId, linked}`.
 */
export function addLinkChainRoutes(router: Router<AppState>, app: AppContext): void {
  router.post('/chains', requireAdmin(), async (ctx) => {
    const request = parseInput(chainLinksRequest, ctx.request.body);
    ctx.body = (await linkChainedCandidates(app.schemes, ctx.state.session!.user.id, request)) satisfies ChainLinksResult;
  });
}
