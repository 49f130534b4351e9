import { isUuid } from '@og/shared/domain/ids';
import { AppError } from '@og/shared/errors/app-error';
import type { Queryable } from '../db/database.js';
import { type DatasetViewer, findDatasetOwnerId } from '../db/queries/datasets.js';
import { findVisiblePredictionSet, type PredictionSetRow } from '../db/queries/prediction-sets.js';

/**
 * The set named by its id or its slug, if the viewer may see it (and, with `datasetId`, if it is
 * that dataset's); otherwise a 404 (ids do not leak).
 */
export async function findVisiblePredictionSetOr404(
  db: Queryable,
  idOrSlug: string | undefined,
  viewer: DatasetViewer,
  options: { datasetId?: string } = {},
): Promise<PredictionSetRow> {
  const row = idOrSlug ? await findVisiblePredictionSet(db, isUuid(idOrSlug) ? { id: idOrSlug } : { slug: idOrSlug }, viewer) : null;
  if (!row || (options.datasetId !== undefined && row.dataset_id !== options.datasetId)) throw new AppError('not_found', 'No such prediction set.');
  return row;
}

/** A set's entries can be read once its import is done; before that (or after it failed) 409, saying which. */
export function requireReadySet(set: PredictionSetRow): void {
  if (set.state === 'ready') return;
  const message = set.state === 'importing' ? 'The prediction set is still being imported.' : `The prediction set could not be imported: ${set.error ?? 'unknown error'}`;
  throw new AppError('conflict', message, { state: set.state, error: set.error });
}

/** A set the viewer may see (else 404) that is ready (else 409): what most of a set's routes start from. */
export async function findReadySetOr404(db: Queryable, idOrSlug: string | undefined, viewer: DatasetViewer): Promise<PredictionSetRow> {
  const set = await findVisiblePredictionSetOr404(db, idOrSlug, viewer);
  requireReadySet(set);
  return set;
}

/** Only a set's owner (a dataset's set: the dataset's owner) or an administrator may delete it (others who see it get 403). */
export async function requirePredictionSetManager(db: Queryable, set: PredictionSetRow, viewer: DatasetViewer): Promise<void> {
  const owner = set.dataset_id ? await findDatasetOwnerId(db, set.dataset_id) : set.owner_id;
  if (owner !== viewer.id && viewer.role !== 'admin') throw new AppError('forbidden', 'Only the owner of this prediction set or an administrator may delete it.');
}
