import type Router from '@koa/router';
import type { JobAccepted } from '@og/shared/contracts/jobs';
import { type CrosswalkSets, crosswalkSetsQuery } from '@og/shared/contracts/links';
import type { AppContext } from '../../context.js';
import type { AppState } from '../../koa-types.js';
import { listCrosswalkSets, startCrosswalkSetRemoval } from '../../links/crosswalk-sets.js';
import { requireAdmin, requireUser } from '../../middleware/session.js';
import { parseInput } from '../../middleware/validate.js';
import { apiRouter } from '../api-paths.js';
import { requestKeyOf } from '../request-key.js';

/** Crosswalk sets: each import's links as a set, listed per scheme pair (signed-in users) and taken back as a `crosswalk.remove-set` job (admins). */
export function crosswalkSetRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter('/crosswalks/sets');
  router.use(requireUser());

  router.get('/', async (ctx) => {
    const { schemes } = parseInput(crosswalkSetsQuery, ctx.query, 'query');
    ctx.body = (await listCrosswalkSets(app, schemes)) satisfies CrosswalkSets;
  });

  router.delete('/:id', requireAdmin(), async (ctx) => {
    const accepted = await startCrosswalkSetRemoval(app, ctx.params.id!, { ownerId: ctx.state.session!.user.id, requestKey: requestKeyOf(ctx) });
    ctx.status = 202;
    ctx.body = accepted satisfies JobAccepted;
  });

  return router;
}
