import pg from 'pg';

export type Database = pg.Pool;
export type Queryable = pg.Pool | pg.PoolClient;

/** Column type parsers: bigint counts come back as numbers (they stay far below 2^53 here). */
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function createDatabase(databaseUrl: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: databaseUrl, max, application_name: 'occupation-graph' });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  return pool;
}

/** The database name of a connection URL, and the same URL pointing at the `postgres` maintenance database. */
export function splitDatabaseUrl(databaseUrl: string): { name: string; maintenanceUrl: string } {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) throw new Error(`DATABASE_URL names no database: ${databaseUrl}`);
  url.pathname = '/postgres';
  return { name, maintenanceUrl: url.toString() };
}

/** Creates the configured database when it does not exist yet (a fresh machine has only `postgres`). */
export async function ensureDatabaseExists(databaseUrl: string): Promise<boolean> {
  const { name, maintenanceUrl } = splitDatabaseUrl(databaseUrl);
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    try {
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    } catch (error) {
      // Another process created it between the check and the CREATE.
      if ((error as { code?: string }).code !== '42P04') throw error;
    }
    return true;
  } finally {
    await client.end();
  }
}

/** Runs `work` in one transaction on one client from the pool, rolling back on any error. */
export async function inTransaction<T>(db: Database, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    return await inClientTransaction(client, work);
  } finally {
    client.release();
  }
}

/** Runs `work` in one transaction on a client the caller holds (its session locks and settings), rolling back on any error. */
export async function inClientTransaction<Client extends pg.ClientBase, T>(client: Client, work: (client: Client) => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
