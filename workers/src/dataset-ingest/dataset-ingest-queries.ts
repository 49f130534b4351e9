import pg from 'pg';
import { type Database, inClientTransaction, inTransaction, type Queryable, setLocalLockTimeout } from '@og/api/db/database';
import { datasetIdHex, datasetTitlesTable, dropTable, findDatasetTables } from '@og/api/db/queries/datasets';
import { attachStandalonePartition, createStandalonePartition, type StandalonePartition } from '../standalone-partition.js';
import { InvalidDatasetFileError, quoteValue } from '@og/api/files/dataset-file-error';

/**
 * The statements of a dataset ingest on its own connection and tables (the dataset's row is read
 * and failed through api/src/db/queries/dataset-ingest.ts).
 *
 * The tables an ingest fills, all named after the dataset's id so a retry (or a delete) finds
 * them: the dataset's partition, built standalone (invisible to every reader of
 * `dataset_titles`) and attached in the same transaction that marks the dataset ready; and, when
 * the file has more distinct pairs than the grouping holds in memory, an unlogged staging table
 * for the late lines (row-groups.ts), added up and merged into the partition at the end.
 */

function datasetStagingTable(datasetId: string): string {
  return `dataset_staging_${datasetIdHex(datasetId)}`;
}

/** The staging table of a language column's tallies (title-language-tally.ts), added up at the attach. */
function datasetLanguagesStagingTable(datasetId: string): string {
  return `dataset_languages_${datasetIdHex(datasetId)}`;
}

const identifier = (name: string) => pg.escapeIdentifier(name);
const totalsColumn = (index: number) => `total_${index}`;

/** Advisory-lock namespace of dataset ingests (the second key is the dataset id's hash): held for as long as an ingest runs. */
export const ingestLockNamespace = 40_001;

/**
 * Takes the dataset's ingest lock on the ingest's connection, waiting while an earlier attempt's
 * connection still works on this dataset, and gives the merge of late pairs room to add them up
 * in memory (the index sizes its own maintenance_work_mem).
 */
export async function lockDatasetIngest(client: pg.PoolClient, datasetId: string): Promise<void> {
  await client.query(`SET lock_timeout = '5min'`);
  await client.query('SELECT pg_advisory_lock($1, hashtext($2))', [ingestLockNamespace, datasetId]);
  await client.query(`SET work_mem = '128MB'`);
}

/** The server process of a connection: what {@link cancelStatement} stops. */
export async function connectionPid(client: Queryable): Promise<number> {
  const backend = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return backend.rows[0]!.pid;
}

/** Cancels the statement a connection is running now (one idle between statements ignores it). */
export async function cancelStatement(db: Queryable, pid: number): Promise<void> {
  await db.query('SELECT pg_cancel_backend($1)', [pid]);
}

/** Drops what an earlier attempt left: its staging table and its standalone (never attached) partition. */
export async function dropLeftoverTables(db: Queryable, datasetId: string): Promise<void> {
  for (const table of await findDatasetTables(db, datasetId)) if (!table.attached) await dropTable(db, table.name);
}

/** Drops an attempt's tables through another connection, giving up (to the next attempt) if they stay locked. */
export async function dropLeftoverTablesSoon(db: Database, datasetId: string): Promise<void> {
  await inTransaction(db, async (client) => {
    await setLocalLockTimeout(client, '10s');
    await dropLeftoverTables(client, datasetId);
  }).catch(() => undefined);
}

/** Creates the staging table: lines of pre-grouped rows, a pair possibly more than once. */
export async function createStagingTable(db: Queryable, datasetId: string, totalsCount: number): Promise<string> {
  const table = datasetStagingTable(datasetId);
  const totals = Array.from({ length: totalsCount }, (_, index) => `, ${totalsColumn(index)} bigint NOT NULL`).join('');
  await db.query(
    `CREATE UNLOGGED TABLE ${identifier(table)} (title text COLLATE "C" NOT NULL, code text COLLATE "C" NOT NULL, occurrences bigint NOT NULL${totals})
     WITH (autovacuum_enabled = false)`,
  );
  return `COPY ${identifier(table)} FROM STDIN`;
}

/** Creates the staging table of the language column's tallies: (title, value, rows), a pair possibly more than once. */
export async function createLanguagesStagingTable(db: Queryable, datasetId: string): Promise<string> {
  const table = identifier(datasetLanguagesStagingTable(datasetId));
  await db.query(
    `CREATE UNLOGGED TABLE ${table} (title text COLLATE "C" NOT NULL, value text COLLATE "C" NOT NULL, occurrences bigint NOT NULL)
     WITH (autovacuum_enabled = false)`,
  );
  return `COPY ${table} FROM STDIN`;
}

/** Empties the language tallies' staging table (to read the file again from the start). */
export async function emptyLanguagesStagingTable(db: Queryable, datasetId: string): Promise<void> {
  await db.query(`TRUNCATE ${identifier(datasetLanguagesStagingTable(datasetId))}`);
}

/** The dataset's partition as it is filled: standalone until the dataset is ready. */
function datasetPartition(datasetId: string): StandalonePartition {
  const table = datasetTitlesTable(datasetId);
  return { parent: 'dataset_titles', table, column: 'dataset_id', id: datasetId, check: `${table}_dataset` };
}

/** Creates the dataset's partition, standalone, its rows' dataset_id a default (createStandalonePartition). */
export async function createPartitionTable(db: Queryable, datasetId: string): Promise<void> {
  await createStandalonePartition(db, datasetPartition(datasetId));
}

