import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import type { Config } from '../config/config.js';
import { uploadsDirectory } from '../lib/uploads.js';

/** One row of the JSON form, as the ingest job reads it from a `.jsonl` upload (one JSON object per line). */
export interface DatasetJsonLine {
  title: string;
  code: string;
  totals: (number | string)[];
}

/** Writes the rows of the JSON form as JSON lines into a new upload file; answers its path and size. */
export async function writeDatasetJsonLines(config: Pick<Config, 'dataDir'>, rows: Iterable<DatasetJsonLine>): Promise<{ path: string; bytes: number }> {
  await fs.promises.mkdir(uploadsDirectory(config), { recursive: true });
  const target = path.join(uploadsDirectory(config), `${crypto.randomUUID()}.jsonl`);
  const out = fs.createWriteStream(target);
  try {
    for (const row of rows) {
      if (!out.write(`${JSON.stringify(row)}\n`)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
  } catch (error) {
    out.destroy();
    await fs.promises.rm(target, { force: true });
    throw error;
  }
  return { path: target, bytes: out.bytesWritten };
}
