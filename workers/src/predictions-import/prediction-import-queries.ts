import pg from 'pg';
import { type Database, inClientTransaction, type Queryable } from '@og/api/db/database';
import { predictionEntriesTable, predictionSearchTable, predictionStagingTable, searchHalf, searchLowered, tableHalf } from '@og/api/db/queries/prediction-sets';
import { cancelStatement, connectionPid } from '../dataset-ingest/dataset-ingest-queries.js';
import { attachStandalonePartition, createStandalonePartition, type StandalonePartition } from '../standalone-partition.js';
import type { ReviewOrder } from '@og/shared/contracts/predictions';

/**
 * The statements of a prediction import on its own connection and tables.
 *
 * The tables a prediction import fills, named after the set's id so a retry (or a delete) finds
 * them: the set's partition, and an unlogged staging table of entries (one line each) that
 * Postgres groups into the partition (one row per distinct string, per URI list the highest
 * confidence). The partition gets the indexes its review needs standalone and is attached in the
 * transaction that marks the set ready: a half-done import is never visible. The set's other
 * indexes are built on the attached partition while it is reviewed (migration 024), after its
 * search table (migration 025).
 */

const identifier = (name: string) => pg.escapeIdentifier(name);
const literal = (value: string) => pg.escapeLiteral(value);

/**
 * Room in memory for this connection only: the grouping sorts and hashes millions of lines, the
 * index builds sort them again, instead of spilling to disk in small runs.
 */
export async function setImportMemory(client: pg.PoolClient): Promise<void> {
  await client.query("SET work_mem = '256MB'");
  await client.query("SET maintenance_work_mem = '512MB'");
}

/** The connection's memory settings as they were before {@link setImportMemory}, for the pool's next user. */
export async function resetImportMemory(client: pg.PoolClient): Promise<void> {
  await client.query('RESET work_mem; RESET maintenance_work_mem');
}

/** One of the staging table's two halves (its hash partitions by string): every line of a string is in one. */
const stagingHalf = (setId: string, half: 0 | 1) => tableHalf(predictionStagingTable(setId), half);

/**
 * Creates `table` of `columns` (one of them `string`), partitioned by the hash of its string, and
 * its two halves, which two lanes fill or read one each.
 */
async function createHalvedTable(db: Queryable, table: string, columns: string, options: { unlogged: boolean; autovacuum: boolean }): Promise<void> {
  const kind = options.unlogged ? 'UNLOGGED TABLE' : 'TABLE';
  await db.query(`CREATE ${kind} ${identifier(table)} (${columns}) PARTITION BY HASH (string)`);
  for (const half of [0, 1] as const) {
    await db.query(
      `CREATE ${kind} ${identifier(tableHalf(table, half))} PARTITION OF ${identifier(table)} FOR VALUES WITH (MODULUS 2, REMAINDER ${half})${options.autovacuum ? '' : ' WITH (autovacuum_enabled = false)'}`,
    );
  }
}

/**
 * Creates the staging table, in two halves by the hash of the string, which the grouping's two
 * lanes read one each; answers the COPY statement that fills it (text format).
 */
export async function createPredictionStaging(db: Queryable, setId: string): Promise<string> {
  const table = predictionStagingTable(setId);
  await createHalvedTable(
    db,
    table,
    'pos bigint NOT NULL, string text COLLATE "C" NOT NULL, norm text COLLATE "C", predictions jsonb NOT NULL, best_conf numeric NOT NULL, context jsonb',
    { unlogged: true, autovacuum: false },
  );
  return `COPY ${identifier(table)} (pos, string, norm, predictions, best_conf, context) FROM STDIN`;
}

/** The set's partition as it is filled: standalone until the set is ready. */
function setPartition(setId: string): StandalonePartition {
  const table = predictionEntriesTable(setId);
  return { parent: 'prediction_entries', table, column: 'set_id', id: setId, check: `${table}_set` };
}

