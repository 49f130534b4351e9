import type { ConversionAccepted, ConversionRequest } from '@og/shared/contracts/conversions';
import { AppError } from '@og/shared/errors/app-error';
import { jobIdFor } from '@og/shared/jobs/job-kinds';
import { schemeById, type SchemeId } from '@og/shared/domain/schemes';
import type { AppContext } from '../context.js';
import { deleteConversionRow, findConversionByJobId, insertConversion } from '../db/queries/conversions.js';
import { type DatasetRow, type DatasetViewer, findVisibleDataset } from '../db/queries/datasets.js';
import { datasetHasMappedEntries, findPredictionSet } from '../db/queries/prediction-sets.js';
import { defaultWeighting } from './conversion-weighting.js';

/**
 * 'New conversion' and 'Add translation': a conversion of the dataset's codes (or of a
 * prediction set's reviewed mappings) into the target scheme, 'running' until its
 * `conversion.run` job has stored the result. Refused with the reason when there is nothing to
 * convert, the target scheme has no codes, or the reference dataset does not fit. Without a
 * weighting, the crosswalk's weights when its links carry some (./conversion-weighting.ts).
 */
export async function startConversion(
  app: Pick<AppContext, 'db' | 'jobs' | 'schemes'>,
  viewer: DatasetViewer,
  dataset: Pick<DatasetRow, 'id' | 'state' | 'metadata'>,
  request: ConversionRequest,
  requestKey: string,
): Promise<ConversionAccepted> {
  if (dataset.state !== 'ready') throw new AppError('conflict', 'The dataset is not ready yet: it can be converted once it is ingested.', { state: dataset.state });
  const target = request.targetScheme as SchemeId;
  if (Object.keys((await app.schemes.trees.get(target)).tree.lookup).length === 0) {
    throw new AppError('bad_request', `${schemeById(target).label} has no codes yet: import the scheme first.`);
  }
  if (request.predictionSetId) {
    const set = await findPredictionSet(app.db, request.predictionSetId);
    if (!set || set.dataset_id !== dataset.id) throw new AppError('bad_request', 'That prediction set is not one of this dataset’s.');
    if (set.state !== 'ready') throw new AppError('conflict', 'The prediction set is not ready yet.');
  } else if (!dataset.metadata.codeColumn || !dataset.metadata.scheme) {
    if (!(await datasetHasMappedEntries(app.db, dataset.id))) throw new AppError('bad_request', 'The dataset has no codes to convert: it has no code column in a scheme, and none of its titles is mapped in a review.');
  }
  if (request.referenceDatasetId) {
    const reference = await findVisibleDataset(app.db, request.referenceDatasetId, viewer);
    if (!reference) throw new AppError('bad_request', 'The reference dataset was not found.');
    if (reference.state !== 'ready') throw new AppError('conflict', 'The reference dataset is not ready yet.');
    if (!reference.metadata.codeColumn || reference.metadata.scheme !== target) {
      throw new AppError('bad_request', `The reference dataset must be coded in ${schemeById(target).label}, the target scheme.`);
    }
  }

  const jobId = jobIdFor('conversion.run', requestKey);
  const existing = await findConversionByJobId(app.db, jobId);
  if (existing) return { conversionId: existing.id, jobId };
  const weighting = request.weighting ?? (await defaultWeighting(app, dataset, { targetScheme: target, predictionSetId: request.predictionSetId })).weighting;
  const conversion = await insertConversion(app.db, {
    datasetId: dataset.id,
    predictionSetId: request.predictionSetId ?? null,
    ownerId: viewer.id,
    targetScheme: target,
    targetDepth: request.targetDepth,
    aggregation: request.aggregation,
    weighting,
    referenceDatasetId: request.referenceDatasetId ?? null,
    totalsColumns: dataset.metadata.totalsColumns ?? [],
    jobId,
  });
  if (!conversion.created) return { conversionId: conversion.id, jobId };
  try {
    const run = await app.jobs.enqueue(app.db, 'conversion.run', { conversionId: conversion.id, actorId: viewer.id }, { ownerId: viewer.id, requestKey });
    return { conversionId: conversion.id, jobId: run.id };
  } catch (error) {
    await deleteConversionRow(app.db, conversion.id);
    throw error;
  }
}
