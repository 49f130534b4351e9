/**
 * The embedded store's lock file: `lock` in the store directory holding the owner's pid (and its
 * start time, against pid reuse), created exclusively. A second process (or a second open in this one) is refused with a message naming
 * the pid and the path; a lock left by a process that no longer runs is taken over.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../lib/log.js';
import { StoreError } from './triple-store.js';

/** Another live process (or this one) has the store open. */
export class StoreLockedError extends StoreError {
  constructor(
    readonly directory: string,
    readonly lockPath: string,
    readonly pid: number,
  ) {
    const who = pid === process.pid ? `this process (pid ${pid})` : `process ${pid}`;
    super(
      `The embedded triple store at ${directory} is already open in ${who} (lock file ${lockPath}). ` +
        `Only one process may open it: stop the other one, or give this one another DATA_DIR (or SPARQL_QUERY_URL/SPARQL_UPDATE_URL for a shared store).`,
    );
  }
}

export interface StoreLock {
  readonly path: string;
  release(): Promise<void>;
}

interface Owner {
  pid: number;
  /** The process's start time (Linux `/proc/<pid>/stat` field 22), so a reused pid is not mistaken for the owner. */
  started: string | null;
}

/** When the process started, and whether it is a zombie; null when /proc cannot tell (not Linux, or no such process). */
async function processStat(pid: number): Promise<{ started: string; zombie: boolean } | null> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ? { started: fields[19], zombie: fields[0] === 'Z' } : null;
  } catch {
    return null;
  }
}

async function isRunning(owner: Owner): Promise<boolean> {
  if (owner.pid !== process.pid) {
    try {
      process.kill(owner.pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
    }
  }
  const stat = await processStat(owner.pid);
  if (stat?.zombie) return false;
  if (stat && owner.started && stat.started !== owner.started) return false; // the pid now belongs to another process
  return true;
}

async function readOwner(lockPath: string): Promise<Owner | null | 'missing'> {
  try {
    const match = /^(\d+)(?: (\S+))?\s*$/.exec(await fs.readFile(lockPath, 'utf8'));
    if (!match) return null;
    return { pid: Number(match[1]), started: match[2] && match[2] !== '-' ? match[2] : null };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function acquireStoreLock(directory: string, log: Logger): Promise<StoreLock> {
  const lockPath = path.join(directory, 'lock');
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const handle = await fs.open(lockPath, 'wx');
      try {
        await handle.writeFile(`${process.pid} ${(await processStat(process.pid))?.started ?? '-'}\n`);
        await handle.sync();
      } finally {
        await handle.close();
      }
      return {
        path: lockPath,
        async release() {
          const owner = await readOwner(lockPath);
          if (typeof owner === 'object' && owner?.pid === process.pid) await fs.rm(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner = await readOwner(lockPath);
    if (owner === 'missing') continue;
    if (owner === null) {
      // Either a lock being written right now, or one left half-written by a crash.
      await sleep(200);
      owner = await readOwner(lockPath);
      if (owner === 'missing') continue;
    }
    if (owner !== null && (await isRunning(owner))) throw new StoreLockedError(directory, lockPath, owner.pid);
    log.warn('taking over the lock of a process that is gone', { lock: lockPath, pid: owner?.pid ?? null });
    await fs.rm(lockPath, { force: true });
  }
  throw new StoreError(`Could not take the lock ${lockPath} of the embedded triple store (it keeps changing hands).`);
}
