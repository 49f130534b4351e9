import { AppError } from '@og/shared/errors/app-error';
import type { Queryable } from '../db/database.js';
import { type DatasetListRow, type DatasetViewer, deleteDatasetCollaborator } from '../db/queries/datasets.js';
import { requireDatasetManager } from './dataset-access.js';

/** Stops sharing a dataset with a user (owner or admin only). */
export async function removeDatasetCollaborator(
  db: Queryable,
  dataset: DatasetListRow,
  viewer: DatasetViewer,
  userId: string | undefined,
): Promise<void> {
  requireDatasetManager(dataset, viewer);
  const isCollaborator = dataset.collaborators.some((collaborator) => collaborator.id === userId);
  if (!userId || !isCollaborator || !(await deleteDatasetCollaborator(db, dataset.id, userId))) {
    throw new AppError('not_found', 'This user is not a collaborator on this dataset.');
  }
}