/** Creates the set's partition, standalone, its rows' set_id a default (createStandalonePartition). */
export async function createPredictionPartition(db: Queryable, setId: string): Promise<void> {
  await createStandalonePartition(db, setPartition(setId));
}

/** Empties the partition and staging table of what a reading given up copied. */
export async function emptyImportTables(db: Queryable, setId: string): Promise<void> {
  await db.query(`TRUNCATE ${identifier(predictionEntriesTable(setId))}, ${identifier(predictionStagingTable(setId))}`);
}

/** The COPY (text format) of entries straight into the set's partition, as they are shown. */
export function partitionCopyStatement(setId: string): string {
  return `COPY ${identifier(predictionEntriesTable(setId))} (position, string, norm, predictions, best_conf, unknown_uris) FROM STDIN`;
}

/**
 * Merges the staged entries of an import that copied the others straight into the partition
 * (entry-copies.ts): the partition's entry of each staged title joins its staged ones, and the
 * staging table is grouped into the partition as any import's is. Answers the entries the
 * partition holds.
 */
export async function mergeStagedEntries(client: Queryable, pool: Database, setId: string, options: { copied: number; unknownUris: string[] }): Promise<number> {
  const partition = identifier(predictionEntriesTable(setId));
  const staging = identifier(predictionStagingTable(setId));
  await client.query(`ANALYZE ${staging}`);
  const moved = await client.query(
    `WITH moved AS (DELETE FROM ${partition} p WHERE p.string IN (SELECT s.string FROM ${staging} s) RETURNING p.position, p.string, p.norm, p.predictions, p.best_conf)
     INSERT INTO ${staging} (pos, string, norm, predictions, best_conf) SELECT position, string, norm, predictions, best_conf FROM moved`,
  );
  const grouped = await groupPredictionsIntoPartition(client, pool, setId, { datasetId: null, unknownUris: options.unknownUris });
  return options.copied - (moved.rowCount ?? 0) + grouped;
}

/** How many of a kept column's values an entry keeps: its most frequent. */
export const contextValuesKept = 5;


/**
 * Groups the staging lines (one per entry of the file, its predictions merged already) into the
 * set's partition: one row per distinct string, at the position of its first entry. A string met
 * once goes in as it is; the entries of a string met more than once are merged here: per URI list
 * the highest confidence, most confident first (ties in the file's order; those without a confidence
 * last). Each row gets its best confidence (0 without predictions, -1 when none of them has a
 * confidence), the URIs its scheme does not have, for a set of a dataset the dataset's totals for
 * that title (summed over its codes), and `withContext` its rows' kept columns (the most frequent
 * values of each, with their counts). Two lanes (on `client` and a pooled connection) each group
 * the strings of one half of the staging table at once. Answers the number of entries.
 */
