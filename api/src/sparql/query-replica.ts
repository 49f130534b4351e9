import { Worker } from 'node:worker_threads';
import type { Logger } from '../lib/log.js';
import type { DurableFiles } from './store-files.js';
import type { LogOperation } from './store-log.js';
import { ResultTooLargeError, StoreError, StoreTimeoutError } from './triple-store.js';

/** Where the main store keeps its durable state, and how much of it (the log up to `logBytes`) the replica starts from. */
export type ReplicaSource = DurableFiles;

export type ReplicaRequest =
  | { type: 'load'; source: ReplicaSource }
  | { type: 'apply'; operation: LogOperation }
  | { type: 'query'; id: number; query: string; format: string; maxBytes: number };

export type ReplicaAnswer =
  | { type: 'loaded' }
  | { type: 'load-failed'; message: string }
  | { type: 'answer'; id: number; body: string }
  | { type: 'error'; id: number; kind: 'query' | 'store' | 'too-large'; message: string };

interface PendingQuery {
  resolve(body: string): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout | null;
}

/** The worker's script: beside this module once built; run from source (the tests), the built copy (`npm test` builds first). */
function workerScript(): URL {
  const here = new URL(import.meta.url);
  return here.pathname.endsWith('.ts') ? new URL('../../dist/sparql/query-replica-worker.js', here) : new URL('./query-replica-worker.js', here);
}

/** The replica's JavaScript heap; Oxigraph's own (WASM) memory is the thread's and goes with it. */
const heapLimitMb = 512;

/**
 * A copy of the embedded store in a worker thread, for researchers' read-only queries
 * (`POST /api/sparql`): Oxigraph evaluates a query synchronously and cannot be interrupted, so
 * there it blocks no request, job or socket of the api's own thread, and a query that passes its
 * deadline is really stopped, by ending the thread. It loads the main store's durable state from
 * its files on its own thread (the main thread only names them), then gets every operation the
 * main store makes durable after that, in order, so a query sent after a write was acknowledged
 * sees it. Once ended (a deadline, a crash), it answers nothing more; the store makes a new one
 * for the next query.
 */
export class QueryReplica {
  private readonly worker: Worker;
  private readonly pending = new Map<number, PendingQuery>();
  private nextId = 1;
  private ended: Error | null = null;
  /** Settles once the replica has read the store's files: the store must not compact them away meanwhile. */
  readonly loaded: Promise<void>;
  private settleLoad!: (error?: Error) => void;

  constructor(
    source: ReplicaSource,
    private readonly onEnd: (replica: QueryReplica) => void,
    private readonly log: Logger,
  ) {
    this.loaded = new Promise<void>((resolve, reject) => (this.settleLoad = (error) => (error ? reject(error) : resolve())));
    this.loaded.catch(() => undefined); // a failed load fails its queries; nobody else need hear of it
    this.worker = new Worker(workerScript(), { resourceLimits: { maxOldGenerationSizeMb: heapLimitMb } });
    this.worker.unref();
    this.worker.on('message', (answer: ReplicaAnswer) => this.settle(answer));
    this.worker.on('error', (error) => this.end(new StoreError(`The query replica failed: ${error.message}`)));
    this.worker.on('exit', (code) => this.end(new StoreError(`The query replica stopped (exit code ${code}); send the query again.`)));
    this.post({ type: 'load', source });
  }

  private post(request: ReplicaRequest): void {
    this.worker.postMessage(request);
  }

  /** An operation the main store made durable. */
  apply(operation: LogOperation): void {
    if (!this.ended) this.post({ type: 'apply', operation });
  }

  /** The query's answer in `format`; rejects at `timeoutMs` (ending the replica), or when the answer passes `maxBytes`. */
  query(query: string, format: string, options: { timeoutMs?: number | undefined; maxBytes: number }): Promise<string> {
    if (this.ended) return Promise.reject(this.ended);
    const id = this.nextId++;
    return new Promise<string>((resolve, reject) => {
      const timer =
        options.timeoutMs === undefined ? null : setTimeout(() => this.end(new StoreTimeoutError(`The query took longer than ${options.timeoutMs} ms.`), id), options.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.post({ type: 'query', id, query, format, maxBytes: options.maxBytes });
    });
  }

  private settle(answer: ReplicaAnswer): void {
    if (answer.type === 'loaded') return this.settleLoad();
    if (answer.type === 'load-failed') return this.end(new StoreError(`The query replica could not load the store: ${answer.message}`));
    const query = this.pending.get(answer.id);
    if (!query) return;
    this.pending.delete(answer.id);
    if (query.timer) clearTimeout(query.timer);
    if (answer.type === 'answer') query.resolve(answer.body);
    else if (answer.kind === 'too-large') query.reject(new ResultTooLargeError(`The answer is larger than the endpoint sends (${answer.message}).`));
    // A query's own error (a syntax error, a type error) is the store's to word, as for a query on the main thread.
    else query.reject(answer.kind === 'query' ? new Error(answer.message) : new StoreError(answer.message));
  }

  /**
   * Ends the replica: the query that passed its deadline fails with `reason`, any other one
   * waiting behind it is asked to be sent again, and the thread is terminated (Oxigraph stops
   * with it).
   */
  private end(reason: Error, culprit?: number): void {
    if (this.ended) return;
    this.ended = reason;
    const retry = new StoreError('Another query ran past its time limit and the query engine was restarted; send this query again.');
    for (const [id, query] of this.pending) {
      if (query.timer) clearTimeout(query.timer);
      query.reject(culprit === undefined || id === culprit ? reason : retry);
    }
    this.pending.clear();
    this.settleLoad(reason);
    if (culprit !== undefined) this.log.warn('a read-only query passed its time limit; its query replica was ended', { error: reason.message });
    this.worker.terminate().catch(() => undefined);
    this.onEnd(this);
  }

  async close(): Promise<void> {
    this.end(new StoreError('The embedded triple store is closed.'));
    await this.worker.terminate().catch(() => undefined);
  }
}
