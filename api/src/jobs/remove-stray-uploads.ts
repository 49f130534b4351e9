import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import { findPendingUploadPaths } from '../db/queries/job-runs.js';
import { uploadsDirectory } from '../lib/uploads.js';

/** An upload left alone this long, that no job will read, is a leftover (a crash mid-upload, a job that never ran). */
const strayAfterMs = 60 * 60 * 1000;

/**
 * Removes upload files that no job still to run refers to and that nothing has written for an
 * hour: what a process killed mid-upload (or mid-job, once its job is over) leaves behind. A file
 * being received is written to all the time, so it is never an hour old. Answers how many went.
 */
export async function removeStrayUploads(config: Pick<Config, 'dataDir'>, db: Database, now = Date.now()): Promise<number> {
  const directory = uploadsDirectory(config);
  const entries = await fs.promises.readdir(directory, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const pending = new Set((await findPendingUploadPaths(db)).map((file) => path.resolve(file)));
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(directory, entry.name);
    if (pending.has(file)) continue;
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat || now - stat.mtimeMs < strayAfterMs) continue;
    await fs.promises.rm(file, { force: true });
    removed++;
  }
  return removed;
}