export async function groupPredictionsIntoPartition(
  client: Queryable,
  pool: Database,
  setId: string,
  options: { datasetId: string | null; unknownUris: string[]; withContext?: boolean },
): Promise<number> {
  const partition = predictionEntriesTable(setId);
  // Each lane groups the strings of one half of the staging table: all lines of a string are in one.
  const staging = (lane: 0 | 1) => identifier(stagingHalf(setId, lane));
  const datasetTitles = options.datasetId
    ? /* sql */ `
      , title_counts AS (
        SELECT title, sum(occurrences)::bigint AS occurrences FROM dataset_titles WHERE dataset_id = ${literal(options.datasetId)}::uuid GROUP BY title
      ), title_totals AS (
        SELECT title, array_agg(total ORDER BY ordinal) AS totals FROM (
          SELECT t.title, u.ordinal, sum(u.total)::bigint AS total
            FROM dataset_titles t, unnest(t.totals) WITH ORDINALITY AS u(total, ordinal)
           WHERE t.dataset_id = ${literal(options.datasetId)}::uuid
           GROUP BY t.title, u.ordinal) per_column
        GROUP BY title
      )`
    : '';
  // Per string and kept column, its most frequent values with their rows: {"Year": [["1881", 3], …]}.
  const contexts = (lane: 0 | 1) =>
    options.withContext
      ? /* sql */ `
        , context_values AS (
          SELECT s.string, kv.key, kv.value, count(*) AS n,
                 row_number() OVER (PARTITION BY s.string, kv.key ORDER BY count(*) DESC, kv.value) AS place
            FROM ${staging(lane)} s, jsonb_each_text(s.context) kv
           GROUP BY s.string, kv.key, kv.value
        ), contexts AS (
          SELECT string, jsonb_object_agg(key, vals) AS context FROM (
            SELECT string, key, jsonb_agg(jsonb_build_array(value, n) ORDER BY n DESC, value) AS vals
              FROM context_values WHERE place <= ${contextValuesKept} GROUP BY string, key) per_column
          GROUP BY string
        )`
      : '';
  const unknownUris = options.unknownUris.length
    ? `ARRAY(SELECT DISTINCT uri COLLATE "C" FROM jsonb_array_elements(s.predictions) p, jsonb_array_elements_text(p->'uris') uri WHERE uri = ANY($1::text[]) ORDER BY 1)`
    : `'{}'::text[]`;
  const grouped = (db: Queryable, lane: 0 | 1) => db.query(
    `WITH repeated AS MATERIALIZED (
       SELECT string FROM ${staging(lane)} s GROUP BY string HAVING count(*) > 1
     ), per_uris AS (
       SELECT s.string, p.prediction->'uris' AS uris, max((p.prediction->>'conf')::numeric) AS conf, min(ARRAY[s.pos, p.rank]) AS first, max(s.best_conf) AS best
         FROM ${staging(lane)} s JOIN repeated USING (string), jsonb_array_elements(s.predictions) WITH ORDINALITY AS p(prediction, rank)
        GROUP BY s.string, p.prediction->'uris'
     ), merged AS (
       SELECT e.string, e.pos, e.norm, COALESCE(m.predictions, '[]'::jsonb) AS predictions, COALESCE(m.best_conf, 0) AS best_conf
         FROM (SELECT s.string, min(s.pos) AS pos, min(s.norm) AS norm FROM ${staging(lane)} s JOIN repeated USING (string) GROUP BY s.string) e
         LEFT JOIN (SELECT string, jsonb_agg(jsonb_build_object('uris', uris, 'conf', conf) ORDER BY conf DESC NULLS LAST, first) AS predictions,
                           COALESCE(max(conf), min(best)) AS best_conf
                      FROM per_uris GROUP BY string) m USING (string)
     ), entries AS (
       SELECT s.string, s.pos, s.norm, s.predictions, s.best_conf FROM ${staging(lane)} s WHERE NOT EXISTS (SELECT 1 FROM repeated r WHERE r.string = s.string)
       UNION ALL
       SELECT string, pos, norm, predictions, best_conf FROM merged
     )${datasetTitles}${contexts(lane)}
     INSERT INTO ${identifier(partition)} (set_id, position, string, norm, predictions, best_conf, unknown_uris, occurrences, totals${options.withContext ? ', context' : ''})
     SELECT ${literal(setId)}::uuid, s.pos, s.string, s.norm, s.predictions, s.best_conf, ${unknownUris},
            ${options.datasetId ? 'COALESCE(c.occurrences, 0), COALESCE(t.totals, \'{}\')' : "0, '{}'"}${options.withContext ? ', x.context' : ''}
       FROM entries s
       ${options.datasetId ? 'LEFT JOIN title_counts c ON c.title = s.string LEFT JOIN title_totals t ON t.title = s.string' : ''}
       ${options.withContext ? 'LEFT JOIN contexts x ON x.string = s.string' : ''}`,
    options.unknownUris.length ? [options.unknownUris] : [],
  );
  const [first, second] = await bothLanes(grouped(client, 0), inLane(pool, (lane) => grouped(lane, 1)));
  return (first.rowCount ?? 0) + (second.rowCount ?? 0);
}

