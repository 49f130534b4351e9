/**
 * The embedded triple store (DESIGN.md §2): Oxigraph in this process, persisted under one
 * directory as a snapshot and an update log, with a `lock` file holding the pid of the process
 * that has the store open (./store-lock.ts).
 *
 * The store itself (./store-engine.ts) runs on a thread of its own (./store-thread.ts): Oxigraph
 * works synchronously, and a crosswalk's load, a compaction's dump or the garbage collection of
 * its memory would otherwise hold the process's event loop (every request, job and socket of an
 * all-in-one process) for as long. This side holds the lock, sends each call to the thread in
 * the order it is made (so a read sent after a write was acknowledged sees it) and gives back the
 * thread's answer, or its error as the class it was (./store-errors.ts).
 *
 * If the thread stops (a crash, the memory it may use), the calls in flight fail and the next one
 * starts a new thread, which opens the store again from its files: every acknowledged write is
 * there, as after a restart of the process.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { createLogger, type Logger } from '../lib/log.js';
import { parseTsvResults } from './sparql-tsv.js';
import { deserializeStoreError, type SerializedStoreError } from './store-errors.js';
import type { StoreEngine } from './store-engine.js';
import { acquireStoreLock, type StoreLock } from './store-lock.js';
import type { TripleTable } from './triple-table.js';
import { type Bindings, type QueryOptions, type RawQueryResult, StoreError, type TripleStore } from './triple-store.js';

/** Where the embedded store keeps its files, and when it compacts them. */
export interface EmbeddedStoreOptions {
  directory: string;
  log?: Logger;
  /** Compact once the update log is larger than this. Default 64 MiB. */
  compactAfterBytes?: number;
}

/** What the thread is started with. */
export interface StoreThreadData {
  directory: string;
  compactAfterBytes: number;
}

/** The engine's methods the thread runs. */
type EngineMethod = 'selectTsv' | 'ask' | 'construct' | 'readGraph' | 'queryRaw' | 'countTriples' | 'dumpNQuads' | 'update' | 'loadGraph' | 'compact' | 'close';

/** One call of the engine's, as sent to the thread: the method's name and its arguments. */
export type StoreCall = { [M in EngineMethod]: { method: M; args: Parameters<StoreEngine[M]> } }[EngineMethod];

export type StoreThreadAnswer =
  | { type: 'opened'; logSize: number }
  | { type: 'open-failed'; error: SerializedStoreError }
  | { type: 'result'; id: number; value: unknown; logSize: number }
  | { type: 'failed'; id: number; error: SerializedStoreError; logSize: number }
  | { type: 'log'; level: 'debug' | 'info' | 'warn' | 'error'; scope: string[]; message: string; fields: Record<string, unknown> | undefined };

interface PendingCall {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** The thread's script: beside this module once built; run from source (the tests), the built copy (`npm test` builds first). */
function threadScript(): URL {
  const here = new URL(import.meta.url);
  return here.pathname.endsWith('.ts') ? new URL('../../dist/sparql/store-thread.js', here) : new URL('./store-thread.js', here);
}

/** Characters of a dump handed out at a time. */
const dumpChunkChars = 1 << 20;

export class EmbeddedStore implements TripleStore {
  readonly kind = 'embedded' as const;
  readonly rowCapped = false;

  private thread: Worker | null = null;
  /** Settles once the running thread has opened the store's files. */
  private opened: Promise<void> = Promise.resolve();
  private readonly pending = new Map<number, PendingCall>();
  private nextId = 1;
  private state: 'open' | 'closing' | 'closed' = 'open';
  private closing: Promise<void> | null = null;
  private logBytes = 0;

  private constructor(
    readonly directory: string,
    private readonly lock: StoreLock,
    private readonly log: Logger,
    private readonly data: StoreThreadData,
  ) {}

  /** Opens (or creates) the store in `options.directory`: takes the lock, then its thread loads the snapshot and replays the log. */
  static async open(options: EmbeddedStoreOptions): Promise<EmbeddedStore> {
    const log = options.log ?? createLogger('warn', 'store');
    const directory = path.resolve(options.directory);
    await fs.mkdir(directory, { recursive: true });
    const lock = await acquireStoreLock(directory, log);
    const store = new EmbeddedStore(directory, lock, log, { directory, compactAfterBytes: options.compactAfterBytes ?? 64 * 1024 ** 2 });
    try {
      store.start();
      await store.opened;
    } catch (error) {
      await store.stopThread();
      await lock.release().catch(() => undefined);
      throw error;
    }
    return store;
  }

