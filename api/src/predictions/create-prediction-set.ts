import crypto from 'node:crypto';
import type { PredictionReading } from '@og/shared/contracts/prediction-reading';
import type { PredictionSetAccepted } from '@og/shared/contracts/predictions';
import { AppError } from '@og/shared/errors/app-error';
import { jobIdFor } from '@og/shared/jobs/job-kinds';
import type { AppContext } from '../context.js';
import { deletePredictionSetRow, findPredictionSetByJobId, insertPredictionSet } from '../db/queries/prediction-sets.js';
import { removeUpload } from '../lib/uploads.js';

/** A stored prediction file waiting to be imported. */
export interface StoredPredictionUpload {
  path: string;
  originalName: string;
  /** The column-mapping step's reading; null: the layout is recognised. */
  reading?: PredictionReading | null;
}

/** A set's name from its file's ('occcanine_toydata_predictions.csv' → 'occcanine_toydata_predictions'). */
export function predictionSetName(originalName: string): string {
  const name = originalName.replace(/\.[^.]*$/, '').trim();
  return (name || 'predictions').slice(0, 300);
}

/** A slug for addresses (SPEC: /review/{slug}): the name's letters and digits, and a short random tail that keeps it unique. */
export function predictionSetSlug(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
  return `${base || 'set'}-${crypto.randomBytes(3).toString('hex')}`;
}

/**
 * Creates a prediction set (state 'importing') for a stored file and queues its
 * `predictions.import` job, as createDataset does for datasets: the set's row is committed before
 * the job is queued; a repeated request with the same Idempotency-Key answers the same set; if
 * queueing fails the row and the file go.
 */
export async function createPredictionSet(
  app: Pick<AppContext, 'db' | 'jobs' | 'config'>,
  ownerId: string,
  datasetId: string | null,
  upload: StoredPredictionUpload,
  requestKey: string,
): Promise<PredictionSetAccepted> {
  const jobId = jobIdFor('predictions.import', requestKey);
  let setId: string;
  try {
    const existing = await findPredictionSetByJobId(app.db, jobId);
    if (existing) {
      await removeUpload(app.config, upload.path);
      return { predictionSetId: existing.id, slug: existing.slug, jobId };
    }
    const name = predictionSetName(upload.originalName);
    setId = (await insertPredictionSet(app.db, { slug: predictionSetSlug(name), name, ownerId, datasetId, jobId })).id;
  } catch (error) {
    await removeUpload(app.config, upload.path);
    if ((error as { code?: string }).code === '23505') {
      const winner = await findPredictionSetByJobId(app.db, jobId);
      if (winner) return { predictionSetId: winner.id, slug: winner.slug, jobId };
    }
    throw error;
  }
  try {
    const run = await app.jobs.enqueue(app.db, 'predictions.import', { predictionSetId: setId, path: upload.path, originalName: upload.originalName, ...(upload.reading ? { reading: upload.reading } : {}) }, { ownerId, requestKey });
    const queuedFor = (run.input as { predictionSetId?: string } | null)?.predictionSetId;
    if (queuedFor && queuedFor !== setId) {
      throw new AppError('conflict', 'This Idempotency-Key was used for a prediction set that has since been deleted; send the file with a new key.');
    }
    const slug = (await findPredictionSetByJobId(app.db, jobId))!.slug;
    return { predictionSetId: setId, slug, jobId: run.id };
  } catch (error) {
    await deletePredictionSetRow(app.db, setId);
    await removeUpload(app.config, upload.path);
    throw error;
  }
}
