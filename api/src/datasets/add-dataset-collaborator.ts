import { AppError } from '@og/shared/errors/app-error';
import type { Queryable } from '../db/database.js';
import { type DatasetListRow, type DatasetViewer, insertDatasetCollaborator } from '../db/queries/datasets.js';
import { findUserByUsername } from '../db/queries/users.js';
import { requireDatasetManager } from './dataset-access.js';

/** Shares a dataset with the user of this name (owner or admin only). Adding someone twice changes nothing. */
export async function addDatasetCollaborator(db: Queryable, dataset: DatasetListRow, viewer: DatasetViewer, username: string): Promise<void> {
  requireDatasetManager(dataset, viewer);
  const user = await findUserByUsername(db, username);
  if (!user) throw new AppError('not_found', `There is no user named "${username}".`);
  if (user.id === dataset.owner_id) throw new AppError('bad_request', `${user.username} owns this dataset already.`);
  try {
    await insertDatasetCollaborator(db, dataset.id, user.id);
  } catch (error) {
    // The dataset (or the user) was deleted meanwhile.
    if ((error as { code?: string }).code === '23503') throw new AppError('not_found', 'No such dataset.');
    throw error;
  }
}
