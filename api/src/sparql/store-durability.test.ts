import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../lib/log.js';
import { StoreDurability } from './store-durability.js';
import { logFile, snapshotFile, type StoreState } from './store-files.js';
import { encodeRecord, type LogOperation } from './store-log.js';
import { StoreError, StoreWriteError } from './triple-store.js';

/**
 * The durability of the embedded store on its own: no Oxigraph, a list of entries as the state
 * (an entry replayed twice or lost shows), files in a temp directory. A crash is a copy of the
 * directory taken at that instant (every acknowledged record is fsynced, so the copy holds what
 * `kill -9` leaves); a failing disk is a FileHandle method that throws.
 */

/** The state: entries in the order they were added. An update's text is the entry it adds. */
class EntryList implements StoreState {
  entries: string[] = [];
  freed = false;

  get size(): number {
    return this.entries.length;
  }

  apply(operation: LogOperation): void {
    if (operation.text.includes('\n')) throw new Error('an entry is one line');
    this.entries.push(operation.text);
  }

  load(snapshot: Buffer): void {
    this.entries = snapshot.toString('utf8').split('\n').slice(0, -1);
  }

  dump(): string[] {
    return this.entries.map((entry) => `${entry}\n`);
  }

  free(): void {
    this.freed = true;
  }
}

const quiet = createLogger('silent');
const directories: string[] = [];
const opened: StoreDurability<EntryList>[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  for (const durability of opened.splice(0)) await durability.close().catch(() => undefined);
  for (const directory of directories.splice(0)) fsSync.rmSync(directory, { recursive: true, force: true });
});

function temporaryDirectory(): string {
  const directory = fsSync.mkdtempSync(path.join(os.tmpdir(), 'og-store-durability-unit-'));
  directories.push(directory);
  return directory;
}

async function open(directory: string, compactAfterBytes = 1024 * 1024): Promise<StoreDurability<EntryList>> {
  const durability = await StoreDurability.open({ directory, createState: () => new EntryList(), log: quiet, compactAfterBytes });
  opened.push(durability);
  return durability;
}

/** A write as the embedded store makes it: applied to the state, then committed; resolves once durable. */
function write(durability: StoreDurability<EntryList>, entry: string): Promise<void> {
  const operation: LogOperation = { op: 'update', text: entry };
  durability.state.apply(operation);
  return durability.commit(operation);
}

/** A durability in a new directory, with `entries` written and acknowledged. */
async function storeWith(entries: string[], compactAfterBytes?: number): Promise<{ directory: string; durability: StoreDurability<EntryList> }> {
  const directory = temporaryDirectory();
  const durability = await open(directory, compactAfterBytes);
  for (const entry of entries) await write(durability, entry);
  return { directory, durability };
}

/** Entries a and b in the snapshot (generation 1), c and d only in the update log after it. */
async function storeWithSnapshotAndLog(): Promise<{ directory: string; durability: StoreDurability<EntryList> }> {
  const store = await storeWith(['a', 'b']);
  await store.durability.compact();
  for (const entry of ['c', 'd']) await write(store.durability, entry);
  return store;
}

/** The directory as a crash right now leaves it: a copy, taken synchronously. */
function crashImage(directory: string): string {
  const image = temporaryDirectory();
  for (const name of fsSync.readdirSync(directory)) fsSync.copyFileSync(path.join(directory, name), path.join(image, name));
  return image;
}

/** The entries recovery reads from `directory`. */
async function recovered(directory: string): Promise<string[]> {
  const durability = await open(directory);
  return [...durability.state.entries];
}

const logSize = (directory: string) => fsSync.statSync(path.join(directory, logFile)).size;

/** The prototype of node's FileHandle, to make a disk fail. */
async function fileHandlePrototype(): Promise<fs.FileHandle> {
  const handle = await fs.open(path.join(temporaryDirectory(), 'probe'), 'w');
  await handle.close();
  return Object.getPrototypeOf(handle) as fs.FileHandle;
}

const errno = (code: string) => Object.assign(new Error(`${code}: failed, write`), { code, syscall: 'write' });