/** A partition's indexes besides its key, named by suffix (at most 12 characters: a partition's name is 51, Postgres's limit 63). */
interface PartitionIndex {
  suffix: string;
  definition: string;
  /** The review order this index walks (the set's first entry and next/previous in that order, under every filter). */
  order?: ReviewOrder;
}

/**
 * Each partition's own indexes (migrations 024, 027): the normalised string (propagation, and the
 * same-titled entries every save counts), and one walk for each review order with the filter and
 * threshold columns in the index (mapped first: a filtered walk reads one range of it, an
 * unfiltered one both, merged). The key, unique (set_id, string), is the parent's; the search's
 * trigram index is its search table's (migration 025). Those built after the set is ready are
 * built in this order: the one every save reads first.
 */
const partitionIndexes: readonly PartitionIndex[] = [
  { suffix: 'norm', definition: '(set_id, norm)' },
  { suffix: 'walk_file', order: 'file', definition: '(set_id, mapped, position) INCLUDE (best_conf)' },
  { suffix: 'walk_conf', order: 'confidence', definition: '(set_id, mapped, best_conf, position)' },
  { suffix: 'walk_tot', order: 'totals', definition: '(set_id, mapped, occurrences DESC, position) INCLUDE (best_conf)' },
];

/** The partition's B-trees in the order the review order's lane builds them while the key is built: cheapest first. */
const shadowedIndexes = ['walk_file', 'walk_tot', 'walk_conf', 'norm'].map((suffix) => partitionIndexes.find((index) => index.suffix === suffix)!);

/** Postgres's error code for a statement cancelled (pg_cancel_backend). */
const queryCanceled = '57014';

const indexName = (setId: string, suffix: string) => `${predictionEntriesTable(setId)}_${suffix}`;
const createIndex = (setId: string, index: PartitionIndex, concurrently = false) =>
  `CREATE INDEX ${concurrently ? 'CONCURRENTLY ' : ''}${identifier(indexName(setId, index.suffix))} ON ${identifier(predictionEntriesTable(setId))} ${index.definition}`;

/**
 * Makes the set's search table afresh from its partition (dropping one a killed attempt left): its
 * strings with their best confidence and position (neither changes after the import: the search
 * checks the threshold before it looks an entry up), in two halves by the hash of the string
 * (Postgres builds a GIN index on one core, so each half is filled and indexed on a connection of
 * its own, both at once), their trigram index (lowered under the database's collation, as the
 * search lowers what it looks for) by a plain CREATE INDEX, as nothing writes to the table, and
 * its statistics.
 */
export async function buildSearchTable(db: Queryable, pool: Database, setId: string): Promise<void> {
  const name = predictionSearchTable(setId);
  await db.query(`DROP TABLE IF EXISTS ${identifier(name)}`);
  await createHalvedTable(db, name, 'string text COLLATE "C" NOT NULL, best_conf real NOT NULL, position bigint NOT NULL', { unlogged: false, autovacuum: true });
  const fill = async (lane: Queryable, half: 0 | 1) => {
    const table = identifier(searchHalf(setId, half));
    await lane.query(
      `INSERT INTO ${table} SELECT string, best_conf, position FROM ${identifier(predictionEntriesTable(setId))}
        WHERE satisfies_hash_partition(${literal(name)}::regclass, 2, ${half}, string)`,
    );
    await lane.query(`CREATE INDEX ${identifier(`${searchHalf(setId, half)}_trgm`)} ON ${table} USING gin (${searchLowered('string')} gin_trgm_ops)`);
  };
  await bothLanes(fill(db, 0), inLane(pool, (lane) => fill(lane, 1)));
  await db.query(`ANALYZE ${identifier(name)}`);
}

/**
 * Runs `work` on a pooled connection of its own, with the import's room in memory: the second
 * lane of a step the import splits in two, so that Postgres uses a second core.
 */
