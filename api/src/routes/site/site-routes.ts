import type Router from '@koa/router';
import type { SiteInfo } from '@og/shared/contracts/public';
import type { AppContext } from '../../context.js';
import type { AppState } from '../../koa-types.js';
import { anonymousLimit } from '../../middleware/anonymous-limit.js';
import { apiRouter } from '../api-paths.js';
import { SitePartners } from './site-files.js';

/** `GET /api/site`: the landing's partners, as configured in SITE_DIR (nothing of them is in the code). */
export function siteRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter('/site');
  const partners = new SitePartners(app.config.siteDir);
  router.get('/', anonymousLimit(app, 'reads'), async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = (await partners.read()) satisfies SiteInfo;
  });
  return router;
}
