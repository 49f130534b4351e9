import { isUuid } from '@og/shared/domain/ids';
import { AppError } from '@og/shared/errors/app-error';
import type { Queryable } from '../db/database.js';
import { type DatasetListRow, type DatasetViewer, findVisibleDataset } from '../db/queries/datasets.js';

/**
 * The dataset with this id if the viewer may see it (owner, collaborator, admin). Otherwise a
 * 404, whether the id is unknown, malformed or someone else's, so that ids do not leak.
 */
export async function findVisibleDatasetOr404(db: Queryable, id: string | undefined, viewer: DatasetViewer): Promise<DatasetListRow> {
  const row = id && isUuid(id) ? await findVisibleDataset(db, id, viewer) : null;
  if (!row) throw new AppError('not_found', 'No such dataset.');
  return row;
}

/** A dataset's rows can be read once it is ingested; before that (or after it failed) 409, saying which. */
export function requireIngestedDataset(dataset: DatasetListRow): void {
  if (dataset.state === 'ready') return;
  const message = dataset.state === 'ingesting' ? 'The dataset is still being ingested.' : `The dataset could not be ingested: ${dataset.error ?? 'unknown error'}`;
  throw new AppError('conflict', message, { state: dataset.state, error: dataset.error });
}

/** Only the owner or an administrator may delete a dataset or change who shares it (collaborators get 403). */
export function requireDatasetManager(dataset: DatasetListRow, viewer: DatasetViewer): void {
  if (dataset.owner_id !== viewer.id && viewer.role !== 'admin') {
    throw new AppError('forbidden', 'Only the owner of this dataset or an administrator may do this.');
  }
}
