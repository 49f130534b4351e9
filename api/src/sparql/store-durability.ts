import fs from 'node:fs/promises';
import path from 'node:path';
import { diskSpace, isNoRoomError } from '../lib/disk-space.js';
import type { Logger } from '../lib/log.js';
import {
  type DurableFiles,
  fsyncPath,
  logFile,
  recoverFiles,
  removeTemporaryFiles,
  replaceFile,
  snapshotFile,
  snapshotHeader,
  type StoreState,
  writeAll,
  writeFileAtomically,
} from './store-files.js';
import { encodeRecord, encodeRecordInTurns, type LogOperation, logHeader, recordInTurnsChars } from './store-log.js';
import { errorText, StoreError, StoreWriteError } from './triple-store.js';

/** How the durability of one store directory is set up; the directory must exist and be held by the caller alone (the embedded store takes its lock). */
export interface StoreDurabilityOptions<S extends StoreState> {
  directory: string;
  /** A new, empty state: filled by recovery on open, and again to reload the files after a failed append. */
  createState: () => S;
  log: Logger;
  /** Compact once the update log is larger than this. */
  compactAfterBytes: number;
  /** Each committed operation once it is durable, in order. */
  onDurable?: (operation: LogOperation) => void;
  /** Awaited before a compaction replaces the files (a reader of the files finds them as they were named to it). */
  beforeCompaction?: () => Promise<void>;
  /** Awaited before the state is replaced after a failed append (an operation being applied in turns ends first). */
  beforeReload?: () => Promise<void>;
}

/** Free space a write needs beyond its record while the disk is known to have been full. */
const roomToSpare = 64 * 1024;

interface Waiter {
  seq: number;
  /** A write's own waiter (refused when its record is not made durable), or a reader's. */
  write: boolean;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * The embedded store's durability (DESIGN.md §2): keeps an in-memory {@link StoreState} on disk
 * as a snapshot and an update log (./store-files.ts), so that no acknowledged write is lost on a
 * crash.
 *
 * - Open: recovery loads the snapshot and replays the log over it (a torn last record, from a
 *   crash in the middle of an append, is dropped).
 * - Group commit: the caller applies an operation to {@link state} and then {@link commit}s it;
 *   its record is appended to the log and fsynced before the promise resolves, so an acknowledged
 *   write survives `kill -9`. Operations committed while an append runs share the next fsync.
 *   Readers wait for every write applied before them to be durable ({@link untilDurable}), so
 *   nobody reads what a crash could still take back.
 * - Compaction: when the log passes `compactAfterBytes`, on {@link compact} and on close, a new
 *   snapshot is written to a temp file, fsynced, renamed over the old one (and the directory
 *   fsynced), then a fresh log of the next generation replaces the old one. A log of an older
 *   generation than the snapshot (a crash between those two renames) is already contained in the
 *   snapshot and is discarded on open.
 * - A failed append (a full disk, an I/O error) is taken back, not fatal: the log is cut back to
 *   its last durable record, the state is reloaded from the files (exactly the acknowledged
 *   writes), and every write not yet durable is refused with a StoreWriteError. After a full disk,
 *   writes first check that the disk has room for their record ({@link assertRoomFor}), so the
 *   store writes again once space is back, without a restart. Only a failure to bring the files
 *   and the memory back in step stops the store for good ({@link failure}).
 */
export class StoreDurability<S extends StoreState> {
  /** Records to append, in order; a large one still being encoded ({@link encodeRecordInTurns}). */
  private pending: (Buffer | Promise<Buffer>)[] = [];
  private appliedSeq = 0;
  private durableSeq = 0;
  private waiters: Waiter[] = [];
  private loop: Promise<void> | null = null;
  private compactionWanted = false;
  /** While a compaction swaps the files, the generation and the log's length are not yet the files'. */
  private swappingFiles = false;
  private failed: StoreError | null = null;
  /** While a failed append is taken back (see rollBack): writes and reads wait for it. */
  private rollingBack: Promise<void> | null = null;
  /** The last append found the disk full: writes check for room before they are applied. */
  private diskWasFull = false;
  private closing: Promise<void> | null = null;
  /** Operations applied but not yet durable, in order: `onDurable` gets each once it is durable. */
  private notYetDurable: { seq: number; operation: LogOperation }[] = [];

  private constructor(
    private current: S,
    private readonly options: StoreDurabilityOptions<S>,
    private logHandle: fs.FileHandle,
    private generation: number,
    private logBytes: number,
    /** Records replayed on open. */
    readonly replayed: number,
  ) {}

  /** Recovers the state from the files in `options.directory` (creating them when there are none), compacting a log already past the threshold. */
  static async open<S extends StoreState>(options: StoreDurabilityOptions<S>): Promise<StoreDurability<S>> {
    await removeTemporaryFiles(options.directory);
    const state = options.createState();
    const recovered = await recoverFiles(state, options.directory, options.log);
    const logHandle = await fs.open(path.join(options.directory, logFile), 'a');
    const durability = new StoreDurability(state, options, logHandle, recovered.generation, recovered.logBytes, recovered.replayed);
    if (recovered.logBytes > options.compactAfterBytes) {
      await durability.compact().catch(async (error: unknown) => {
        await durability.close();
        throw error;
      });
    }
    return durability;
  }