/** The COPY statement for rows of the partition as {@link TitleGroups.writePartitionRows} writes them. */
export function partitionCopyStatement(datasetId: string): string {
  return `COPY ${identifier(datasetTitlesTable(datasetId))} (title, code, totals, occurrences) FROM STDIN`;
}

/** Empties the partition and the staging table (to read the file again from the start). */
export async function emptyTables(db: Queryable, datasetId: string): Promise<void> {
  await db.query(`TRUNCATE ${identifier(datasetTitlesTable(datasetId))}, ${identifier(datasetStagingTable(datasetId))}`);
}

/**
 * Adds up the late lines of the staging table and merges them into the indexed partition: a pair
 * the partition holds gets their sums added, one it does not (the filter took it for written) is
 * inserted. Answers how many were inserted.
 *
 * The pairs are merged in the index's order: each probe and each new index entry then lands near
 * the one before, so that an index far larger than the database's buffers has each of its pages
 * read, written and logged about once, rather than once for every pair that lands on it.
 */
export async function mergeLatePairs(db: Queryable, datasetId: string, totalsCount: number): Promise<number> {
  const columns = Array.from({ length: totalsCount }, (_, index) => index);
  const sums = columns.map((index) => `sum(${totalsColumn(index)})::bigint`).join(', ');
  const added = columns.map((index) => `p.totals[${index + 1}] + excluded.totals[${index + 1}]`).join(', ');
  const partition = identifier(datasetTitlesTable(datasetId));
  const merged = await db.query<{ inserted: string; too_large: string | null }>(
    `WITH late AS (
       SELECT title, code, ${totalsCount ? `ARRAY[${sums}]` : `'{}'::bigint[]`} AS totals, sum(occurrences)::bigint AS occurrences
         FROM ${identifier(datasetStagingTable(datasetId))} GROUP BY title, code ORDER BY title, code
     ), merged AS (
       INSERT INTO ${partition} AS p (title, code, totals, occurrences) SELECT title, code, totals, occurrences FROM late
       ON CONFLICT (title, code) DO UPDATE SET occurrences = p.occurrences + excluded.occurrences${totalsCount ? `, totals = ARRAY[${added}]` : ''}
       RETURNING xmax = 0 AS inserted, title, totals
     )
     SELECT count(*) FILTER (WHERE inserted) AS inserted,
            (SELECT title FROM merged WHERE EXISTS (SELECT 1 FROM unnest(totals) AS total WHERE abs(total) > ${Number.MAX_SAFE_INTEGER}) LIMIT 1) AS too_large
       FROM merged`,
  );
  // The in-memory grouping refuses sums it cannot keep exact (past 2^53); so does this one.
  const tooLarge = merged.rows[0]?.too_large;
  if (tooLarge != null) throw new InvalidDatasetFileError(`The totals of the title ${quoteValue(tooLarge)} add up past 2^53, more than can be summed exactly.`);
  return Number(merged.rows[0]?.inserted ?? 0);
}

/**
 * The (title, code) index the titles pages walk; unique, as the rows are. Its sort gets memory
 * enough for the partition's rows (about 160 bytes a row, at most 1 GiB), so that a large
 * partition's parallel build sorts in memory rather than on disk.
 */
export async function indexPartition(db: Queryable, datasetId: string, rows: number): Promise<void> {
  const partition = datasetTitlesTable(datasetId);
  const megabytes = Math.min(1024, Math.max(64, Math.ceil((rows * 160) / 2 ** 20)));
  await db.query(`SET maintenance_work_mem = '${megabytes}MB'`);
  await db.query(`CREATE UNIQUE INDEX ${identifier(`${partition}_title_code`)} ON ${identifier(partition)} (title, code)`);
}

/** Statistics for the planner, once the rows are final. */
export async function analyzePartition(db: Queryable, datasetId: string): Promise<void> {
  await db.query(`ANALYZE ${identifier(datasetTitlesTable(datasetId))}`);
}

/**
 * In one transaction: attaches the partition, marks the dataset ready with its counts, drops the
 * staging table. Answers false (and changes nothing) when the dataset is no longer ingesting
 * (deleted meanwhile).
 */
export async function attachPartition(
  client: pg.PoolClient,
  datasetId: string,
  counts: { rows: number; titles: number; bytes: number },
  options: { languages?: boolean } = {},
): Promise<boolean> {
  return inClientTransaction(client, async () => {
    const updated = await client.query(
      `UPDATE datasets SET state = 'ready', error = NULL, row_count = $2, title_count = $3, byte_size = $4, ready_at = now()
        WHERE id = $1 AND state = 'ingesting'`,
      [datasetId, counts.rows, counts.titles, counts.bytes],
    );
    if (!updated.rowCount) return false; // deleted, or failed meanwhile: nothing changed, the commit is empty
    await attachStandalonePartition(client, datasetPartition(datasetId));
    await client.query(`DROP TABLE IF EXISTS ${identifier(datasetStagingTable(datasetId))}`);
    if (options.languages) {
      const languages = identifier(datasetLanguagesStagingTable(datasetId));
      await client.query(
        `INSERT INTO dataset_title_languages (dataset_id, title, value, occurrences)
         SELECT $1, title, value, sum(occurrences) FROM ${languages} GROUP BY title, value`,
        [datasetId],
      );
      await client.query(`DROP TABLE ${languages}`);
    }
    return true;
  });
}
