import type Router from '@koa/router';
import { linkRejectionRequest } from '@og/shared/contracts/link-suggestions';
import { schemeId } from '@og/shared/contracts/schemes';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { AppState } from '../../koa-types.js';
import { listLinkRejections, rejectLink, unrejectLink } from '../../links/link-rejections.js';
import { requireAdmin, requireUser } from '../../middleware/session.js';
import { parseInput } from '../../middleware/validate.js';

const rejectionsQuery = z
  .object({ source: schemeId, target: schemeId })
  .refine((query) => query.source !== query.target, { message: 'Name two different schemes', path: ['target'] });

/**
 * Negative mappings on the links router (`/api/links/rejections`, issue 31): the pair's
 * rejections for logged-in users (`?source=&target=`, read from source to target); rejecting a
 * pair and taking a rejection back for admins, with a link's payload (links/link-rejections.ts).
 */
export function addLinkRejectionRoutes(router: Router<AppState>, app: AppContext): void {
  const { schemes } = app;

  router.get('/rejections', requireUser(), async (ctx) => {
    const { source, target } = parseInput(rejectionsQuery, ctx.query, 'query');
    ctx.body = { rejections: await listLinkRejections(schemes, source, target) };
  });

  router.post('/rejections', requireAdmin(), async (ctx) => {
    await rejectLink(schemes, ctx.state.session!.user.id, parseInput(linkRejectionRequest, ctx.request.body));
    ctx.status = 204;
  });

  router.delete('/rejections', requireAdmin(), async (ctx) => {
    await unrejectLink(schemes, ctx.state.session!.user.id, parseInput(linkRejectionRequest, ctx.request.body));
    ctx.status = 204;
  });
}
