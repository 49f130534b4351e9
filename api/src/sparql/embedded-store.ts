import fs from 'node:fs/promises';
import path from 'node:path';
import oxigraph from 'oxigraph';
import type { BlankNode, DefaultGraph, NamedNode, Store as OxigraphStore } from 'oxigraph';
import { diskSpace, isNoRoomError } from '../lib/disk-space.js';
import { createLogger, type Logger } from '../lib/log.js';
import { applyOperation } from './apply-operation.js';
import { QueryReplica } from './query-replica.js';
import { iri } from './sparql-builder.js';
import { maskLiterals, mediaTypes, queryForm, rawResultType } from './sparql-text.js';
import { parseTsvResults } from './sparql-tsv.js';
import { encodeRecord, type LogOperation, logHeader, readLogHeader, scanLog } from './store-log.js';
import { acquireStoreLock, type StoreLock } from './store-lock.js';
import {
  type Bindings,
  type QueryOptions,
  type RawQueryResult,
  StoreError,
  StoreSyntaxError,
  StoreTimeoutError,
  StoreWriteError,
  type TripleStore,
} from './triple-store.js';

/**
 * The embedded triple store (DESIGN.md §2): Oxigraph (WASM) in this process, kept in memory and
 * persisted under one directory as
 *
 * - `snapshot.nq` — every quad as N-Quads, first line `# og-embedded-store snapshot 1 generation=G quads=N`;
 * - `updates.log` — an append-only log of the operations since that snapshot (see `./store-log.ts`);
 * - `lock` — the pid of the process that has the store open.
 *
 * On open the snapshot is loaded and the log replayed (a torn last record, from a crash in the
 * middle of an append, is dropped). Every `update()` and `loadGraph()` is applied in memory, then
 * appended to the log and fsynced before its promise resolves, so an acknowledged write survives
 * `kill -9`; concurrent writes share one fsync (group commit). Readers wait for writes applied
 * before them to be durable, so nobody reads what a crash could still take back. When the log
 * passes `compactAfterBytes`, and on close, the store compacts: a new snapshot is written to a
 * temp file, fsynced, renamed over the old one (and the directory fsynced), then a fresh log of
 * the next generation replaces the old one. A log of an older generation than the snapshot (a
 * crash between those two renames) is already contained in the snapshot and is discarded.
 *
 * An append that fails (a full disk, an I/O error) is taken back, not fatal: the log is cut back
 * to its last durable record, the in-memory store is reloaded from the files (exactly the
 * acknowledged writes), and every write not yet durable is refused with a StoreWriteError.
 * After a full disk, writes first check that the disk has room for their record (refused at
 * once while it has not), so the store writes again once space is back, without a restart.
 * Only a failure to bring the files and the memory back in step stops the store for good.
 *
 * Researchers' read-only queries (`queryRaw`, the `/api/sparql` endpoint) run on a replica of the
 * store in a worker thread (./query-replica.ts), made at the first such query from the store's
 * quads and then given every operation once it is durable: a slow query blocks nothing else, and
 * one past its deadline is stopped by ending that thread (the next query makes a new replica).
 *
 * Limitations:
 * - The app's own reads (`select`, `ask`, `construct`) run on the calling thread: Oxigraph
 *   evaluates synchronously and cannot be interrupted, so a deadline is checked before and after
 *   them. They are the builder's small, bounded queries.
 * - The log records operations, not their effects. Updates that call NOW(), RAND(), UUID(),
 *   STRUUID() or BNODE() would replay to other values, so after one the store compacts at once
 *   (the snapshot keeps the values that were seen) before acknowledging it.
 * - As in SPARQL 1.1, the default graph is its own graph here (Virtuoso instead answers queries
 *   without GRAPH from the union of all graphs); the app always names its graphs.
 */
export interface EmbeddedStoreOptions {
  directory: string;
  log?: Logger;
  /** Compact once the update log is larger than this. Default 64 MiB. */
  compactAfterBytes?: number;
}

/** Free space a write needs beyond its record while the disk is known to have been full. */
const roomToSpare = 64 * 1024;

