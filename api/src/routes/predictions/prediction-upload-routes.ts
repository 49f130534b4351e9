import type Router from '@koa/router';
import { type PredictionModelList, predictionRunRequest, type PredictionSetAccepted } from '@og/shared/contracts/predictions';
import { type PredictionPreview, type PredictionReading, predictionReading } from '@og/shared/contracts/prediction-reading';
import { AppError } from '@og/shared/errors/app-error';
import { PredictionFileError } from '../../predictions/prediction-file/prediction-file-error.js';
import { previewPredictionFile } from '../../predictions/preview-prediction-file.js';
import { SchemeCodeIndex } from '../../schemes/scheme-code-index.js';
import { createPredictionSet } from '../../predictions/create-prediction-set.js';
import { startPredictionRun } from '../../predictions/start-prediction-run.js';
import { findVisibleDatasetOr404 } from '../../datasets/dataset-access.js';
import type { AppContext } from '../../context.js';
import type { AppKoaContext, AppState } from '../../koa-types.js';
import { receiveUpload } from '../../lib/receive-upload.js';
import { removeUpload, uploadsDirectory } from '../../lib/uploads.js';
import { requireUser } from '../../middleware/session.js';
import { parseInput } from '../../middleware/validate.js';
import { predictionModelList } from '../../predictions/prediction-models.js';
import { apiRouter } from '../api-paths.js';
import { requestKeyOf } from '../request-key.js';

/** Prediction files: OCCPAST JSON (SPEC) and the CSV OccCANINE's `predict` writes (DESIGN §7). */
const predictionFileExtensions = ['.json', '.csv'];

/**
 * Prediction sets in (SPEC §7): `POST /api/predictions` (a standalone set, its uploader's) and
 * `POST /api/datasets/{datasetID}/predictions` (a set of a dataset the caller may see, once the
 * dataset is ready: its entries carry the dataset's totals). Multipart, field `file`, up to
 * PREDICTION_FILE_LIMIT (413 past it); 202 with the set's id, slug and the import job's id.
 */
export function predictionUploadRoutes(app: AppContext): Router<AppState> {
  const router = apiRouter();
  router.use(['/predictions', '/predictions/preview', '/datasets/:id/predictions', '/datasets/:id/prediction-runs'], requireUser());

  const receive = async (ctx: AppKoaContext, datasetId: string | null) => {
    const requestKey = requestKeyOf(ctx);
    const upload = await receiveUpload(ctx, { directory: uploadsDirectory(app.config), maxBytes: app.config.predictionFileLimitBytes, extensions: predictionFileExtensions });
    let reading: PredictionReading | null;
    try {
      reading = readingField(upload.fields);
    } catch (error) {
      await removeUpload(app.config, upload.path);
      throw error;
    }
    ctx.status = 202;
    ctx.body = (await createPredictionSet(app, ctx.state.session!.user.id, datasetId, { path: upload.path, originalName: upload.originalName, reading }, requestKey)) satisfies PredictionSetAccepted;
  };

  router.post('/predictions', (ctx) => receive(ctx, null));

  // The column-mapping step (issue 28): the start of a file in (`partial`: 'true' when it is only the
  // start of a longer file), the reading proposed (or the one sent, applied) and the first entries
  // out. The upload is removed once read.
  const codeIndex = new SchemeCodeIndex(app.schemes.trees);
  router.post('/predictions/preview', async (ctx) => {
    const upload = await receiveUpload(ctx, { directory: uploadsDirectory(app.config), maxBytes: app.config.predictionFileLimitBytes, extensions: predictionFileExtensions });
    try {
      const reading = readingField(upload.fields);
      const partial = upload.fields.partial === 'true';
      ctx.body = (await previewPredictionFile(upload.path, reading, codeIndex, { partial }).catch((error: unknown) => {
        throw error instanceof PredictionFileError ? new AppError('bad_request', error.message) : error;
      })) satisfies PredictionPreview;
    } finally {
      await removeUpload(app.config, upload.path);
    }
  });

  router.post('/datasets/:id/predictions', async (ctx) => {
    const dataset = await findVisibleDatasetOr404(app.db, ctx.params.id, ctx.state.session!.user);
    if (dataset.state !== 'ready') throw new AppError('conflict', 'The dataset is not ready yet: predictions join its titles once it is ingested.', { state: dataset.state });
    await receive(ctx, dataset.id);
  });

  /** The models 'Run predictions' offers, and which this server can run. */
  router.get('/prediction-models', requireUser(), (ctx) => {
    ctx.body = predictionModelList(app.config) satisfies PredictionModelList;
  });

  /** 'Run predictions': code the dataset's titles into a scheme with a coder ('builtin' by default); 202 with the new set and its job. */
  router.post('/datasets/:id/prediction-runs', async (ctx) => {
    const viewer = ctx.state.session!.user;
    const dataset = await findVisibleDatasetOr404(app.db, ctx.params.id, viewer);
    const request = parseInput(predictionRunRequest, ctx.request.body ?? {});
    ctx.status = 202;
    ctx.body = (await startPredictionRun(app, viewer, dataset, request, requestKeyOf(ctx))) satisfies PredictionSetAccepted;
  });

  return router;
}

/** The optional multipart field `reading`: the column-mapping step's reading as JSON text. */
function readingField(fields: Record<string, string>): PredictionReading | null {
  const text = fields.reading;
  if (text === undefined || text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'The field reading is not JSON: send the reading as the preview answered it.');
  }
  return parseInput(predictionReading, value, 'reading');
}
