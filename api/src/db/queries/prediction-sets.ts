import pg from 'pg';
import type { PredictionFilter, ReviewOrder } from '@og/shared/contracts/predictions';
import type { Queryable } from '../database.js';

export type PredictionSetState = 'importing' | 'ready' | 'failed';

export interface PredictionSetRow {
  id: string;
  slug: string;
  name: string;
  owner_id: string | null;
  dataset_id: string | null;
  state: PredictionSetState;
  error: string | null;
  job_id: string | null;
  format: string | null;
  threshold: number;
  filter: PredictionFilter;
  review_order: ReviewOrder;
  total: number;
  stats: Record<string, unknown>;
  created_at: Date;
  ready_at: Date | null;
}

/** A set row as read, or as a dataset's list aggregates it to JSON (dates as text). */
export type PredictionSetRecord = Omit<PredictionSetRow, 'created_at' | 'ready_at'> & { created_at: Date | string; ready_at: Date | string | null };

export const predictionSetIdHex = (setId: string): string => setId.replace(/-/g, '').toLowerCase();

/** The set's partition of `prediction_entries` (standalone while the import fills it). */
export const predictionEntriesTable = (setId: string): string => `prediction_entries_${predictionSetIdHex(setId)}`;

/** The import's staging table: one line per prediction of the file, grouped into the partition at the end. */
export const predictionStagingTable = (setId: string): string => `prediction_staging_${predictionSetIdHex(setId)}`;

/** Every table of this set (its partition, attached or not, and any staging table of an import attempt). */
export async function findPredictionSetTables(db: Queryable, setId: string): Promise<{ name: string; attached: boolean }[]> {
  const hex = predictionSetIdHex(setId);
  if (!/^[0-9a-f]{32}$/.test(hex)) return [];
  const result = await db.query<{ name: string; attached: boolean }>(
    `SELECT c.relname AS name, c.relispartition AS attached FROM pg_class c
      WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
        AND c.relkind IN ('r', 'p') AND c.relname IN ($1, $2)
      ORDER BY c.relname`,
    [predictionEntriesTable(setId), predictionStagingTable(setId)],
  );
  return result.rows;
}

/** Drops what an import attempt left: its staging table and its partition while not attached. */
export async function dropLeftoverPredictionTables(db: Queryable, setId: string): Promise<void> {
  for (const table of await findPredictionSetTables(db, setId)) {
    if (!table.attached) await db.query(`DROP TABLE IF EXISTS ${pg.escapeIdentifier(table.name)}`);
  }
}

export async function findPredictionSet(db: Queryable, setId: string): Promise<PredictionSetRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(setId)) return null;
  const result = await db.query<PredictionSetRow>('SELECT * FROM prediction_sets WHERE id = $1', [setId]);
  return result.rows[0] ?? null;
}

/** A set's import failed for good: it says why, and its tables go. */
export async function markPredictionSetFailed(db: Queryable, setId: string, message: string): Promise<void> {
  await db.query(`UPDATE prediction_sets SET state = 'failed', error = $2 WHERE id = $1 AND state = 'importing'`, [setId, message]);
}

export async function insertPredictionSet(
  db: Queryable,
  set: { slug: string; name: string; ownerId: string; datasetId: string | null; jobId: string },
): Promise<PredictionSetRow> {
  const result = await db.query<PredictionSetRow>(
    `INSERT INTO prediction_sets (slug, name, owner_id, dataset_id, job_id) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
    [set.slug, set.name, set.ownerId, set.datasetId, set.jobId],
  );
  return result.rows[0]!;
}

export async function findPredictionSetByJobId(db: Queryable, jobId: string): Promise<PredictionSetRow | null> {
  const result = await db.query<PredictionSetRow>('SELECT * FROM prediction_sets WHERE job_id = $1', [jobId]);
  return result.rows[0] ?? null;
}

export async function deletePredictionSetRow(db: Queryable, setId: string): Promise<void> {
  await db.query('DELETE FROM prediction_sets WHERE id = $1', [setId]);
}

/** The sets of a dataset, whose entries go with it. */
export async function listDatasetPredictionSetIds(db: Queryable, datasetId: string): Promise<string[]> {
  return (await db.query<{ id: string }>('SELECT id FROM prediction_sets WHERE dataset_id = $1', [datasetId])).rows.map((row) => row.id);
}

/** The state of the job that made a bulk acceptance of this set (its batch id is in the job's input), if its run is still recorded. */
export async function findBulkAcceptanceState(db: Queryable, setId: string, batchId: string): Promise<string | null> {
  const result = await db.query<{ state: string }>(
    `SELECT state FROM job_runs WHERE kind = 'predictions.bulk-accept' AND input->>'batchId' = $1 AND input->>'predictionSetId' = $2`,
    [batchId, setId],
  );
  return result.rows[0]?.state ?? null;
}