export async function inLane<T>(pool: Database, work: (lane: pg.PoolClient) => Promise<T>): Promise<T> {
  const lane = await pool.connect();
  try {
    await setImportMemory(lane);
    return await work(lane);
  } finally {
    await resetImportMemory(lane).catch(() => undefined);
    lane.release();
  }
}

/** Runs both lanes to the end, then throws the first failure: no statement is left running behind the error. */
export async function bothLanes<A, B>(first: Promise<A>, second: Promise<B>): Promise<[A, B]> {
  const [a, b] = await Promise.allSettled([first, second]);
  if (a.status === 'rejected') throw a.reason;
  if (b.status === 'rejected') throw b.reason;
  return [a.value, b.value];
}

/**
 * The indexes the set needs to be reviewed, built on the standalone partition before it is
 * attached, in two lanes at once: its key (the parent's unique index, which the attach adopts) on
 * a connection of its own, and its review order's walk (the first entry, next and previous, under
 * every filter) on `client`, then others of its B-trees while the key is still being built; then
 * its statistics, for the planner. With `all` (a prediction run's set, shown only once complete) every index, and
 * its search table in the other lane, and the table vacuumed; the attach then marks its search
 * table built.
 */
export async function indexPredictionPartition(client: Queryable, pool: Database, setId: string, options: { order: ReviewOrder; all: boolean }): Promise<void> {
  const partition = identifier(predictionEntriesTable(setId));
  const key = `CREATE UNIQUE INDEX ${identifier(indexName(setId, 'string'))} ON ${partition} (set_id, string)`;
  const first = partitionIndexes.find((index) => index.order === options.order)!;
  if (!options.all) {
    // The key, a sort of the set's strings, takes longest: while it is built, the other lane
    // builds the review order's walk, then more of the partition's B-trees, cheapest first (the
    // walks by position, by totals, by confidence, then the normalised string), each a plain build
    // here instead of a concurrent one after the set is ready. None is begun once the key is
    // built, and the one being built then is cancelled (a plain build rolls back whole), so that
    // none holds the set back: it is built after the set is ready with the others.
    const orderPid = await connectionPid(client);
    let keyBuilt = false;
    let shadowBuilding = false;
    const keyLane = inLane(pool, async (lane) => {
      try {
        await lane.query(key);
      } finally {
        keyBuilt = true;
      }
      // Awaited before the lanes are done: a cancel that reaches the order lane's connection once
      // its build has ended finds it idle, where Postgres ignores it, before the next statement.
      if (shadowBuilding) await cancelStatement(lane, orderPid);
    });
    const orderLane = (async () => {
      await client.query(createIndex(setId, first));
      for (const index of shadowedIndexes) {
        if (keyBuilt) return;
        if (index === first) continue;
        shadowBuilding = true;
        try {
          await client.query(createIndex(setId, index));
        } catch (error) {
          if (keyBuilt && (error as { code?: string }).code === queryCanceled) return;
          throw error;
        } finally {
          shadowBuilding = false;
        }
      }
    })();
    await bothLanes(keyLane, orderLane);
    await client.query(`ANALYZE ${partition}`);
    return;
  }
  const btrees = (async () => {
    await client.query(key);
    for (const index of partitionIndexes) await client.query(createIndex(setId, index));
  })();
  await bothLanes(inLane(pool, (lane) => buildSearchTable(lane, pool, setId)), btrees);
  // Vacuumed, not only analysed: the visibility map lets the review's counts and walks answer from
  // the indexes alone (index-only scans), without reading the table's pages.
  await client.query(`VACUUM (ANALYZE) ${partition}`);
}

/** One of a ready set's indexes built while it is reviewed: its name, seconds, and how many are built of how many. */
export type IndexBuilt = { name: string; seconds: number; done: number; total: number };

