import pg from 'pg';

export type Database = pg.Pool;
export type Queryable = pg.Pool | pg.PoolClient;

/** Column type parsers: bigint counts come back as numbers (they stay far below 2^53 here). */
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function createDatabase(databaseUrl: string, max = 10): Database {
  // A host that drops packets fails a connection after 30 s instead of holding the request for
  // minutes; waiting for a free client of a busy pool counts too, so the bound is generous.
  const pool = new pg.Pool({ connectionString: databaseUrl, max, application_name: 'occupation-graph', connectionTimeoutMillis: 30_000 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  // A checked-out client whose connection drops (a restart, a COPY cut off by EPIPE) emits 'error'
  // besides failing its query; unheard, that event would end the process. The query's own error
  // fails the step that ran it, and the pool drops the dead client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** Resolves when the database answers a trivial query; rejects with its error otherwise. */
export async function pingDatabase(db: Queryable | pg.Client): Promise<void> {
  await db.query('SELECT 1');
}

/** Waits until the database answers a query, or `timeoutMs` passes, or `signal` aborts; answers whether it answered. */
export async function waitForDatabase(db: Database, options: { timeoutMs: number; signal?: AbortSignal; intervalMs?: number }): Promise<boolean> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    try {
      await pingDatabase(db);
      return true;
    } catch {
      if (Date.now() >= deadline || options.signal?.aborted) return false;
      await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 500));
    }
  }
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
  client.on('error', () => undefined);
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

/** How long the statements of the current transaction wait for a lock before they fail with 55P03 (`SET LOCAL lock_timeout`). */
export async function setLocalLockTimeout(client: Queryable, lockTimeout: string): Promise<void> {
  await client.query(`SET LOCAL lock_timeout = ${pg.escapeLiteral(lockTimeout)}`);
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
