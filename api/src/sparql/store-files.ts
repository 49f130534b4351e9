/**
 * The embedded store's files (DESIGN.md §2), under one directory:
 *
 * - `snapshot.nq`: the whole state, first line `# og-embedded-store snapshot 1 generation=G quads=N`;
 * - `updates.log`: the update log of the operations since that snapshot (see `./store-log.ts`).
 *
 * A file is replaced by writing `<name>.tmp`, fsyncing it and renaming it over the old one; a
 * `.tmp` file found on open is what a crash left of a replacement and is removed. Recovery
 * ({@link recoverFiles}) reads the two back into a {@link StoreState}: the snapshot, then the log
 * replayed over it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../lib/log.js';
import { type LogOperation, logHeader, readLogHeader, scanLog } from './store-log.js';
import { errorText, StoreError } from './triple-store.js';

/**
 * The in-memory state that the snapshot and the update log keep on disk (for the embedded store,
 * its Oxigraph store). Recovery fills a new, empty one; compaction writes one out.
 */
export interface StoreState {
  /** Applies one operation of the update log. */
  apply(operation: LogOperation): void;
  /** Loads a snapshot's body (what {@link dump} gave, the header line left out) into this empty state. */
  load(snapshot: Buffer): void;
  /** Whole N-Quads lines, taken in one synchronous turn: the body of a snapshot of the state as it is now. */
  dump(): string[];
  /** The quads the state holds; a snapshot's header records it, and loading the snapshot checks it. */
  readonly size: number;
  /** Releases the state's memory once another one replaces it. */
  free(): void;
}

/** The store's durable files as they are now: the replica of read-only queries starts from them. */
export interface DurableFiles {
  directory: string;
  snapshotFile: string;
  logFile: string;
  /** The generation of the snapshot and of the log. */
  generation: number;
  /** The log's durable length: its records up to here are the state the files hold. */
  logBytes: number;
}

export const snapshotFile = 'snapshot.nq';
export const logFile = 'updates.log';
const snapshotHeaderPattern = /^# og-embedded-store snapshot 1 generation=(\d+) quads=(\d+)$/;

export function snapshotHeader(generation: number, quads: number): Buffer {
  return Buffer.from(`# og-embedded-store snapshot 1 generation=${generation} quads=${quads}\n`, 'latin1');
}

/** Makes a file's or a directory's contents (a directory: its entries) durable. */
export async function fsyncPath(target: string): Promise<void> {
  const handle = await fs.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function writeAll(handle: fs.FileHandle, data: Buffer): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    const { bytesWritten } = await handle.write(data, offset, data.length - offset);
    offset += bytesWritten;
  }
}

async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Writes `${file}.tmp`, fsyncs it and renames it over `file` (removing the temp file on failure). The directory is not fsynced yet. */
export async function replaceFile(file: string, parts: Iterable<Buffer>): Promise<void> {
  const temporary = `${file}.tmp`;
  try {
    const handle = await fs.open(temporary, 'w');
    try {
      for (const part of parts) await writeAll(handle, part);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** {@link replaceFile}, then fsync of the directory so the rename itself is durable. */
export async function writeFileAtomically(file: string, parts: Iterable<Buffer>): Promise<void> {
  await replaceFile(file, parts);
  await fsyncPath(path.dirname(file));
}

/** Removes the `.tmp` files a replacement cut short by a crash left behind. */
export async function removeTemporaryFiles(directory: string): Promise<void> {
  for (const name of await fs.readdir(directory)) {
    if (name.endsWith('.tmp')) await fs.rm(path.join(directory, name), { force: true });
  }
}

/** Loads `snapshot.nq` into `state` if there is one; returns its generation (0 without a snapshot). */
async function loadSnapshot(state: StoreState, directory: string): Promise<number> {
  const file = path.join(directory, snapshotFile);
  const content = await readIfExists(file);
  if (content === null) return 0;
  const headerEnd = content.indexOf(0x0a);
  const header = snapshotHeaderPattern.exec(content.subarray(0, headerEnd < 0 ? 0 : headerEnd).toString('latin1'));
  if (!header) throw new StoreError(`${file} is not a snapshot of the embedded store (its first line is not the snapshot header); refusing to open.`);
  try {
    state.load(content.subarray(headerEnd + 1));
  } catch (error) {
    throw new StoreError(`Could not read the snapshot ${file}: ${errorText(error)}`);
  }
  if (state.size !== Number(header[2])) {
    throw new StoreError(`The snapshot ${file} holds ${state.size} quads but its header says ${header[2]}; it is damaged. Refusing to open.`);
  }
  return Number(header[1]);
}

/**
 * Replays the update log over the snapshot; returns the log's generation and valid length. A log
 * of an older generation than the snapshot (a compaction cut short between its two renames) is
 * contained in the snapshot and replaced by an empty one; a torn last record (an append cut short)
 * is cut off; damage followed by intact records refuses the open.
 */
async function replayLog(
  state: StoreState,
  directory: string,
  snapshotGeneration: number,
  log: Logger,
): Promise<{ generation: number; logBytes: number; replayed: number }> {
  const file = path.join(directory, logFile);
  const fresh = async () => {
    await writeFileAtomically(file, [logHeader(snapshotGeneration)]);
    return { generation: snapshotGeneration, logBytes: logHeader(snapshotGeneration).length, replayed: 0 };
  };
  const content = await readIfExists(file);
  if (content === null || content.length === 0) return fresh();
  const header = readLogHeader(content);
  if (!header) throw new StoreError(`${file} is not an update log of the embedded store (bad header); refusing to open.`);
  if (header.generation < snapshotGeneration) {
    log.info('discarding an update log that the snapshot already contains', { log: file });
    return fresh();
  }
  if (header.generation > snapshotGeneration) {
    throw new StoreError(
      `The update log ${file} continues snapshot generation ${header.generation}, but the snapshot is generation ${snapshotGeneration} ` +
        `(missing or replaced?). Refusing to open: replaying it would not give the data it recorded.`,
    );
  }
  const scan = scanLog(content, header.length);
  if (scan.kind === 'damaged') {
    throw new StoreError(
      `The update log ${file} is damaged at byte ${scan.offset}, with intact records after the damage. Refusing to open so no ` +
        `acknowledged write is silently lost: restore the file from a backup, or move it aside to start from the snapshot.`,
    );
  }
  scan.operations.forEach((operation, index) => {
    try {
      state.apply(operation);
    } catch (error) {
      throw new StoreError(`Replaying record ${index + 1} of ${file} failed: ${errorText(error)}`);
    }
  });
  if (scan.tornBytes > 0) {
    log.warn('dropped a torn last record of the update log (a write cut short by a crash, never acknowledged)', { log: file, bytes: scan.tornBytes });
    await fs.truncate(file, scan.validBytes);
    await fsyncPath(file);
  }
  return { generation: header.generation, logBytes: scan.validBytes, replayed: scan.operations.length };
}

/**
 * Recovery: loads the snapshot into the empty `state` and replays the update log over it, so the
 * state is exactly the acknowledged writes. Returns the generation and the log's valid length.
 */
export async function recoverFiles(
  state: StoreState,
  directory: string,
  log: Logger,
): Promise<{ generation: number; logBytes: number; replayed: number }> {
  return replayLog(state, directory, await loadSnapshot(state, directory), log);
}
