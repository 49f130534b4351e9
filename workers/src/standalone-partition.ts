import pg from 'pg';
import type { Queryable } from '@og/api/db/database';

/**
 * A partition filled standalone (invisible to every reader of its parent) and attached once
 * complete: a dataset's titles, a prediction set's entries. `column` is the parent's list key and
 * `id` the value the partition holds; `check` names the CHECK that says so.
 */
export interface StandalonePartition {
  parent: string;
  table: string;
  column: string;
  id: string;
  check: string;
}

/**
 * Creates the partition like its parent, with a CHECK on its key (the attach then skips scanning
 * it) and the key's value as the column's default: rows copied in leave it out, as the text of a
 * uuid on every line makes a COPY far slower.
 */
export async function createStandalonePartition(db: Queryable, partition: StandalonePartition): Promise<void> {
  const table = pg.escapeIdentifier(partition.table);
  const column = pg.escapeIdentifier(partition.column);
  const id = `${pg.escapeLiteral(partition.id)}::uuid`;
  await db.query(
    `CREATE TABLE ${table} (LIKE ${pg.escapeIdentifier(partition.parent)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
       CONSTRAINT ${pg.escapeIdentifier(partition.check)} CHECK (${column} = ${id}))`,
  );
  await db.query(`ALTER TABLE ${table} ALTER COLUMN ${column} SET DEFAULT ${id}`);
}

/**
 * Attaches the partition to its parent, then drops its CHECK (the partition's bound says the same
 * now) and its key's default (rows come through the parent from now on). In the caller's transaction.
 */
export async function attachStandalonePartition(db: Queryable, partition: StandalonePartition): Promise<void> {
  const table = pg.escapeIdentifier(partition.table);
  await db.query(`ALTER TABLE ${pg.escapeIdentifier(partition.parent)} ATTACH PARTITION ${table} FOR VALUES IN (${pg.escapeLiteral(partition.id)})`);
  await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${pg.escapeIdentifier(partition.check)}, ALTER COLUMN ${pg.escapeIdentifier(partition.column)} DROP DEFAULT`);
}
