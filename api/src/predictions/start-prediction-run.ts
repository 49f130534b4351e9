import { predictionModelLabels, type PredictionRunRequest, type PredictionSetAccepted } from '@og/shared/contracts/predictions';
import { AppError } from '@og/shared/errors/app-error';
import { jobIdFor } from '@og/shared/jobs/job-kinds';
import { schemeById, type SchemeId } from '@og/shared/domain/schemes';
import type { AppContext } from '../context.js';
import { deletePredictionSetRow, findPredictionSetByJobId, insertPredictionSet } from '../db/queries/prediction-sets.js';
import type { DatasetRow, DatasetViewer } from '../db/queries/datasets.js';
import { modelUnavailable } from './prediction-models.js';
import { predictionSetSlug } from './create-prediction-set.js';

/**
 * 'Run predictions': a new prediction set of the dataset (re-running replaces nothing),
 * 'importing' until its `predictions.run` job has coded the titles and stored them. Refused with
 * 400 when there is nothing to code, the scheme has no codes, or the model is not configured; a
 * repeated request with the same Idempotency-Key answers the same set.
 */
export async function startPredictionRun(
  app: Pick<AppContext, 'db' | 'jobs' | 'schemes' | 'config'>,
  viewer: DatasetViewer,
  dataset: Pick<DatasetRow, 'id' | 'state' | 'metadata'>,
  request: PredictionRunRequest,
  requestKey: string,
  options: { whenIngested?: boolean } = {},
): Promise<PredictionSetAccepted> {
  const scheme = request.scheme as SchemeId;
  // The upload wizard's 'Make predictions in a given scheme' asks before the file is read: the job waits for it.
  const waits = options.whenIngested && dataset.state === 'ingesting';
  if (dataset.state !== 'ready' && !waits) throw new AppError('conflict', 'The dataset is not ready yet: its titles can be coded once it is ingested.', { state: dataset.state });
  if (!dataset.metadata.titleColumn) throw new AppError('bad_request', 'The dataset has no title column: there are no titles to code.');
  const unavailable = modelUnavailable(app.config, request.model);
  if (unavailable) throw new AppError('bad_request', `The model ${request.model} is not configured on this server: ${unavailable}`);
  if (request.model === 'occcanine' && scheme !== 'hisco') throw new AppError('bad_request', 'OccCANINE codes into HISCO only.');
  const codes = Object.keys((await app.schemes.trees.get(scheme)).tree.lookup).length;
  if (codes === 0) throw new AppError('bad_request', `${schemeById(scheme).label} has no codes yet: import the scheme first.`);

  const jobId = jobIdFor('predictions.run', requestKey);
  const existing = await findPredictionSetByJobId(app.db, jobId);
  if (existing) return { predictionSetId: existing.id, slug: existing.slug, jobId };
  const name = `${dataset.metadata.title} · ${request.model === 'builtin' ? 'built-in coder' : predictionModelLabels[request.model]} · ${schemeById(scheme).label}`.slice(0, 300);
  const set = await insertPredictionSet(app.db, { slug: predictionSetSlug(name), name, ownerId: viewer.id, datasetId: dataset.id, jobId });
  try {
    const run = await app.jobs.enqueue(app.db, 'predictions.run', { predictionSetId: set.id, datasetId: dataset.id, scheme, model: request.model, actorId: viewer.id }, { ownerId: viewer.id, requestKey });
    return { predictionSetId: set.id, slug: set.slug, jobId: run.id };
  } catch (error) {
    await deletePredictionSetRow(app.db, set.id);
    throw error;
  }
}