describe('recovery', () => {
  it('replays the update log over the snapshot exactly once after a crash between appends and the next snapshot', async () => {
    const { directory } = await storeWithSnapshotAndLog();
    const image = crashImage(directory);
    expect(fsSync.readFileSync(path.join(image, snapshotFile), 'latin1')).toBe('# og-embedded-store snapshot 1 generation=1 quads=2\na\nb\n');

    const reopened = await open(image);
    expect(reopened.state.entries).toEqual(['a', 'b', 'c', 'd']);
    expect(reopened.replayed).toBe(2);
    // Recovery changes nothing on disk: a second crash right after it recovers the same.
    expect(await recovered(crashImage(image))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('drops a torn last record and keeps every acknowledged one, and writing goes on after the cut', async () => {
    const torn = encodeRecord({ op: 'update', text: 'never acknowledged' });
    for (const tail of [torn.subarray(0, torn.length - 3), torn.subarray(0, 7), Buffer.alloc(4096), Buffer.concat([torn.subarray(0, 20), Buffer.alloc(100)])]) {
      const { directory } = await storeWith(['a', 'b', 'c']);
      const image = crashImage(directory);
      const intactSize = logSize(image);
      fsSync.appendFileSync(path.join(image, logFile), tail);

      const reopened = await open(image);
      expect(reopened.state.entries).toEqual(['a', 'b', 'c']);
      expect(logSize(image)).toBe(intactSize); // the torn bytes are cut off
      await write(reopened, 'd');
      expect(await recovered(crashImage(image))).toEqual(['a', 'b', 'c', 'd']);
    }
  });

  it('refuses a log damaged before intact records, and a log of a later generation than the snapshot', async () => {
    const { directory, durability } = await storeWith(['first entry', 'b', 'c']);
    const damaged = crashImage(directory);
    const content = fsSync.readFileSync(path.join(damaged, logFile));
    const at = content.indexOf('first entry');
    content[at] = content[at]! ^ 0xff;
    fsSync.writeFileSync(path.join(damaged, logFile), content);
    await expect(open(damaged)).rejects.toThrow(/update log .* is damaged at byte \d+/);

    const withoutSnapshot = crashImage(directory);
    await durability.compact();
    fsSync.copyFileSync(path.join(directory, logFile), path.join(withoutSnapshot, logFile)); // generation 1, with no snapshot
    await expect(open(withoutSnapshot)).rejects.toThrow(/continues snapshot generation 1, but the snapshot is generation 0/);
  });
});

describe('compaction', () => {
  it('gives exactly the acknowledged state after a crash at each of its steps', async () => {
    const { directory, durability } = await storeWithSnapshotAndLog();

    // A crash image before and after each rename of the compaction, and one with the new snapshot half written.
    const images: { step: string; directory: string }[] = [];
    const rename = fs.rename.bind(fs);
    vi.spyOn(fs, 'rename').mockImplementation(async (from, to) => {
      const name = path.basename(String(to));
      if (name === snapshotFile) {
        const halfWritten = crashImage(directory);
        const temporary = path.join(halfWritten, `${snapshotFile}.tmp`);
        fsSync.truncateSync(temporary, Math.floor(fsSync.statSync(temporary).size / 2));
        images.push({ step: 'new snapshot half written', directory: halfWritten });
      }
      images.push({ step: `${name}.tmp written, not renamed`, directory: crashImage(directory) });
      await rename(from, to);
      images.push({ step: `${name} renamed`, directory: crashImage(directory) });
    });
    await durability.compact();
    vi.restoreAllMocks();

    expect(images.map((image) => image.step)).toEqual([
      'new snapshot half written',
      'snapshot.nq.tmp written, not renamed',
      'snapshot.nq renamed', // the old log (generation 1) is still there, its records in the snapshot (generation 2)
      'updates.log.tmp written, not renamed',
      'updates.log renamed',
    ]);
    for (const image of images) {
      const reopened = await open(image.directory);
      expect(reopened.state.entries, image.step).toEqual(['a', 'b', 'c', 'd']);
      expect(fsSync.readdirSync(image.directory).filter((name) => name.endsWith('.tmp')), image.step).toEqual([]);
      await write(reopened, 'e');
      expect(await recovered(crashImage(image.directory)), image.step).toEqual(['a', 'b', 'c', 'd', 'e']);
    }
  });

  it('leaves a write applied after it started out of the new snapshot: replayed once, and refused whole when its append fails', async () => {
    for (const appendFails of [false, true]) {
      const { directory, durability } = await storeWith(['a']);
      const prototype = await fileHandlePrototype();
      const realWrite = prototype.write as (...args: unknown[]) => Promise<unknown>;
      // The compaction's files are written; an append of records (they start with the magic OGR1) fails.
      const failingAppends = function (this: fs.FileHandle, ...args: unknown[]) {
        const [data, offset] = args as [Buffer, number];
        if (Buffer.isBuffer(data) && data.toString('latin1', offset, offset + 4) === 'OGR1') return Promise.reject(errno('ENOSPC'));
        return realWrite.apply(this, args);
      };
      if (appendFails) vi.spyOn(prototype, 'write').mockImplementation(failingAppends as typeof prototype.write);
      const compacting = durability.compact();
      const during = write(durability, 'b'); // applied once the compaction has started; its record goes to the next log
      const [compacted, written] = await Promise.allSettled([compacting, during]);
      vi.restoreAllMocks();
      expect(compacted.status).toBe('fulfilled');
      expect(fsSync.readFileSync(path.join(directory, snapshotFile), 'latin1')).toBe('# og-embedded-store snapshot 1 generation=1 quads=1\na\n');
      if (appendFails) {
        expect(written.status).toBe('rejected');
        expect((written as PromiseRejectedResult).reason).toBeInstanceOf(StoreWriteError);
        expect(durability.state.entries).toEqual(['a']);
        expect(await recovered(crashImage(directory))).toEqual(['a']);
      } else {
        expect(written.status).toBe('fulfilled');
        expect(await recovered(crashImage(directory))).toEqual(['a', 'b']);
      }
    }
  });

  it('runs once the log passes its threshold, and keeps the log when the new snapshot cannot be written', async () => {
    const entries = Array.from({ length: 20 }, (_, index) => `entry ${index}`);
    const { directory, durability } = await storeWith(entries, 200);
    await durability.writerIdle();
    expect(durability.logSize).toBeLessThan(250);
    expect(fsSync.readFileSync(path.join(directory, snapshotFile), 'latin1')).toMatch(/^# og-embedded-store snapshot 1 generation=\d+ quads=\d+\n/);

    await write(durability, 'kept');
    const sizeBefore = durability.logSize;
    vi.spyOn(await fileHandlePrototype(), 'sync').mockRejectedValueOnce(errno('EIO')); // the new snapshot's fsync
    await durability.compact();
    expect(durability.failure).toBeNull();
    expect(durability.logSize).toBe(sizeBefore); // the log still holds its records
    expect(fsSync.readdirSync(directory).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    await write(durability, 'after');
    expect(await recovered(crashImage(directory))).toEqual([...entries, 'kept', 'after']);
  });
});

describe('group commit', () => {
  it('makes writes asked for together durable in shared appends, in order, telling each once it is durable', async () => {
    const directory = temporaryDirectory();
    const durable: string[] = [];
    const durability = await StoreDurability.open({
      directory,
      createState: () => new EntryList(),
      log: quiet,
      compactAfterBytes: 1024 * 1024,
      onDurable: (operation) => durable.push(operation.text),
    });
    opened.push(durability);
    const datasync = vi.spyOn(await fileHandlePrototype(), 'datasync');
    const entries = Array.from({ length: 50 }, (_, index) => `entry ${index}`);
    const writes = entries.map((entry) => write(durability, entry));
    expect(durability.allDurable).toBe(false);
    await durability.untilDurable();
    expect(durable).toEqual(entries);
    await Promise.all(writes);
    expect(datasync.mock.calls.length).toBeGreaterThan(0);
    expect(datasync.mock.calls.length).toBeLessThan(entries.length);
    expect(await recovered(crashImage(directory))).toEqual(entries);
  });
});

describe('a failed append', () => {
  it('on a full disk: cuts the log back to its last durable record, reloads, refuses the writes not yet durable, and takes writes again once there is room', async () => {
    const { directory, durability } = await storeWith(['a', 'b']);
    const durableSize = logSize(directory);
    const before = durability.state;

    // The append writes part of its bytes, then the disk is full.
    const prototype = await fileHandlePrototype();
    const realWrite = prototype.write as (...args: unknown[]) => Promise<unknown>;
    const writeSpy = vi.spyOn(prototype, 'write');
    writeSpy.mockImplementationOnce(function (this: fs.FileHandle, ...args: unknown[]) {
      const [data, offset, length] = args as [Buffer, number, number];
      return realWrite.call(this, data, offset, Math.max(1, Math.floor(length / 2)));
    } as typeof prototype.write);
    writeSpy.mockImplementationOnce((() => Promise.reject(errno('ENOSPC'))) as typeof prototype.write);
    const writes = [write(durability, 'c'), write(durability, 'd')];
    const reading = durability.untilDurable(); // a reader waiting for the refused writes reads the reloaded state
    const refused = await Promise.allSettled(writes);
    for (const result of refused) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason as StoreWriteError;
      expect(reason).toBeInstanceOf(StoreWriteError);
      expect(reason.diskFull).toBe(true);
      expect(reason.message).toMatch(/disk is full: the embedded triple store could not log the change \(ENOSPC/);
    }
    await reading;
    expect(durability.failure).toBeNull();
    expect(durability.state).not.toBe(before);
    expect(before.freed).toBe(true);
    expect(durability.state.entries).toEqual(['a', 'b']);
    expect(logSize(directory)).toBe(durableSize);
    expect(await recovered(crashImage(directory))).toEqual(['a', 'b']);

    // While the disk is known to be full, a write finds out before it is applied.
    expect(durability.outOfRoom).toBe(true);
    const statfs = vi.spyOn(fsSync.promises, 'statfs').mockResolvedValue({ bavail: 0, bsize: 4096, blocks: 2048 } as fsSync.StatsFs);
    await expect(durability.assertRoomFor(10)).rejects.toThrow(/disk is full: the embedded triple store has no room to log the change/);
    statfs.mockRestore();
    await durability.assertRoomFor(10);

    await write(durability, 'e');
    expect(durability.outOfRoom).toBe(false);
    expect(await recovered(crashImage(directory))).toEqual(['a', 'b', 'e']);
  });

  it('when the fsync fails: refuses the write as not made (not a full disk), and the next one is written', async () => {
    const { directory, durability } = await storeWith(['a']);
    vi.spyOn(await fileHandlePrototype(), 'datasync').mockRejectedValueOnce(errno('EIO'));
    const refusal = (await write(durability, 'b').then(
      () => null,
      (error: unknown) => error,
    )) as StoreWriteError;
    expect(refusal).toBeInstanceOf(StoreWriteError);
    expect(refusal.diskFull).toBe(false);
    expect(refusal.message).toMatch(/could not write its update log \(EIO/);
    expect(durability.outOfRoom).toBe(false);
    expect(durability.state.entries).toEqual(['a']);
    await write(durability, 'c');
    expect(await recovered(crashImage(directory))).toEqual(['a', 'c']);
  });

  it('stops the store for good when the log cannot be cut back', async () => {
    const { durability } = await storeWith(['a']);
    const prototype = await fileHandlePrototype();
    vi.spyOn(prototype, 'write').mockRejectedValueOnce(errno('EIO'));
    vi.spyOn(prototype, 'truncate').mockRejectedValueOnce(errno('EIO'));
    await expect(write(durability, 'b')).rejects.toThrow(/could not write to .* It refuses all further work/);
    expect(durability.failure).toBeInstanceOf(StoreError);
    await expect(durability.commit({ op: 'update', text: 'c' })).rejects.toBe(durability.failure);
    await expect(durability.untilDurable()).rejects.toBe(durability.failure);
    await expect(durability.compact()).rejects.toBe(durability.failure);
  });
});
