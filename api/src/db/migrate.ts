import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.js';

/**
 * Plain, versioned migrations: `migrations/NNN-name.(ts|js)` each export an `up` SQL string.
 * They run in order, each in its own transaction, under an advisory lock so that several
 * processes starting at once apply each migration exactly once.
 */

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const lockKey = 7_320_118; // any fixed number, shared by every process of this app

export interface Migration {
  version: string;
  up: string;
}

export async function readMigrations(): Promise<Migration[]> {
  const files = (await fs.readdir(migrationsDir))
    .filter((file) => /^\d{3}-[a-z0-9-]+\.(js|ts)$/.test(file) && !file.endsWith('.d.ts'))
    .sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const module = (await import(path.join(migrationsDir, file))) as { up?: unknown };
    if (typeof module.up !== 'string') throw new Error(`Migration ${file} exports no 'up' SQL string`);
    migrations.push({ version: file.replace(/\.(js|ts)$/, ''), up: module.up });
  }
  return migrations;
}

/** Applies every migration not applied yet; answers the versions it applied. */
export async function migrate(db: Database): Promise<string[]> {
  const migrations = await readMigrations();
  const client = await db.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [lockKey]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await client.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map((row) => row.version));
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.up);
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${migration.version} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(migration.version);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [lockKey]).catch(() => undefined);
    client.release();
  }
  return applied;
}
