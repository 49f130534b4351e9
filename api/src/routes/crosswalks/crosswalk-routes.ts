import type Router from '@koa/router';
import { schemeId } from '@og/shared/contracts/schemes';
import { AppError } from '@og/shared/errors/app-error';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { AppState } from '../../koa-types.js';
import { crosswalkFormats, exportCrosswalk } from '../../links/crosswalk-export.js';
import { requireUser } from '../../middleware/session.js';
import { parseInput } from '../../middleware/validate.js';
import { apiRouter } from '../api-paths.js';

const exportQuery = z.object({ format: z.enum(crosswalkFormats).default('sssom') });

/** Crosswalks as files: the links between two schemes, exported as SSSOM TSV or CSV. */
export function crosswalkRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter('/crosswalks');
  router.use(requireUser());

  router.get('/:source/:target', async (ctx) => {
    const pair = z.tuple([schemeId, schemeId]).safeParse([ctx.params.source, ctx.params.target]);
    if (!pair.success) throw new AppError('not_found', 'No such scheme pair.');
    const [source, target] = pair.data;
    if (source === target) throw new AppError('bad_request', 'A crosswalk joins two different schemes.');
    const { format } = parseInput(exportQuery, ctx.query, 'query');
    const file = await exportCrosswalk(app.schemes, { source, target, format, license: app.config.crosswalkLicense });
    ctx.type = file.contentType;
    ctx.attachment(file.fileName);
    ctx.body = file.body;
  });

  return router;
}
