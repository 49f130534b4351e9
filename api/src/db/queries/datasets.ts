import pg from 'pg';
import type { Role } from '@og/shared/contracts/auth';
import type { DatasetMetadata, DatasetState } from '@og/shared/contracts/datasets';
import type { JobProgress, JobState } from '@og/shared/jobs/job-kinds';
import type { Queryable } from '../database.js';
import type { PredictionSetRecord } from './prediction-sets.js';

/** What `datasets.metadata` holds: the validated wizard metadata and the uploaded file's name. */
export type StoredDatasetMetadata = DatasetMetadata & { originalName: string | null };

export interface DatasetRow {
  id: string;
  owner_id: string | null;
  title: string;
  metadata: StoredDatasetMetadata;
  state: DatasetState;
  error: string | null;
  job_id: string | null;
  byte_size: number | null;
  row_count: number | null;
  title_count: number | null;
  created_at: Date;
  ready_at: Date | null;
}

/** A dataset with what lists show beside it: owner, collaborators and its ingest job's live state. */
export interface DatasetListRow extends DatasetRow {
  owner_username: string | null;
  owner_name: string | null;
  collaborators: { id: string; username: string; name: string }[];
  prediction_sets: PredictionSetRecord[];
  job_state: JobState | null;
  job_progress: JobProgress | null;
}

/** Who is asking: visibility and rights depend on the id and the role. */
export interface DatasetViewer {
  id: string;
  role: Role;
}

export interface DatasetTitleRow {
  title: string;
  code: string;
  totals: number[];
  occurrences: number;
}

const listColumns = /* sql */ `
  d.*, owner.username AS owner_username, owner.name AS owner_name,
  job.state AS job_state, job.progress AS job_progress,
  COALESCE((SELECT json_agg(json_build_object('id', u.id, 'username', u.username, 'name', u.name) ORDER BY u.username)
              FROM dataset_collaborators c JOIN users u ON u.id = c.user_id
             WHERE c.dataset_id = d.id), '[]'::json) AS collaborators,
  COALESCE((SELECT json_agg(s ORDER BY s.created_at) FROM prediction_sets s WHERE s.dataset_id = d.id), '[]'::json) AS prediction_sets`;
const listJoins = /* sql */ `
  FROM datasets d
  LEFT JOIN users owner ON owner.id = d.owner_id
  LEFT JOIN job_runs job ON job.id = d.job_id`;
/** A dataset is visible to its owner, its collaborators and admins ($1 the user's id, $2 true for an admin). */
const visibleTo = /* sql */ `
  ($2::boolean OR d.owner_id = $1
   OR EXISTS (SELECT 1 FROM dataset_collaborators c WHERE c.dataset_id = d.id AND c.user_id = $1))`;

export async function insertDataset(
  db: Queryable,
  dataset: { ownerId: string; metadata: StoredDatasetMetadata; jobId: string; byteSize: number },
): Promise<DatasetRow> {
  const result = await db.query<DatasetRow>(
    `INSERT INTO datasets (owner_id, title, metadata, state, job_id, byte_size)
     VALUES ($1, $2, $3, 'ingesting', $4, $5) RETURNING *`,
    [dataset.ownerId, dataset.metadata.title, JSON.stringify(dataset.metadata), dataset.jobId, dataset.byteSize],
  );
  return result.rows[0]!;
}

export async function findDatasetByJobId(db: Queryable, jobId: string): Promise<DatasetRow | null> {
  const result = await db.query<DatasetRow>('SELECT * FROM datasets WHERE job_id = $1', [jobId]); // job_id is unique
  return result.rows[0] ?? null;
}

export async function datasetExists(db: Queryable, datasetId: string): Promise<boolean> {
  return Boolean((await db.query('SELECT 1 FROM datasets WHERE id = $1', [datasetId])).rowCount);
}

/** A dataset's title and totals columns, as its prediction sets' review shows them; null when it is gone. */
export async function findDatasetHeading(db: Queryable, datasetId: string): Promise<{ id: string; title: string; totalsColumns: string[] } | null> {
  const result = await db.query<{ id: string; title: string; columns: string[] | null }>(
    `SELECT id, title, ARRAY(SELECT jsonb_array_elements_text(metadata->'totalsColumns')) AS columns FROM datasets WHERE id = $1`,
    [datasetId],
  );
  const row = result.rows[0];
  return row ? { id: row.id, title: row.title, totalsColumns: row.columns ?? [] } : null;
}

/** A dataset's metadata; null when it is gone. */
export async function findDatasetMetadata(db: Queryable, datasetId: string): Promise<StoredDatasetMetadata | null> {
  const result = await db.query<{ metadata: StoredDatasetMetadata }>('SELECT metadata FROM datasets WHERE id = $1', [datasetId]);
  return result.rows[0]?.metadata ?? null;
}