/** Characters of N-Triples an adding load applies at a time (~4,000 links: ~40 ms of Oxigraph's loading). */
const loadPieceChars = 512 * 1024;

const snapshotFile = 'snapshot.nq';
const logFile = 'updates.log';
const snapshotHeaderPattern = /^# og-embedded-store snapshot 1 generation=(\d+) quads=(\d+)$/;
const { nQuads, nTriples, sparqlJson } = mediaTypes;
/** SELECT answers: read by parseTsvResults, about twice as fast as the store's JSON. */
const { sparqlTsv } = mediaTypes;
/**
 * Calls whose values a replay would not repeat, found in the update's text with its literals,
 * IRIs and comments masked. Not parsed: sparqljs takes 0.5–1 ms on the updates the app builds
 * (this check 3–5 µs), and a text check cannot miss a call, only take `ex:now(` for one, which
 * costs no more than an early compaction.
 */
const nondeterministic = /\b(?:NOW|RAND|UUID|STRUUID|BNODE)\s*\(/i;
const dumpChunkChars = 1 << 20;

interface Waiter {
  seq: number;
  /** A write's own waiter (refused when its record is not made durable), or a reader's. */
  write: boolean;
  resolve: () => void;
  reject: (error: Error) => void;
}

function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split('\n')[0]!.trim();
  return firstLine.length > 300 ? `${firstLine.slice(0, 300)}…` : firstLine;
}

/** Oxigraph's errors as the port's: parse errors ("error at 3:14: …", "Parser error at line …") are syntax errors. */
function toStoreError(error: unknown, what: 'query' | 'update' | 'data'): StoreError {
  if (error instanceof StoreError) return error;
  const text = errorText(error);
  if (/^(?:error at \d+:\d+|Parser error at)/i.test(text)) {
    const subject = what === 'data' ? 'The N-Triples are not valid' : `The ${what} is not valid SPARQL`;
    return new StoreSyntaxError(`${subject}: ${text}`);
  }
  return new StoreError(`The embedded store refused the ${what}: ${text}`);
}

