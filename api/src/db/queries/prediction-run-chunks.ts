import type { Queryable } from '../database.js';

/** A chunk of a prediction run: its titles and, for a restricted run, the codes each may get. */
export interface RunChunkInput {
  titles: string[];
  allowed: (string[] | null)[] | null;
}

/** Stores a run's chunks; a retried run keeps the chunks it stored before (the dataset's titles do not change). */
export async function insertRunChunks(db: Queryable, setId: string, chunks: RunChunkInput[]): Promise<void> {
  for (const [chunk, input] of chunks.entries()) {
    await db.query(
      `INSERT INTO prediction_run_chunks (set_id, chunk, titles, allowed) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT (set_id, chunk) DO NOTHING`,
      [setId, chunk, input.titles, input.allowed ? JSON.stringify(input.allowed) : null],
    );
  }
}

/** A chunk's titles, or null when the run is gone. */
export async function findRunChunk(db: Queryable, setId: string, chunk: number): Promise<RunChunkInput | null> {
  const result = await db.query<{ titles: string[]; allowed: (string[] | null)[] | null }>(
    'SELECT titles, allowed FROM prediction_run_chunks WHERE set_id = $1 AND chunk = $2',
    [setId, chunk],
  );
  return result.rows[0] ?? null;
}

/** A coded chunk's entries (OCCPAST JSON objects, comma-separated) and how many of its titles got a prediction. */
export async function saveRunChunkEntries(db: Queryable, setId: string, chunk: number, entries: string, coded: number): Promise<void> {
  await db.query('UPDATE prediction_run_chunks SET entries = $3, coded = $4 WHERE set_id = $1 AND chunk = $2', [setId, chunk, entries, coded]);
}

/** One chunk's coded entries ('' when it had none; null when it is not coded). */
export async function runChunkEntries(db: Queryable, setId: string, chunk: number): Promise<string | null> {
  const result = await db.query<{ entries: string | null }>('SELECT entries FROM prediction_run_chunks WHERE set_id = $1 AND chunk = $2', [setId, chunk]);
  return result.rows[0]?.entries ?? null;
}

export async function deleteRunChunks(db: Queryable, setId: string): Promise<void> {
  await db.query('DELETE FROM prediction_run_chunks WHERE set_id = $1', [setId]);
}
