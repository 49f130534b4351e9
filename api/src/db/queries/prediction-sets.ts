import pg from 'pg';
import type { PredictionFilter, ReviewOrder } from '@og/shared/contracts/predictions';
import { isUuid } from '@og/shared/domain/ids';
import type { Queryable } from '../database.js';
import type { DatasetViewer } from './datasets.js';

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
  /** The tags its reviewers typed besides SPEC's sixteen (migration 019). */
  custom_tags?: string[];
  /** The share of people the review stops at (migration 019); null for none. */
  review_goal?: number | null;
  /** Ready, with its other indexes still being built (migration 024). */
  indexing?: boolean;
  /** Its search table and that table's trigram index are built (migration 025). */
  search_table?: boolean;
}

/** A set row as read, or as a dataset's list aggregates it to JSON (dates as text). */
export type PredictionSetRecord = Omit<PredictionSetRow, 'created_at' | 'ready_at'> & { created_at: Date | string; ready_at: Date | string | null };

export const predictionSetIdHex = (setId: string): string => setId.replace(/-/g, '').toLowerCase();

/** The set's partition of `prediction_entries` (standalone while the import fills it). */
export const predictionEntriesTable = (setId: string): string => `prediction_entries_${predictionSetIdHex(setId)}`;

/** The import's staging table: one line per prediction of the file, grouped into the partition at the end. */
export const predictionStagingTable = (setId: string): string => `prediction_staging_${predictionSetIdHex(setId)}`;

/** The set's strings with their trigram index, read by the review's search once built (migration 025). */
export const predictionSearchTable = (setId: string): string => `prediction_search_${predictionSetIdHex(setId)}`;

/** One of a table's two halves (its hash partitions by string): the staging table's, the search table's. */
export const tableHalf = (table: string, half: 0 | 1): string => `${table}_${half}`;

/** One of the search table's two halves, each with a trigram index of its own. */
export const searchHalf = (setId: string, half: 0 | 1): string => tableHalf(predictionSearchTable(setId), half);

/**
 * A title lowered as a set's search lowers it, letter case aside in every script (under the
 * database's collation, migration 008): the expression of the search tables' trigram indexes,
 * which a query must write the same for the index to be used.
 */
export const searchLowered = (column: string): string => `lower(${column} COLLATE "default")`;

/** The search table a set's search reads, once built; undefined until then (its partition is read). */
export const searchTableOf = (set: Pick<PredictionSetRow, 'id' | 'search_table'>): string | undefined => (set.search_table ? predictionSearchTable(set.id) : undefined);

/** Every table of this set (its partition, attached or not, its search table, and the staging table of an import attempt). */
export async function findPredictionSetTables(db: Queryable, setId: string): Promise<{ name: string; attached: boolean }[]> {
  const hex = predictionSetIdHex(setId);
  if (!/^[0-9a-f]{32}$/.test(hex)) return [];
  const result = await db.query<{ name: string; attached: boolean }>(
    `SELECT c.relname AS name, c.relispartition AS attached FROM pg_class c
      WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
        AND c.relkind IN ('r', 'p') AND c.relname = ANY($1::text[])
      ORDER BY c.relname`,
    [[predictionEntriesTable(setId), predictionStagingTable(setId), predictionSearchTable(setId)]],
  );
  return result.rows;
}

/**
 * Cancels the index builds an import runs while the set is reviewed (CREATE INDEX CONCURRENTLY on
 * its attached partition, the trigram indexes of its search table's halves), so that a delete
 * does not wait for them: the import finds its set gone, drops the search table and ends.
 */
export async function cancelPredictionIndexBuilds(db: Queryable, setId: string): Promise<void> {
  const tables = [predictionEntriesTable(setId), predictionSearchTable(setId), searchHalf(setId, 0), searchHalf(setId, 1)];
  await db.query('SELECT pg_cancel_backend(pid) FROM pg_stat_progress_create_index WHERE relid = ANY(ARRAY(SELECT to_regclass(name) FROM unnest($1::text[]) AS name))', [tables]);
}

/**
 * Drops what an import attempt left: its staging table, and its partition while not attached; its
 * search table too, unless the set is ready (a ready set's search table is its search's, or is
 * remade by the build that finishes its indexes).
 */
