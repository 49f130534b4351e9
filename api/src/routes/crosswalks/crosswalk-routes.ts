import type Router from '@koa/router';
import type { JobAccepted } from '@og/shared/contracts/jobs';
import { type CrosswalkPreview, crosswalkImportFields } from '@og/shared/contracts/links';
import { schemeId } from '@og/shared/contracts/schemes';
import { AppError } from '@og/shared/errors/app-error';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { AppState } from '../../koa-types.js';
import { findVisibleJobRunOr404 } from '../../jobs/job-run-access.js';
import { listCrosswalkRefusals } from '../../db/queries/crosswalk-refusals.js';
import { receiveUpload } from '../../lib/receive-upload.js';
import { removeUpload, uploadsDirectory } from '../../lib/uploads.js';
import { crosswalkFormats, exportCrosswalk } from '../../links/crosswalk-export.js';
import { presentRefusalsCsv } from '../../links/crosswalk-presenter.js';
import { previewCrosswalk } from '../../links/crosswalk-preview.js';
import { startCrosswalkImport } from '../../links/start-crosswalk-import.js';
import { requireAdmin, requireUser } from '../../middleware/session.js';
import { parseInput } from '../../middleware/validate.js';
import { apiRouter } from '../api-paths.js';
import { requestKeyOf } from '../request-key.js';

const exportQuery = z.object({ format: z.enum(crosswalkFormats).default('sssom') });

/** Crosswalk files accepted for import: CSV, SSSOM TSV. */
const crosswalkExtensions = ['.csv', '.tsv', '.txt'];

/** Crosswalks as files: imported as a `crosswalk.import` job (admins), and the links between two schemes exported as SSSOM TSV or CSV. */
export function crosswalkRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter('/crosswalks');
  router.use(requireUser());

  router.post('/', requireAdmin(), async (ctx) => {
    const upload = await receiveUpload(ctx, { directory: uploadsDirectory(app.config), maxBytes: app.config.schemeFileLimitBytes, extensions: crosswalkExtensions });
    try {
      const fields = parseInput(crosswalkImportFields, upload.fields, 'form');
      const accepted = await startCrosswalkImport(app, fields, upload, { ownerId: ctx.state.session!.user.id, requestKey: requestKeyOf(ctx) });
      ctx.status = 202;
      ctx.body = accepted satisfies JobAccepted;
    } catch (error) {
      await removeUpload(app.config, upload.path);
      throw error;
    }
  });

  // The upload is read for the preview and removed: the import sends the file again.
  router.post('/preview', requireAdmin(), async (ctx) => {
    const upload = await receiveUpload(ctx, { directory: uploadsDirectory(app.config), maxBytes: app.config.schemeFileLimitBytes, extensions: crosswalkExtensions });
    try {
      const fields = parseInput(crosswalkImportFields, upload.fields, 'form');
      ctx.body = (await previewCrosswalk(upload.path, fields)) satisfies CrosswalkPreview;
    } finally {
      await removeUpload(app.config, upload.path);
    }
  });

  router.get('/imports/:jobId/refused.csv', async (ctx) => {
    const run = await findVisibleJobRunOr404(app.db, ctx.params.jobId!, ctx.state.session!.user, { kind: 'crosswalk.import', notFound: 'No such crosswalk import.' });
    const refusals = await listCrosswalkRefusals(app.db, run.id);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(`refused-rows-${run.id}.csv`);
    ctx.body = presentRefusalsCsv(refusals);
  });

  router.get('/:source/:target', async (ctx) => {
    const pair = z.tuple([schemeId, schemeId]).safeParse([ctx.params.source, ctx.params.target]);
    if (!pair.success) throw new AppError('not_found', 'No such scheme pair.');
    const [source, target] = pair.data;
    if (source === target) throw new AppError('bad_request', 'A crosswalk joins two different schemes.');
    const { format } = parseInput(exportQuery, ctx.query, 'query');
    const file = await exportCrosswalk(app.db, app.schemes, { source, target, format, license: app.config.crosswalkLicense });
    ctx.type = file.contentType;
    ctx.attachment(file.fileName);
    ctx.body = file.body;
  });

  return router;
}
