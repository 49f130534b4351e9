import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/config.js';

/** Where uploads (dataset files, scheme files) wait for the job that reads them. */
export const uploadsDirectory = (config: Pick<Config, 'dataDir'>): string => path.resolve(config.dataDir, 'uploads');

/** Whether `file` is inside the uploads directory: a job reads or removes nothing else. */
export function isInUploads(config: Pick<Config, 'dataDir'>, file: string): boolean {
  const relative = path.relative(uploadsDirectory(config), path.resolve(file));
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** Removes a stored upload; a path outside the uploads directory is never touched. */
export async function removeUpload(config: Pick<Config, 'dataDir'>, file: string): Promise<void> {
  if (isInUploads(config, file)) await fs.promises.rm(path.resolve(file), { force: true });
}
