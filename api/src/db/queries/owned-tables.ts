import pg from 'pg';
import { type Queryable, setLocalLockTimeout } from '../database.js';

/**
 * Drops the tables of something being deleted (a dataset's, a prediction set's), inside the
 * deleting transaction: an attached partition must go (it only waits for readers, under the
 * transaction's lock_timeout); a staging or standalone table that a running job still holds is
 * left to that job, which finds its owner gone and drops its own tables; one no job holds any
 * more (a killed attempt's) goes at once.
 */
export async function dropOwnedTables(client: Queryable, tables: { name: string; attached: boolean }[], lockTimeout = '10s'): Promise<void> {
  for (const table of tables) {
    if (table.attached) {
      await client.query(`DROP TABLE IF EXISTS ${pg.escapeIdentifier(table.name)}`);
      continue;
    }
    await client.query('SAVEPOINT drop_table');
    try {
      // A running job holds its own tables for as long as it works: don't wait for it.
      await setLocalLockTimeout(client, '50ms');
      await client.query(`DROP TABLE IF EXISTS ${pg.escapeIdentifier(table.name)}`);
      await client.query('RELEASE SAVEPOINT drop_table');
      await setLocalLockTimeout(client, lockTimeout);
    } catch (error) {
      if ((error as { code?: string }).code !== '55P03') throw error;
      await client.query('ROLLBACK TO SAVEPOINT drop_table'); // also undoes the short lock_timeout
    }
  }
}