  /** The state as the files hold it plus the writes applied since; replaced by a reload after a failed append. */
  get state(): S {
    return this.current;
  }

  /** Set once the files and the state could not be kept in step: every later write and read is refused with it. */
  get failure(): StoreError | null {
    return this.failed;
  }

  /** While a failed append is taken back: the state is about to be replaced, so nobody applies to it or reads it. */
  get recovering(): Promise<void> | null {
    return this.rollingBack;
  }

  /** The last append found the disk full: a write calls {@link assertRoomFor} before it is applied. */
  get outOfRoom(): boolean {
    return this.diskWasFull;
  }

  /** While a compaction swaps the files: {@link files} is not to be read until it is over ({@link currentWritesDone}). */
  get compacting(): boolean {
    return this.swappingFiles;
  }

  /** Whether every operation applied so far is durable (a reader then reads without waiting). */
  get allDurable(): boolean {
    return this.durableSeq >= this.appliedSeq;
  }

  /** Bytes in the update log (header included). */
  get logSize(): number {
    return this.logBytes;
  }

  /** The files and the log's durable length, in step with what is durable now. */
  get files(): DurableFiles {
    return { directory: this.options.directory, snapshotFile, logFile, generation: this.generation, logBytes: this.logBytes };
  }

  /**
   * While the disk is known to have been full: refuses a write (its text `chars` long) at once,
   * before it is applied, when the disk has no room for its record. Where the free space cannot be
   * told, the write is tried.
   */
  async assertRoomFor(chars: number): Promise<void> {
    const space = await diskSpace(this.options.directory);
    // A record is its text in UTF-8 (up to 3 bytes a UTF-16 unit) and a small frame.
    if (space && space.free < chars * 3 + roomToSpare) {
      throw new StoreWriteError(`The server's disk is full: the embedded triple store has no room to log the change; nothing of it was made.`, true);
    }
  }

  /** Queues the record of an operation already applied to {@link state}; resolves once it is on disk. */
  commit(operation: LogOperation): Promise<void> {
    if (operation.text.length > recordInTurnsChars) {
      const record = encodeRecordInTurns(operation);
      record.catch(() => undefined); // awaited by the writer loop
      this.pending.push(record);
    } else this.pending.push(encodeRecord(operation));
    const seq = ++this.appliedSeq;
    this.notYetDurable.push({ seq, operation });
    const done = this.durable(seq, true);
    this.kick();
    return done;
  }

  /** Resolves once every operation applied so far is durable (or refused: a reader then reads the reloaded state). */
  untilDurable(): Promise<void> {
    return this.durable(this.appliedSeq, false);
  }