/** Makes a file's or a directory's contents (a directory: its entries) durable. */
async function fsyncPath(target: string): Promise<void> {
  const handle = await fs.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function writeAll(handle: fs.FileHandle, data: Buffer): Promise<void> {
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
async function replaceFile(file: string, parts: Iterable<Buffer>): Promise<void> {
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
async function writeFileAtomically(file: string, parts: Iterable<Buffer>): Promise<void> {
  await replaceFile(file, parts);
  await fsyncPath(path.dirname(file));
}

function graphTerm(graph: NamedNode | BlankNode): string {
  return graph.termType === 'NamedNode' ? `<${graph.value}>` : `_:${graph.value}`;
}

export class EmbeddedStore implements TripleStore {
  readonly kind = 'embedded' as const;
  readonly rowCapped = false;

  private pending: Buffer[] = [];
  private appliedSeq = 0;
  /** A large adding load being applied piece by piece (see loadInTurns). */
  private loadingInTurns: Promise<void> | null = null;
  private durableSeq = 0;
  private waiters: Waiter[] = [];
  private loop: Promise<void> | null = null;
  private compactionWanted = false;
  /** While a compaction swaps the files, the generation and the log's length are not yet the files'. */
  private compacting = false;
  private failure: StoreError | null = null;
  /** While a failed append is taken back (see rollBack): writes and reads wait for it. */
  private recovering: Promise<void> | null = null;
  /** The last append found the disk full: writes check for room before they are applied. */
  private outOfRoom = false;
  private state: 'open' | 'closing' | 'closed' = 'open';
  private closing: Promise<void> | null = null;
  /** The read-only queries' replica (none until the first one). */
  private replica: QueryReplica | null = null;
  /** Operations applied but not yet durable, in order: the replica gets each once it is durable. */
  private notYetDurable: { seq: number; operation: LogOperation }[] = [];

  private constructor(
    private store: OxigraphStore,
    readonly directory: string,
    private readonly lock: StoreLock,
    private logHandle: fs.FileHandle,
    private generation: number,
    private logBytes: number,
    private readonly compactAfterBytes: number,
    private readonly log: Logger,
  ) {}

  /** Opens (or creates) the store in `options.directory`: takes the lock, loads the snapshot, replays the log. */
  static async open(options: EmbeddedStoreOptions): Promise<EmbeddedStore> {
    const log = options.log ?? createLogger('warn', 'store');
    const directory = path.resolve(options.directory);
    await fs.mkdir(directory, { recursive: true });
    const lock = await acquireStoreLock(directory, log);
    try {
      const started = Date.now();
      for (const name of await fs.readdir(directory)) {
        if (name.endsWith('.tmp')) await fs.rm(path.join(directory, name), { force: true });
      }
      const store = new oxigraph.Store();
      const snapshotGeneration = await EmbeddedStore.loadSnapshot(store, directory);
      const recovered = await EmbeddedStore.recoverLog(store, directory, snapshotGeneration, log);
      const logHandle = await fs.open(path.join(directory, logFile), 'a');
      const instance = new EmbeddedStore(
        store,
        directory,
        lock,
        logHandle,
        recovered.generation,
        recovered.logBytes,
        options.compactAfterBytes ?? 64 * 1024 ** 2,
        log,
      );
      log.info('opened the embedded triple store', { directory, quads: store.size, replayed: recovered.replayed, ms: Date.now() - started });
      if (recovered.logBytes > instance.compactAfterBytes) {
        await instance.compact().catch(async (error: unknown) => {
          await instance.close();
          throw error;
        });
      }
      return instance;
    } catch (error) {
      await lock.release().catch(() => undefined);
      throw error;
    }
  }

  /** Loads `snapshot.nq` if there is one; returns its generation (0 without a snapshot). */
  private static async loadSnapshot(store: OxigraphStore, directory: string): Promise<number> {
    const file = path.join(directory, snapshotFile);
    const content = await readIfExists(file);
    if (content === null) return 0;
    const headerEnd = content.indexOf(0x0a);
    const header = snapshotHeaderPattern.exec(content.subarray(0, headerEnd < 0 ? 0 : headerEnd).toString('latin1'));
    if (!header) throw new StoreError(`${file} is not a snapshot of the embedded store (its first line is not the snapshot header); refusing to open.`);
    try {
      store.load(content, { format: nQuads });
    } catch (error) {
      throw new StoreError(`Could not read the snapshot ${file}: ${errorText(error)}`);
    }
    if (store.size !== Number(header[2])) {
      throw new StoreError(`The snapshot ${file} holds ${store.size} quads but its header says ${header[2]}; it is damaged. Refusing to open.`);
    }
    return Number(header[1]);
  }

  /** Replays the update log on top of the snapshot; returns the log's generation and valid length. */
  private static async recoverLog(
    store: OxigraphStore,
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
        applyOperation(store, operation);
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

  // ── reads ────────────────────────────────────────────────────────────────────────────────

  private deadlineOf(options: QueryOptions | undefined): number | undefined {
    return options?.timeoutMs === undefined ? undefined : Date.now() + options.timeoutMs;
  }

  private checkDeadline(deadline: number | undefined, timeoutMs: number | undefined): void {
    if (deadline !== undefined && Date.now() >= deadline) throw new StoreTimeoutError(`The query took longer than ${timeoutMs} ms.`);
  }

  /** Waits until every write applied so far is durable (readers never see what a crash could undo). */
  private async readyToRead(deadline?: number, timeoutMs?: number): Promise<void> {
    if (this.state === 'closed') throw new StoreError('The embedded triple store is closed.');
    if (this.failure) throw this.failure;
    // Not awaited unless one runs: an await would let a load start in between, unseen.
    while (this.loadingInTurns || this.recovering) await this.othersDone();
    if (this.durableSeq < this.appliedSeq) await this.durable(this.appliedSeq, false);
    this.checkDeadline(deadline, timeoutMs);
  }

  /** Waits for a load in turns to be over: nobody reads it half-applied, and no write lands between its pieces. */
  private async afterLoadInTurns(): Promise<void> {
    while (this.loadingInTurns) await this.loadingInTurns.catch(() => undefined);
  }

  /**
   * Waits for a load in turns and a taking back of a failed append to be over. Callers check
   * again after it (`while (…) await this.othersDone()`), right before what they do synchronously.
   */
  private async othersDone(): Promise<void> {
    await this.afterLoadInTurns();
    if (this.recovering) await this.recovering;
  }

  private run(query: string, format: string, deadline: number | undefined, timeoutMs: number | undefined): string {
    let result: unknown;
    try {
      result = this.store.query(query, { results_format: format });
    } catch (error) {
      throw toStoreError(error, 'query');
    }
    this.checkDeadline(deadline, timeoutMs);
    if (typeof result !== 'string') throw new StoreError('The embedded store answered in an unexpected shape.');
    return result;
  }

  async select(query: string, options?: QueryOptions): Promise<Bindings[]> {
    const deadline = this.deadlineOf(options);
    await this.readyToRead(deadline, options?.timeoutMs);
    // The cheap reading: parsing would cost more than most of these reads (figures in sparql-text.ts).
    const form = queryForm(query);
    if (form !== null && form !== 'SELECT') throw new StoreError('select() needs a SELECT query.'); // null: the store names the syntax error
    return parseTsvResults(this.run(query, sparqlTsv, deadline, options?.timeoutMs));
  }

  async ask(query: string, options?: QueryOptions): Promise<boolean> {
    const deadline = this.deadlineOf(options);
    await this.readyToRead(deadline, options?.timeoutMs);
    const parsed = JSON.parse(this.run(query, sparqlJson, deadline, options?.timeoutMs)) as { boolean?: boolean };
    if (typeof parsed.boolean !== 'boolean') throw new StoreError('ask() needs an ASK query.');
    return parsed.boolean;
  }

  async construct(query: string, options?: QueryOptions): Promise<string> {
    const deadline = this.deadlineOf(options);
    await this.readyToRead(deadline, options?.timeoutMs);
    return this.run(query, nTriples, deadline, options?.timeoutMs);
  }

  async readGraph(graphIri: string, options?: QueryOptions): Promise<string> {
    const deadline = this.deadlineOf(options);
    await this.readyToRead(deadline, options?.timeoutMs);
    try {
      iri(graphIri);
    } catch (error) {
      throw new StoreError(errorText(error));
    }
    const graph = oxigraph.namedNode(graphIri);
    let text: string;
    try {
      text = this.store.dump({ format: nTriples, from_graph_name: graph });
    } catch (error) {
      throw toStoreError(error, 'query');
    }
    this.checkDeadline(deadline, options?.timeoutMs);
    return text;
  }

  /** On the replica, off this thread: the deadline ends the query wherever it is. */
  async queryRaw(query: string, accept: string, options?: QueryOptions): Promise<RawQueryResult> {
    const started = Date.now();
    await this.readyToRead();
    // A replica made now reads the files: not while a compaction is swapping them.
    while (!this.replica && this.compacting && this.loop) await this.loop;
    const contentType = rawResultType(query, accept);
    const timeoutMs = options?.timeoutMs === undefined ? undefined : Math.max(1, options.timeoutMs - (Date.now() - started));
    try {
      const body = await this.queryReplica().query(query, contentType, { timeoutMs, maxBytes: options?.maxResultBytes ?? Number.MAX_SAFE_INTEGER });
      return { contentType, body };
    } catch (error) {
      if (error instanceof StoreTimeoutError) throw new StoreTimeoutError(`The query took longer than ${options?.timeoutMs} ms.`);
      if (error instanceof StoreError) throw error;
      throw toStoreError(error, 'query');
    }
  }

  /**
   * The replica, made now if there is none: it reads the snapshot and the log up to what is durable
   * now (the two are in step: `logBytes` and `durableSeq` change together), and gets every later
   * operation through `markDurable`.
   */
  private queryReplica(): QueryReplica {
    if (this.replica) return this.replica;
    const source = { directory: this.directory, snapshotFile, logFile, generation: this.generation, logBytes: this.logBytes };
    const replica = new QueryReplica(source, (ended) => {
      if (this.replica === ended) this.replica = null;
    }, this.log);
    this.replica = replica;
    const started = Date.now();
    void replica.loaded.then(() => this.log.info('started a query replica for read-only queries', { quads: this.store.size, ms: Date.now() - started }), () => undefined);
    return replica;
  }

  async countTriples(): Promise<number> {
    await this.readyToRead();
    return this.store.size;
  }

  /** The whole store, one graph at a time, taken at one instant (synchronously), then handed out in chunks. */
  private dumpParts(): string[] {
    const parts = [this.store.dump({ format: nQuads, from_graph_name: oxigraph.defaultGraph() as DefaultGraph })];
    const graphs = this.store.query('SELECT DISTINCT ?g WHERE { GRAPH ?g { } }') as Map<string, NamedNode | BlankNode>[];
    for (const row of graphs) {
      const graph = row.get('g')!;
      // Dumped from one graph, N-Quads come out as triple lines: add the graph to each. Line ends
      // are unambiguous (a newline inside a literal is written as \n).
      parts.push(this.store.dump({ format: nQuads, from_graph_name: graph }).replaceAll(' .\n', ` ${graphTerm(graph)} .\n`));
    }
    return parts;
  }

  async *dumpNQuads(): AsyncIterable<string> {
    await this.readyToRead();
    for (const part of this.dumpParts()) {
      let start = 0;
      while (start < part.length) {
        let end = Math.min(part.length, start + dumpChunkChars);
        if (end < part.length) {
          const lineEnd = part.lastIndexOf('\n', end);
          if (lineEnd > start) end = lineEnd + 1;
        }
        yield part.slice(start, end);
        start = end;
      }
    }
  }

  // ── writes ───────────────────────────────────────────────────────────────────────────────

  private assertWritable(): void {
    if (this.failure) throw this.failure;
    if (this.state !== 'open') throw new StoreError('The embedded triple store is closed.');
  }

  async update(update: string): Promise<void> {
    if (this.outOfRoom) await this.assertRoomFor(update.length);
    // Not awaited unless one runs: an await would let a load start in between, unseen.
    while (this.loadingInTurns || this.recovering) await this.othersDone();
    this.assertWritable();
    try {
      this.store.update(update);
    } catch (error) {
      throw toStoreError(error, 'update');
    }
    await this.commit({ op: 'update', text: update });
    if (nondeterministic.test(maskLiterals(update))) await this.compact();
  }

  async loadGraph(graphIri: string, ntriples: string, options: { replace: boolean }): Promise<void> {
    if (this.outOfRoom) await this.assertRoomFor(ntriples.length);
    // Not awaited unless one runs: an await would let a load start in between, unseen.
    while (this.loadingInTurns || this.recovering) await this.othersDone();
    this.assertWritable();
    try {
      iri(graphIri);
    } catch (error) {
      throw new StoreError(errorText(error));
    }
    if (!options.replace && ntriples.length > loadPieceChars) return this.loadInTurns(graphIri, ntriples);
    const operation: LogOperation = { op: 'load', graph: graphIri, replace: options.replace, text: ntriples };
    try {
      applyOperation(this.store, operation);
    } catch (error) {
      throw toStoreError(error, 'data');
    }
    await this.commit(operation);
  }

  /**
   * Adds a large load a piece of whole lines at a time, letting the event loop run between pieces:
   * Oxigraph loads synchronously, and 100,000 links in one call held an all-in-one process (the
   * api and its sockets) for 1.4–3 s. Readers and other writes wait until the whole load is
   * applied (none sees it half-way, none lands between its pieces), and it is logged as the one
   * load it is, so a crash before its record is durable takes all of it back. A piece that does not
   * parse ends the load with the pieces before it applied and logged (the app loads only triples
   * it built itself).
   */
  private loadInTurns(graphIri: string, ntriples: string): Promise<void> {
    // Only the applying holds the others back: once its record is queued, readers wait for it to be
    // durable as for any write (readyToRead), and later writes are logged after it.
    let applied!: () => void;
    const applying = new Promise<void>((resolve) => (applied = resolve));
    this.loadingInTurns = applying;
    void applying.then(() => {
      if (this.loadingInTurns === applying) this.loadingInTurns = null;
    });
    const apply = async (): Promise<{ durable: Promise<void> }> => {
      let done = 0;
      try {
        while (done < ntriples.length) {
          const cut = ntriples.indexOf('\n', Math.min(done + loadPieceChars, ntriples.length - 1));
          const end = cut === -1 ? ntriples.length : cut + 1;
          try {
            applyOperation(this.store, { op: 'load', graph: graphIri, replace: false, text: ntriples.slice(done, end) });
          } catch (error) {
            throw toStoreError(error, 'data');
          }
          done = end;
          if (done < ntriples.length) await new Promise((resolve) => setImmediate(resolve));
        }
      } catch (error) {
        if (done > 0) void this.commit({ op: 'load', graph: graphIri, replace: false, text: ntriples.slice(0, done) }).catch(() => undefined);
        throw error;
      }
      return { durable: this.commit({ op: 'load', graph: graphIri, replace: false, text: ntriples }) };
    };
    return apply()
      .finally(applied)
      .then(({ durable }) => durable);
  }

  /**
   * While the disk is known to have been full: refuses a write (its text `chars` long) at once,
   * before it is applied, when the disk has no room for its record. Where the free space cannot be
   * told, the write is tried.
   */
  private async assertRoomFor(chars: number): Promise<void> {
    const space = await diskSpace(this.directory);
    // A record is its text in UTF-8 (up to 3 bytes a UTF-16 unit) and a small frame.
    if (space && space.free < chars * 3 + roomToSpare) {
      throw new StoreWriteError(`The server's disk is full: the embedded triple store has no room to log the change; nothing of it was made.`, true);
    }
  }

  /** Queues the record of an operation already applied in memory; resolves once it is on disk. */
  private commit(operation: LogOperation): Promise<void> {
    this.pending.push(encodeRecord(operation));
    const seq = ++this.appliedSeq;
    this.notYetDurable.push({ seq, operation });
    const done = this.durable(seq, true);
    this.kick();
    return done;
  }

  private durable(seq: number, write: boolean): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.durableSeq >= seq) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ seq, write, resolve, reject }));
  }

  private markDurable(seq: number): void {
    this.durableSeq = seq;
    while (this.notYetDurable.length > 0 && this.notYetDurable[0]!.seq <= seq) {
      const { operation } = this.notYetDurable.shift()!;
      this.replica?.apply(operation);
    }
    const ready = this.waiters.filter((waiter) => waiter.seq <= seq);
    this.waiters = this.waiters.filter((waiter) => waiter.seq > seq);
    for (const waiter of ready) waiter.resolve();
  }

  private fail(error: unknown): void {
    if (!this.failure) {
      this.failure = new StoreError(
        `The embedded triple store could not write to ${this.directory} (${errorText(error)}). It refuses all further work so that ` +
          `nothing is acknowledged that is not on disk; fix the cause and restart the process.`,
      );
      this.log.error('the embedded triple store failed', { directory: this.directory, error });
    }
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter.reject(this.failure);
  }

  /** Starts the single writer loop unless it runs already. */
  private kick(): void {
    if (this.loop) return;
    this.loop = this.writeLoop().finally(() => {
      this.loop = null;
      if (!this.failure && (this.pending.length > 0 || this.compactionWanted)) this.kick();
    });
  }

  private async writeLoop(): Promise<void> {
    try {
      while (!this.failure) {
        if (this.pending.length > 0) {
          const records = this.pending;
          const seq = this.appliedSeq; // every applied record not yet written is in `records`
          this.pending = [];
          const bytes = Buffer.concat(records);
          try {
            await writeAll(this.logHandle, bytes);
            await this.logHandle.datasync();
          } catch (error) {
            await this.rollBack(error);
            continue;
          }
          this.outOfRoom = false;
          this.logBytes += bytes.length;
          this.markDurable(seq);
          if (this.logBytes > this.compactAfterBytes) this.compactionWanted = true;
        } else if (this.compactionWanted) {
          this.compactionWanted = false;
          // A replica still reading the snapshot and the log must find them as they were named to it.
          await this.replica?.loaded.catch(() => undefined);
          this.compacting = true;
          try {
            await this.compactNow();
          } finally {
            this.compacting = false;
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
   * store from the snapshot and that log, and refuses every write not yet durable (the failed
   * records and any applied since); readers waiting for them read the reloaded store. Throws, and
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
    this.log.error('an append to the update log failed; the writes not yet durable are refused and the store is reloaded from its files', {
      directory: this.directory,
      refused: this.appliedSeq - this.durableSeq,
      error: cause,
    });
    let recovered!: () => void;
    this.recovering = new Promise<void>((resolve) => (recovered = resolve));
    try {
      await this.logHandle.truncate(this.logBytes);
      await this.logHandle.sync();
      // A load in turns applies its pieces to the store being replaced: it ends first (its record is refused below).
      await this.afterLoadInTurns();
      const store = new oxigraph.Store();
      const generation = await EmbeddedStore.loadSnapshot(store, this.directory);
      const replayed = await EmbeddedStore.recoverLog(store, this.directory, generation, this.log);
      if (replayed.generation !== this.generation || replayed.logBytes !== this.logBytes) {
        throw new StoreError(
          `After a failed append the files of the embedded store hold generation ${replayed.generation} with a ${replayed.logBytes}-byte log, ` +
            `not generation ${this.generation} with ${this.logBytes} bytes.`,
        );
      }
      // From here on synchronous: nothing applied meanwhile survives the swap unseen.
      const previous = this.store;
      this.store = store;
      (previous as OxigraphStore & { free(): void }).free();
      this.pending = [];
      this.notYetDurable = [];
      this.durableSeq = this.appliedSeq; // what is in memory now is what is on disk
      this.outOfRoom = diskFull;
      const waiters = this.waiters;
      this.waiters = [];
      for (const waiter of waiters) {
        if (waiter.write) waiter.reject(refusal);
        else waiter.resolve();
      }
    } finally {
      this.recovering = null;
      recovered();
    }
  }

  private async drain(): Promise<void> {
    while (this.loop) await this.loop;
  }

  /** Writes a new snapshot and starts an empty log. Runs inside the writer loop, with nothing pending. */
  private async compactNow(): Promise<void> {
    const started = Date.now();
    const generation = this.generation + 1;
    const quads = this.store.size;
    const parts = this.dumpParts(); // synchronous: exactly the state every durable record produced
    const snapshot = path.join(this.directory, snapshotFile);
    try {
      await replaceFile(snapshot, [
        Buffer.from(`# og-embedded-store snapshot 1 generation=${generation} quads=${quads}\n`, 'latin1'),
        ...parts.map((part) => Buffer.from(part, 'utf8')),
      ]);
    } catch (error) {
      // Nothing was renamed: the old snapshot and the old log still hold everything; keep that log.
      this.log.warn('compaction failed; the update log is kept', { directory: this.directory, error });
      return;
    }
    // From here on the new snapshot is in place and the old log is obsolete (a restart discards a
    // log older than the snapshot), so nothing may be appended to it any more: any failure is fatal.
    await fsyncPath(this.directory);
    await this.logHandle.close();
    await writeFileAtomically(path.join(this.directory, logFile), [logHeader(generation)]);
    this.logHandle = await fs.open(path.join(this.directory, logFile), 'a');
    this.generation = generation;
    this.logBytes = logHeader(generation).length;
    this.log.info('compacted the embedded triple store', { quads, ms: Date.now() - started });
  }

  /** Compacts now (a new snapshot and an empty log); waits for everything pending first. */
  async compact(): Promise<void> {
    if (this.failure) throw this.failure;
    this.compactionWanted = true;
    this.kick();
    await this.drain();
    if (this.failure) throw this.failure;
  }

  /** Bytes in the update log (header included); for tests and diagnostics. */
  get logSize(): number {
    return this.logBytes;
  }

  async close(): Promise<void> {
    if (this.closing) return this.closing;
    this.state = 'closing';
    this.closing = (async () => {
      try {
        await this.drain();
        if (!this.failure && this.logBytes > logHeader(this.generation).length) {
          this.compactionWanted = true;
          this.kick();
          await this.drain();
        }
      } finally {
        await this.replica?.close();
        await this.logHandle.close().catch(() => undefined);
        await this.lock.release().catch(() => undefined);
        this.state = 'closed';
      }
    })();
    return this.closing;
  }
}
