import pg from 'pg';
import { inClientTransaction, type Queryable } from '@og/api/db/database';
import { datasetIdHex, datasetTitlesTable, dropTable, findDatasetTables } from '@og/api/db/queries/datasets';
import { InvalidDatasetFileError, quoteValue } from './dataset-file-error.js';

/**
 * The tables an ingest fills, all named after the dataset's id so a retry (or a delete) finds
 * them: the dataset's partition, built standalone (invisible to every reader of
 * `dataset_titles`) and attached in the same transaction that marks the dataset ready; and, when
 * the file has more distinct pairs than the grouping holds in memory, an unlogged staging table
 * for the pre-grouped lines, added up into the partition at the end.
 */
function datasetStagingTable(datasetId: string): string {
  return `dataset_staging_${datasetIdHex(datasetId)}`;
}

const identifier = (name: string) => pg.escapeIdentifier(name);
const totalsColumn = (index: number) => `total_${index}`;

/** Drops what an earlier attempt left: its staging table and its standalone (never attached) partition. */
export async function dropLeftoverTables(db: Queryable, datasetId: string): Promise<void> {
  for (const table of await findDatasetTables(db, datasetId)) if (!table.attached) await dropTable(db, table.name);
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

/** Creates the dataset's partition, standalone; its CHECK lets the attach skip scanning it. */
export async function createPartitionTable(db: Queryable, datasetId: string): Promise<void> {
  const partition = datasetTitlesTable(datasetId);
  await db.query(
    `CREATE TABLE ${identifier(partition)} (LIKE dataset_titles INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
       CONSTRAINT ${identifier(`${partition}_dataset`)} CHECK (dataset_id = ${pg.escapeLiteral(datasetId)}::uuid))`,
  );
}

/** The COPY statement for rows of the partition as {@link TitleGroups.writePartitionRows} writes them. */
export function partitionCopyStatement(datasetId: string): string {
  return `COPY ${identifier(datasetTitlesTable(datasetId))} (dataset_id, title, code, totals, occurrences) FROM STDIN`;
}

/** Adds up the staging lines into the partition, one row per distinct (title, code); answers how many. */
export async function groupIntoPartition(db: Queryable, datasetId: string, totalsCount: number): Promise<number> {
  const sums = Array.from({ length: totalsCount }, (_, index) => `sum(${totalsColumn(index)})::bigint`).join(', ');
  const inserted = await db.query(
    `INSERT INTO ${identifier(datasetTitlesTable(datasetId))} (dataset_id, title, code, totals, occurrences)
     SELECT ${pg.escapeLiteral(datasetId)}::uuid, title, code, ${totalsCount ? `ARRAY[${sums}]` : `'{}'::bigint[]`}, sum(occurrences)::bigint
       FROM ${identifier(datasetStagingTable(datasetId))} GROUP BY title, code`,
  );
  // The in-memory grouping refuses sums it cannot keep exact (past 2^53); so does this one.
  const tooLarge = await db.query<{ title: string }>(
    `SELECT title FROM ${identifier(datasetTitlesTable(datasetId))}
      WHERE EXISTS (SELECT 1 FROM unnest(totals) AS total WHERE abs(total) > ${Number.MAX_SAFE_INTEGER}) LIMIT 1`,
  );
  if (tooLarge.rows[0]) {
    throw new InvalidDatasetFileError(`The totals of the title ${quoteValue(tooLarge.rows[0].title)} add up past 2^53, more than can be summed exactly.`);
  }
  return inserted.rowCount ?? 0;
}

/** The (title, code) index the titles pages walk; unique, as the rows are. Then statistics for the planner. */
export async function indexPartition(db: Queryable, datasetId: string): Promise<void> {
  const partition = datasetTitlesTable(datasetId);
  await db.query(`CREATE UNIQUE INDEX ${identifier(`${partition}_title_code`)} ON ${identifier(partition)} (title, code)`);
  await db.query(`ANALYZE ${identifier(partition)}`);
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
): Promise<boolean> {
  const partition = datasetTitlesTable(datasetId);
  return inClientTransaction(client, async () => {
    const updated = await client.query(
      `UPDATE datasets SET state = 'ready', error = NULL, row_count = $2, title_count = $3, byte_size = $4, ready_at = now()
        WHERE id = $1 AND state = 'ingesting'`,
      [datasetId, counts.rows, counts.titles, counts.bytes],
    );
    if (!updated.rowCount) return false; // deleted, or failed meanwhile: nothing changed, the commit is empty
    await client.query(
      `ALTER TABLE dataset_titles ATTACH PARTITION ${identifier(partition)} FOR VALUES IN (${pg.escapeLiteral(datasetId)})`,
    );
    // The partition's own constraint says the same now.
    await client.query(`ALTER TABLE ${identifier(partition)} DROP CONSTRAINT ${identifier(`${partition}_dataset`)}`);
    await client.query(`DROP TABLE IF EXISTS ${identifier(datasetStagingTable(datasetId))}`);
    return true;
  });
}