  private durable(seq: number, write: boolean): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    if (this.durableSeq >= seq) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ seq, write, resolve, reject }));
  }

  private markDurable(seq: number): void {
    this.durableSeq = seq;
    while (this.notYetDurable.length > 0 && this.notYetDurable[0]!.seq <= seq) {
      const { operation } = this.notYetDurable.shift()!;
      this.options.onDurable?.(operation);
    }
    const ready = this.waiters.filter((waiter) => waiter.seq <= seq);
    this.waiters = this.waiters.filter((waiter) => waiter.seq > seq);
    for (const waiter of ready) waiter.resolve();
  }

  private fail(error: unknown): void {
    if (!this.failed) {
      this.failed = new StoreError(
        `The embedded triple store could not write to ${this.options.directory} (${errorText(error)}). It refuses all further work so that ` +
          `nothing is acknowledged that is not on disk; fix the cause and restart the process.`,
      );
      this.options.log.error('the embedded triple store failed', { directory: this.options.directory, error });
    }
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter.reject(this.failed);
  }

  /** Starts the single writer loop unless it runs already. */
  private kick(): void {
    if (this.loop) return;
    this.loop = this.writeLoop().finally(() => {
      this.loop = null;
      if (!this.failed && (this.pending.length > 0 || this.compactionWanted)) this.kick();
    });
  }

  /** Resolves once the writer loop has nothing more to do (the appends and compactions asked for so far are over). */
  async writerIdle(): Promise<void> {
    while (this.loop) await this.loop;
  }

  /** Resolves once the writer loop running now (its appends, a compaction under way) is over. */
  async currentWritesDone(): Promise<void> {
    await this.loop;
  }

  private async writeLoop(): Promise<void> {
    try {
      while (!this.failed) {
        if (this.pending.length > 0) {
          const records = this.pending;
          const seq = this.appliedSeq; // every applied record not yet written is in `records`
          this.pending = [];
          let bytes: Buffer;
          try {
            const encoded = await Promise.all(records);
            bytes = encoded.length === 1 ? encoded[0]! : Buffer.concat(encoded);
            await writeAll(this.logHandle, bytes);
            await this.logHandle.datasync();
          } catch (error) {
            await this.rollBack(error);
            continue;
          }
          this.diskWasFull = false;
          this.logBytes += bytes.length;
          this.markDurable(seq);
          if (this.logBytes > this.options.compactAfterBytes) this.compactionWanted = true;
        } else if (this.compactionWanted) {
          this.compactionWanted = false;
          // Taken now, with nothing pending and before any await: exactly the state the durable
          // records produced. A write applied while the compaction runs is appended to the next log.
          const quads = this.current.size;
          const parts = this.current.dump();
          this.swappingFiles = true;
          try {
            await this.options.beforeCompaction?.();
            await this.compactNow(quads, parts);
          } finally {
            this.swappingFiles = false;
          }
        } else {
          return;
        }
      }
    } catch (error) {
      this.fail(error);
    }
  }

  /**
   * Takes back a failed append, inside the writer loop: cuts the log back to its last durable
   * record (a partly written one, or bytes a failed fsync may or may not have kept), reloads the
   * state from the snapshot and that log, and refuses every write not yet durable (the failed
   * records and any applied since); readers waiting for them read the reloaded state. Throws, and
   * the store fails, when the files cannot be brought back or do not match what was acknowledged.
   */
  private async rollBack(cause: unknown): Promise<void> {
    const diskFull = isNoRoomError(cause);
    const refusal = new StoreWriteError(
      diskFull
        ? `The server's disk is full: the embedded triple store could not log the change (${errorText(cause)}); nothing of it was made.`
        : `The embedded triple store could not write its update log (${errorText(cause)}); the change was not made.`,
      diskFull,
    );
    this.options.log.error('an append to the update log failed; the writes not yet durable are refused and the store is reloaded from its files', {
      directory: this.options.directory,
      refused: this.appliedSeq - this.durableSeq,
      error: cause,
    });
    let recovered!: () => void;
    this.rollingBack = new Promise<void>((resolve) => (recovered = resolve));
    try {
      await this.logHandle.truncate(this.logBytes);
      await this.logHandle.sync();
      await this.options.beforeReload?.();
      const state = this.options.createState();
      const replayed = await recoverFiles(state, this.options.directory, this.options.log);
      if (replayed.generation !== this.generation || replayed.logBytes !== this.logBytes) {
        throw new StoreError(
          `After a failed append the files of the embedded store hold generation ${replayed.generation} with a ${replayed.logBytes}-byte log, ` +
            `not generation ${this.generation} with ${this.logBytes} bytes.`,
        );
      }
      // From here on synchronous: nothing applied meanwhile survives the swap unseen.
      const previous = this.current;
      this.current = state;
      previous.free();
      this.pending = [];
      this.notYetDurable = [];
      this.durableSeq = this.appliedSeq; // what is in memory now is what is on disk
      this.diskWasFull = diskFull;
      const waiters = this.waiters;
      this.waiters = [];
      for (const waiter of waiters) {
        if (waiter.write) waiter.reject(refusal);
        else waiter.resolve();
      }
    } finally {
      this.rollingBack = null;
      recovered();
    }
  }

  /** Writes a new snapshot of the state dumped as `parts` and starts an empty log. Runs inside the writer loop. */
  private async compactNow(quads: number, parts: string[]): Promise<void> {
    const started = Date.now();
    const generation = this.generation + 1;
    const directory = this.options.directory;
    try {
      await replaceFile(path.join(directory, snapshotFile), [snapshotHeader(generation, quads), ...parts.map((part) => Buffer.from(part, 'utf8'))]);
    } catch (error) {
      // Nothing was renamed: the old snapshot and the old log still hold everything; keep that log.
      this.options.log.warn('compaction failed; the update log is kept', { directory, error });
      return;
    }
    // From here on the new snapshot is in place and the old log is obsolete (a restart discards a
    // log older than the snapshot), so nothing may be appended to it any more: any failure is fatal.
    await fsyncPath(directory);
    await this.logHandle.close();
    await writeFileAtomically(path.join(directory, logFile), [logHeader(generation)]);
    this.logHandle = await fs.open(path.join(directory, logFile), 'a');
    this.generation = generation;
    this.logBytes = logHeader(generation).length;
    this.options.log.info('compacted the embedded triple store', { quads, ms: Date.now() - started });
  }

  /** Compacts now (a new snapshot and an empty log); waits for everything pending first. */
  async compact(): Promise<void> {
    if (this.failed) throw this.failed;
    this.compactionWanted = true;
    this.kick();
    await this.writerIdle();
    if (this.failed) throw this.failed;
  }

  /** Writes what is pending, compacts a log that holds records, and closes the log. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      try {
        await this.writerIdle();
        if (!this.failed && this.logBytes > logHeader(this.generation).length) {
          this.compactionWanted = true;
          this.kick();
          await this.writerIdle();
        }
      } finally {
        await this.logHandle.close().catch(() => undefined);
      }
    })();
    return this.closing;
  }
}