/** The user who owns a dataset; null when it has none or is gone. */
export async function findDatasetOwnerId(db: Queryable, datasetId: string): Promise<string | null> {
  const result = await db.query<{ owner_id: string | null }>('SELECT owner_id FROM datasets WHERE id = $1', [datasetId]);
  return result.rows[0]?.owner_id ?? null;
}

/** Every dataset the viewer may see, newest first. */
export async function listVisibleDatasets(db: Queryable, viewer: DatasetViewer): Promise<DatasetListRow[]> {
  const result = await db.query<DatasetListRow>(
    `SELECT ${listColumns} ${listJoins} WHERE ${visibleTo} ORDER BY d.created_at DESC, d.id DESC`,
    [viewer.id, viewer.role === 'admin'],
  );
  return result.rows;
}

/** The dataset with this id if the viewer may see it, else null (unknown and hidden look the same). */
export async function findVisibleDataset(db: Queryable, id: string, viewer: DatasetViewer): Promise<DatasetListRow | null> {
  const result = await db.query<DatasetListRow>(`SELECT ${listColumns} ${listJoins} WHERE d.id = $3 AND ${visibleTo}`, [
    viewer.id,
    viewer.role === 'admin',
    id,
  ]);
  return result.rows[0] ?? null;
}

export async function deleteDatasetRow(db: Queryable, id: string): Promise<boolean> {
  const result = await db.query('DELETE FROM datasets WHERE id = $1', [id]);
  return (result.rowCount ?? 0) > 0;
}

/** Answers false when the user already was a collaborator. */
export async function insertDatasetCollaborator(db: Queryable, datasetId: string, userId: string): Promise<boolean> {
  const result = await db.query(
    'INSERT INTO dataset_collaborators (dataset_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
    [datasetId, userId],
  );
  return (result.rowCount ?? 0) > 0;
}

export async function deleteDatasetCollaborator(db: Queryable, datasetId: string, userId: string): Promise<boolean> {
  const result = await db.query('DELETE FROM dataset_collaborators WHERE dataset_id = $1 AND user_id = $2', [datasetId, userId]);
  return (result.rowCount ?? 0) > 0;
}

/** Whether this user collaborates on the dataset whose ingest job this is (for Socket.IO job rooms). */
export async function isCollaboratorOnJobDataset(db: Queryable, jobId: string, userId: string): Promise<boolean> {
  const result = await db.query(
    `SELECT 1 FROM datasets d JOIN dataset_collaborators c ON c.dataset_id = d.id
      WHERE d.job_id = $1 AND c.user_id = $2 LIMIT 1`,
    [jobId, userId],
  );
  return (result.rowCount ?? 0) > 0;
}

/** The uuid of a dataset without dashes: every table of a dataset has it in its name. */
export const datasetIdHex = (datasetId: string): string => datasetId.replace(/-/g, '').toLowerCase();

/** The dataset's partition of `dataset_titles` (standalone while the ingest job fills it). */
export const datasetTitlesTable = (datasetId: string): string => `dataset_titles_${datasetIdHex(datasetId)}`;

/**
 * Every table in the current schema that belongs to this dataset: its partition (attached or
 * still standalone) and any staging table of an ingest attempt. They all carry the id's hex.
 */
export async function findDatasetTables(db: Queryable, datasetId: string): Promise<{ name: string; attached: boolean }[]> {
  const hex = datasetIdHex(datasetId);
  if (!/^[0-9a-f]{32}$/.test(hex)) return [];
  const result = await db.query<{ name: string; attached: boolean }>(
    `SELECT c.relname AS name, c.relispartition AS attached FROM pg_class c
      WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
        AND c.relkind IN ('r', 'p') AND strpos(c.relname, $1) > 0
      ORDER BY c.relname`,
    [hex],
  );
  return result.rows;
}

export async function dropTable(db: Queryable, name: string): Promise<void> {
  await db.query(`DROP TABLE IF EXISTS ${pg.escapeIdentifier(name)}`);
}

/**
 * One keyset page of a dataset's rows in (title, code) order, strictly after `after`. Reads
 * through the partitioned parent, so Postgres prunes to the dataset's partition and walks its
 * (title, code) index.
 */
export async function listDatasetTitles(
  db: Queryable,
  datasetId: string,
  page: { after: { title: string; code: string } | null; limit: number },
): Promise<DatasetTitleRow[]> {
  const select = 'SELECT title, code, totals, occurrences FROM dataset_titles WHERE dataset_id = $1';
  const result = await db.query<{ title: string; code: string; totals: string[]; occurrences: number }>(
    page.after
      ? `${select} AND (title, code) > ($3, $4) ORDER BY title, code LIMIT $2`
      : `${select} ORDER BY title, code LIMIT $2`,
    page.after ? [datasetId, page.limit, page.after.title, page.after.code] : [datasetId, page.limit],
  );
  // bigint[] arrives as strings; the sums stay far below 2^53.
  return result.rows.map((row) => ({ ...row, totals: row.totals.map(Number) }));
}