  /** Starts a thread that opens the store's files; calls may be sent at once (the thread runs them once open). */
  private start(): Worker {
    const thread = new Worker(threadScript(), { workerData: this.data });
    this.thread = thread;
    let settleOpen!: (error?: Error) => void;
    this.opened = new Promise<void>((resolve, reject) => (settleOpen = (error) => (error ? reject(error) : resolve())));
    this.opened.catch(() => undefined); // its calls fail with it; open() rethrows it
    const ended = (reason: Error) => {
      settleOpen(reason);
      this.threadEnded(thread, reason);
    };
    thread.on('message', (answer: StoreThreadAnswer) => {
      if (answer.type === 'opened') {
        this.logBytes = answer.logSize;
        return settleOpen();
      }
      if (answer.type === 'open-failed') {
        ended(deserializeStoreError(answer.error));
        void thread.terminate();
        return;
      }
      if (answer.type === 'log') return this.write(answer);
      const call = this.pending.get(answer.id);
      if (!call) return;
      this.pending.delete(answer.id);
      this.logBytes = answer.logSize;
      if (answer.type === 'result') call.resolve(answer.value);
      else call.reject(deserializeStoreError(answer.error));
      if (this.pending.size === 0) thread.unref();
    });
    thread.on('error', (error) => ended(new StoreError(`The embedded triple store's thread failed: ${error.message}`)));
    thread.on('exit', (code) => ended(new StoreError(`The embedded triple store's thread stopped (exit code ${code}); the request was not completed.`)));
    return thread;
  }

  /** The thread is gone: the calls in flight fail with `reason`, and the next call starts another. */
  private threadEnded(thread: Worker, reason: Error): void {
    if (this.thread !== thread) return;
    this.thread = null;
    for (const call of this.pending.values()) call.reject(reason);
    this.pending.clear();
    if (this.state === 'open') this.log.error("the embedded triple store's thread stopped; the next request opens the store again from its files", { error: reason.message });
  }

  private async stopThread(): Promise<void> {
    const thread = this.thread;
    this.thread = null;
    await thread?.terminate().catch(() => undefined);
  }

  private write(line: Extract<StoreThreadAnswer, { type: 'log' }>): void {
    const log = line.scope.reduce((parent, scope) => parent.child(scope), this.log);
    log[line.level](line.message, line.fields);
  }

  /** Sends one call to the thread (starting one if there is none), in the order calls are made. */
  private call(call: StoreCall): Promise<unknown> {
    if (this.state === 'closed' || (this.state === 'closing' && call.method !== 'close')) return Promise.reject(new StoreError('The embedded triple store is closed.'));
    const thread = this.thread ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Held open while it has work (a script that waits only on the store must not exit), not when idle.
      thread.ref();
      thread.postMessage({ ...call, id });
    });
  }

  // ── reads ────────────────────────────────────────────────────────────────────────────────

  async select(query: string, options?: QueryOptions): Promise<Bindings[]> {
    return parseTsvResults((await this.call({ method: 'selectTsv', args: [query, options] })) as string);
  }

  async ask(query: string, options?: QueryOptions): Promise<boolean> {
    return (await this.call({ method: 'ask', args: [query, options] })) as boolean;
  }

  async construct(query: string, options?: QueryOptions): Promise<string> {
    return (await this.call({ method: 'construct', args: [query, options] })) as string;
  }

  async readGraph(graphIri: string, options?: QueryOptions): Promise<string> {
    return (await this.call({ method: 'readGraph', args: [graphIri, options] })) as string;
  }

  /** On the store's query replica (./query-replica.ts): the deadline ends the query wherever it is. */
  async queryRaw(query: string, accept: string, options?: QueryOptions): Promise<RawQueryResult> {
    return (await this.call({ method: 'queryRaw', args: [query, accept, options] })) as RawQueryResult;
  }

  async countTriples(): Promise<number> {
    return (await this.call({ method: 'countTriples', args: [] })) as number;
  }

  async *dumpNQuads(): AsyncIterable<string> {
    // Taken at one instant on the thread, then handed out in chunks of whole lines.
    const parts = (await this.call({ method: 'dumpNQuads', args: [] })) as string[];
    for (const part of parts) {
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

  async update(update: string): Promise<void> {
    await this.call({ method: 'update', args: [update] });
  }

  /** A {@link TripleTable} crosses to the thread as it is (a few thousand IRIs and one typed array), and the thread writes its text. */
  async loadGraph(graphIri: string, triples: string | TripleTable, options: { replace: boolean }): Promise<void> {
    await this.call({ method: 'loadGraph', args: [graphIri, triples, options] });
  }

  /** Compacts now (a new snapshot and an empty log); waits for everything pending first. */
  async compact(): Promise<void> {
    await this.call({ method: 'compact', args: [] });
  }

  /** Bytes in the update log (header included) as of the last answer; for tests and diagnostics. */
  get logSize(): number {
    return this.logBytes;
  }

  async close(): Promise<void> {
    if (this.closing) return this.closing;
    this.state = 'closing';
    this.closing = (async () => {
      try {
        // Closing compacts: writes the snapshot and empties the log. A thread that is gone has nothing to write.
        if (this.thread) await this.call({ method: 'close', args: [] });
      } finally {
        await this.stopThread();
        await this.lock.release().catch(() => undefined);
        this.state = 'closed';
      }
    })();
    return this.closing;
  }
}