/**
 * The rest of a ready set's indexes while it is reviewed, one after another. First its search
 * table, unless built already, then marked built: the search is fast from then on. Then the
 * partition's B-trees, each built with CREATE INDEX CONCURRENTLY (saves go on meanwhile), one left
 * invalid by a killed attempt dropped and built again, those built already kept. Not both at
 * once: a concurrent build waits at its end for every statement older than it, so the B-trees
 * would wait for the search table's index anyway. Then the partition is vacuumed and the set no
 * longer says 'indexing'. Answers false (the search table dropped) when the set is gone meanwhile.
 */
export async function buildRemainingIndexes(client: Queryable, pool: Database, setId: string, onBuilt: (built: IndexBuilt) => Promise<void>): Promise<boolean> {
  const partition = predictionEntriesTable(setId);
  const existing = await client.query<{ name: string; valid: boolean }>(
    `SELECT c.relname AS name, i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = to_regclass($1)`,
    [partition],
  );
  const valid = new Map(existing.rows.map((row) => [row.name, row.valid]));
  const searchBuilt = Boolean((await client.query('SELECT 1 FROM prediction_sets WHERE id = $1 AND search_table', [setId])).rowCount);
  const total = partitionIndexes.length + 1;
  let done = 0;
  const timed = async (name: string, build: () => Promise<unknown>) => {
    const started = performance.now();
    await build();
    done += 1;
    await onBuilt({ name, seconds: Math.round(performance.now() - started) / 1000, done, total });
  };

  let marked = true;
  await timed('search table', async () => {
    if (searchBuilt) return;
    await buildSearchTable(client, pool, setId);
    marked = Boolean((await client.query("UPDATE prediction_sets SET search_table = true WHERE id = $1 AND state = 'ready'", [setId])).rowCount);
  });
  if (!marked) {
    await client.query(`DROP TABLE IF EXISTS ${identifier(predictionSearchTable(setId))}`);
    return false;
  }
  for (const index of partitionIndexes) {
    const name = indexName(setId, index.suffix);
    const state = valid.get(name);
    await timed(index.suffix, async () => {
      if (state === true) return;
      if (state === false) await client.query(`DROP INDEX CONCURRENTLY IF EXISTS ${identifier(name)}`);
      await client.query(createIndex(setId, index, true));
    });
  }
  await client.query(`VACUUM (ANALYZE) ${identifier(partition)}`);
  await client.query('UPDATE prediction_sets SET indexing = false WHERE id = $1', [setId]);
  return true;
}

/**
 * In one transaction: the set's counts per thousandth of best confidence, the partition attached,
 * the set ready with its total and figures (and `indexing` while its other indexes are to come;
 * without, its search table is built), the staging table dropped. Answers false (changing
 * nothing) when the set is no longer importing (deleted meanwhile).
 */
export async function attachPredictionPartition(
  client: pg.PoolClient,
  setId: string,
  figures: { entries: number; format: string; stats: Record<string, unknown>; indexing: boolean },
): Promise<boolean> {
  const partition = predictionEntriesTable(setId);
  return inClientTransaction(client, async () => {
    const updated = await client.query(
      `UPDATE prediction_sets SET state = 'ready', error = NULL, total = $2, format = $3, stats = $4, indexing = $5, search_table = NOT $5, ready_at = now()
        WHERE id = $1 AND state = 'importing'`,
      [setId, figures.entries, figures.format, JSON.stringify(figures.stats), figures.indexing],
    );
    if (!updated.rowCount) return false;
    await client.query(
      `INSERT INTO prediction_set_counts (set_id, bucket, entries, mapped)
       SELECT $1, least(1000, floor(best_conf * 1000))::smallint, count(*), count(*) FILTER (WHERE mapped)
         FROM ${identifier(partition)} GROUP BY 2`,
      [setId],
    );
    await attachStandalonePartition(client, setPartition(setId));
    await client.query(`DROP TABLE IF EXISTS ${identifier(predictionStagingTable(setId))}`);
    return true;
  });
}
