import { AppError } from '@og/shared/errors/app-error';
import { type Database, inTransaction, setLocalLockTimeout } from '../db/database.js';
import { dropOwnedTables } from '../db/queries/owned-tables.js';
import { cancelPredictionIndexBuilds, deletePredictionSetRow, findPredictionSetTables } from '../db/queries/prediction-sets.js';

/**
 * Deletes a set's row and its tables in one transaction, waiting at most 10 s for readers of the
 * entries (dropping a partition locks the whole `prediction_entries` table: waiting longer would
 * hold up every review behind it). A running import finds its set gone and drops its own tables
 * (its index builds on a ready set's partition are cancelled, not waited for).
 */
export async function deletePredictionSet(db: Database, setId: string): Promise<void> {
  try {
    await inTransaction(db, async (client) => {
      await setLocalLockTimeout(client, '10s');
      await deletePredictionSetRow(client, setId);
      await cancelPredictionIndexBuilds(client, setId);
      await dropOwnedTables(client, await findPredictionSetTables(client, setId));
    });
  } catch (error) {
    if ((error as { code?: string }).code === '55P03') {
      throw new AppError('service_unavailable', 'The prediction set is being read right now; try deleting it again in a moment.');
    }
    throw error;
  }
}