export async function dropLeftoverPredictionTables(db: Queryable, setId: string): Promise<void> {
  const ready = isUuid(setId) && Boolean((await db.query("SELECT 1 FROM prediction_sets WHERE id = $1 AND state = 'ready'", [setId])).rowCount);
  for (const table of await findPredictionSetTables(db, setId)) {
    if (table.attached || (ready && table.name === predictionSearchTable(setId))) continue;
    await db.query(`DROP TABLE IF EXISTS ${pg.escapeIdentifier(table.name)}`);
  }
}

export async function findPredictionSet(db: Queryable, setId: string): Promise<PredictionSetRow | null> {
  if (!isUuid(setId)) return null;
  const result = await db.query<PredictionSetRow>('SELECT * FROM prediction_sets WHERE id = $1', [setId]);
  return result.rows[0] ?? null;
}

/** A set's import failed for good: it says why, and its tables go. */
export async function markPredictionSetFailed(db: Queryable, setId: string, message: string): Promise<void> {
  await db.query(`UPDATE prediction_sets SET state = 'failed', error = $2 WHERE id = $1 AND state = 'importing'`, [setId, message]);
}

/**
 * Who may see a set: a standalone set is its uploader's (admins see every set); a dataset's set
 * follows the dataset (its owner, its collaborators, admins). $1 the viewer's id, $2 true for an admin.
 */
const visibleTo = /* sql */ `
  ($2::boolean OR (s.dataset_id IS NULL AND s.owner_id = $1)
   OR EXISTS (SELECT 1 FROM datasets d WHERE d.id = s.dataset_id
               AND (d.owner_id = $1 OR EXISTS (SELECT 1 FROM dataset_collaborators c WHERE c.dataset_id = d.id AND c.user_id = $1))))`;

/** The set with this id or this slug if the viewer may see it, else null (unknown and hidden look the same). */
export async function findVisiblePredictionSet(db: Queryable, by: { id: string } | { slug: string }, viewer: DatasetViewer): Promise<PredictionSetRow | null> {
  const [column, value] = 'id' in by ? ['s.id', by.id] : ['s.slug', by.slug];
  const result = await db.query<PredictionSetRow>(`SELECT s.* FROM prediction_sets s WHERE ${column} = $3 AND ${visibleTo}`, [viewer.id, viewer.role === 'admin', value]);
  return result.rows[0] ?? null;
}

/** A set with the title and owner of its dataset (null for a standalone set), as `/review` lists it. */
export type ListedPredictionSetRow = PredictionSetRow & { dataset_title: string | null; dataset_owner_id: string | null };

/** Every set the viewer may see, standalone ones and those of datasets (`/review`), newest first. */
export async function listVisibleSets(db: Queryable, viewer: DatasetViewer): Promise<ListedPredictionSetRow[]> {
  const result = await db.query<ListedPredictionSetRow>(
    `SELECT s.*, d.title AS dataset_title, d.owner_id AS dataset_owner_id FROM prediction_sets s LEFT JOIN datasets d ON d.id = s.dataset_id WHERE ${visibleTo} ORDER BY s.created_at DESC`,
    [viewer.id, viewer.role === 'admin'],
  );
  return result.rows;
}

/** Stores the threshold, filter and order a set's review starts from. */
export async function updateReviewSettings(db: Queryable, setId: string, settings: { threshold: number; filter: PredictionFilter; order: ReviewOrder }): Promise<void> {
  await db.query('UPDATE prediction_sets SET threshold = $2, filter = $3, review_order = $4 WHERE id = $1', [setId, settings.threshold, settings.filter, settings.order]);
}

/** Whether any ready set of the dataset has a mapped entry: a title a reviewer coded. */
export async function datasetHasMappedEntries(db: Queryable, datasetId: string): Promise<boolean> {
  const result = await db.query(
    `SELECT 1 FROM prediction_entries e JOIN prediction_sets s ON s.id = e.set_id WHERE s.dataset_id = $1 AND s.state = 'ready' AND e.mapped LIMIT 1`,
    [datasetId],
  );
  return Boolean(result.rowCount);
}

export async function insertPredictionSet(
  db: Queryable,
  set: { slug: string; name: string; ownerId: string; datasetId: string | null; jobId: string },
): Promise<PredictionSetRow> {
  const result = await db.query<PredictionSetRow>(
    // A dataset's set is reviewed most frequent first by default: those titles cover its people fastest (issue 29).
    `INSERT INTO prediction_sets (slug, name, owner_id, dataset_id, job_id, review_order)
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $4::uuid IS NULL THEN 'file' ELSE 'totals' END) RETURNING *`,
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
