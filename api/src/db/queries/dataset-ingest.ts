import type { DatasetState } from '@og/shared/contracts/datasets';
import type { Queryable } from '../database.js';

/** What an ingest reads of its dataset's row before it starts: where it stands, its settings, what a finished attempt stored. */
export interface DatasetToIngest {
  state: DatasetState;
  error: string | null;
  /** The wizard's settings as stored; the ingest validates them. */
  metadata: unknown;
  row_count: number | null;
  title_count: number | null;
  byte_size: number | null;
}

export async function findDatasetToIngest(db: Queryable, datasetId: string): Promise<DatasetToIngest | null> {
  const result = await db.query<DatasetToIngest>('SELECT state, error, metadata, row_count, title_count, byte_size FROM datasets WHERE id = $1', [datasetId]);
  return result.rows[0] ?? null;
}

/** Marks the dataset failed with the message people see; a dataset no longer ingesting is left alone. */
export async function markDatasetFailed(db: Queryable, datasetId: string, message: string): Promise<void> {
  await db.query(`UPDATE datasets SET state = 'failed', error = $2 WHERE id = $1 AND state = 'ingesting'`, [datasetId, message.slice(0, 2_000)]);
}
