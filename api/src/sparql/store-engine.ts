/**
 * The embedded triple store's engine (DESIGN.md §2): Oxigraph (WASM), kept in memory and persisted
 * under one directory as a snapshot and an update log (./store-files.ts). It runs on the store's
 * own thread (./store-thread.ts), which ./embedded-store.ts starts and speaks to: Oxigraph works
 * synchronously, and a large load, a compaction's dump or a long query there holds no request,
 * job or socket of the process's event loop.
 *
 * Every `update()` and `loadGraph()` is applied in memory, then committed to the update log; it
 * resolves once its record is durable. Snapshot, update log, group commit, recovery (on open and
 * after a failed append) and compaction are the durability's (./store-durability.ts); the engine
 * keeps the reads, the loading and the query replica, and waits for the durability so that
 * nobody reads what a crash could still take back.
 *
 * Researchers' read-only queries (`queryRaw`, the `/api/sparql` endpoint) run on a replica of the
 * store in a thread of its own (./query-replica.ts), made at the first such query from the store's
 * files and then given every operation once it is durable: a slow query blocks no read of the
 * app's, and one past its deadline is stopped by ending that thread (the next query makes a new
 * replica).
 *
 * Limitations:
 * - The app's own reads (`select`, `ask`, `construct`) run on the engine's thread one at a time:
 *   Oxigraph evaluates synchronously and cannot be interrupted, so a deadline is checked before
 *   and after them. They are the builder's small, bounded queries.
 * - The log records operations, not their effects. Updates that call NOW(), RAND(), UUID(),
 *   STRUUID() or BNODE() would replay to other values, so after one the store compacts at once
 *   (the snapshot keeps the values that were seen) before acknowledging it.
 * - As in SPARQL 1.1, the default graph is its own graph here (Virtuoso instead answers queries
 *   without GRAPH from the union of all graphs); the app always names its graphs.
 */
import oxigraph from 'oxigraph';
import type { BlankNode, DefaultGraph, NamedNode, Store as OxigraphStore } from 'oxigraph';
import type { Logger } from '../lib/log.js';
import { applyOperation } from './apply-operation.js';
import { QueryReplica } from './query-replica.js';
import { iri } from './sparql-builder.js';
import { maskLiterals, mediaTypes, queryForm, rawResultType } from './sparql-text.js';
import { StoreDurability } from './store-durability.js';
import type { StoreState } from './store-files.js';
import type { LogOperation } from './store-log.js';
import { type TripleTable, tripleTableText } from './triple-table.js';
import {
  errorText,
  type QueryOptions,
  type RawQueryResult,
  StoreError,
  StoreSyntaxError,
  StoreTimeoutError,
} from './triple-store.js';

/** Where the engine keeps its files (a directory the caller holds the lock of), and when it compacts them. */
export interface StoreEngineOptions {
  directory: string;
  log: Logger;
  /** Compact once the update log is larger than this. */
  compactAfterBytes: number;
}

/** Characters of N-Triples an adding load applies at a time (about 4,000 links; see loadInTurns). */
const loadPieceChars = 512 * 1024;

const { nQuads, nTriples, sparqlJson } = mediaTypes;
/** SELECT answers: read by parseTsvResults, faster than the store's JSON. */
const { sparqlTsv } = mediaTypes;
/**
 * Calls whose values a replay would not repeat, found in the update's text with its literals,
 * IRIs and comments masked. Not parsed: a parse of every update costs far more than this check,
 * and a text check cannot miss a call, only take `ex:now(` for one, which costs no more than an
 * early compaction.
 */
const nondeterministic = /\b(?:NOW|RAND|UUID|STRUUID|BNODE)\s*\(/i;

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

function graphTerm(graph: NamedNode | BlankNode): string {
  return graph.termType === 'NamedNode' ? `<${graph.value}>` : `_:${graph.value}`;
}

/** The Oxigraph store as the state the durability keeps on disk. */
class OxigraphState implements StoreState {
  readonly store = new oxigraph.Store();

  get size(): number {
    return this.store.size;
  }

  apply(operation: LogOperation): void {
    applyOperation(this.store, operation);
  }

  load(snapshot: Buffer): void {
    this.store.load(snapshot, { format: nQuads });
  }

  /** The whole store, one graph at a time, taken at one instant (synchronously). */
  dump(): string[] {
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

  free(): void {
    (this.store as OxigraphStore & { free(): void }).free();
  }
}

export class StoreEngine {
  /** A large adding load being applied piece by piece (see loadInTurns). */
  private loadingInTurns: Promise<void> | null = null;
  private state: 'open' | 'closing' | 'closed' = 'open';
  private closing: Promise<void> | null = null;
  /** The read-only queries' replica (none until the first one). */
  private replica: QueryReplica | null = null;

  private constructor(
    private readonly durability: StoreDurability<OxigraphState>,
    private readonly log: Logger,
  ) {}

  /** Opens (or creates) the store's files in `options.directory`: loads the snapshot, replays the log. */
  static async open(options: StoreEngineOptions): Promise<StoreEngine> {
    const { directory, log } = options;
    const started = Date.now();
    let instance: StoreEngine | null = null;
    const durability = await StoreDurability.open({
      directory,
      createState: () => new OxigraphState(),
      log,
      compactAfterBytes: options.compactAfterBytes,
      // The replica follows every operation once it is durable.
      onDurable: (operation) => instance?.replica?.apply(operation),
      // A replica still reading the snapshot and the log must find them as they were named to it.
      beforeCompaction: async () => {
        await instance?.replica?.loaded.catch(() => undefined);
      },
      // A load in turns applies its pieces to the state being replaced: it ends first (its record is refused).
      beforeReload: async () => {
        await instance?.afterLoadInTurns();
      },
    });
    instance = new StoreEngine(durability, log);
    log.info('opened the embedded triple store', { directory, quads: durability.state.size, replayed: durability.replayed, ms: Date.now() - started });
    return instance;
  }

  /** The in-memory Oxigraph store (replaced when a failed append is taken back). */
  private get store(): OxigraphStore {
    return this.durability.state.store;
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
    if (this.durability.failure) throw this.durability.failure;
    // Not awaited unless one runs: an await would let a load start in between, unseen.
    while (this.loadingInTurns || this.durability.recovering) await this.othersDone();
    if (!this.durability.allDurable) await this.durability.untilDurable();
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
    if (this.durability.recovering) await this.durability.recovering;
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

  /**
   * A SELECT's rows as SPARQL TSV, which the caller reads with parseTsvResults: text crosses
   * threads as one copy, where the rows as objects would be copied object by object.
   */
  async selectTsv(query: string, options?: QueryOptions): Promise<string> {
    const deadline = this.deadlineOf(options);
    await this.readyToRead(deadline, options?.timeoutMs);
    // The cheap reading: parsing would cost more than most of these reads (see sparql-text.ts).
    const form = queryForm(query);
    if (form !== null && form !== 'SELECT') throw new StoreError('select() needs a SELECT query.'); // null: the store names the syntax error
    return this.run(query, sparqlTsv, deadline, options?.timeoutMs);
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
    while (!this.replica && this.durability.compacting) await this.durability.currentWritesDone();
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
   * now (`files` names them in step with what is durable), and gets every later operation from
   * the durability's `onDurable`.
   */
  private queryReplica(): QueryReplica {
    if (this.replica) return this.replica;
    const replica = new QueryReplica(this.durability.files, (ended) => {
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

  /** Every quad as N-Quads, one text per graph, taken at one instant (synchronously). */
  async dumpNQuads(): Promise<string[]> {
    await this.readyToRead();
    return this.durability.state.dump();
  }

  // ── writes ───────────────────────────────────────────────────────────────────────────────

  private assertWritable(): void {
    if (this.durability.failure) throw this.durability.failure;
    if (this.state !== 'open') throw new StoreError('The embedded triple store is closed.');
  }

  async update(update: string): Promise<void> {
    if (this.durability.outOfRoom) await this.durability.assertRoomFor(update.length);
    // Not awaited unless one runs: an await would let a load start in between, unseen.
    while (this.loadingInTurns || this.durability.recovering) await this.othersDone();
    this.assertWritable();
    try {
      this.store.update(update);
    } catch (error) {
      throw toStoreError(error, 'update');
    }
    await this.durability.commit({ op: 'update', text: update });
    if (nondeterministic.test(maskLiterals(update))) await this.compact();
  }

  /** A {@link TripleTable} is written out here, on the store's thread, not by the caller. */
  async loadGraph(graphIri: string, triples: string | TripleTable, options: { replace: boolean }): Promise<void> {
    const ntriples = typeof triples === 'string' ? triples : tripleTableText(triples);
    if (this.durability.outOfRoom) await this.durability.assertRoomFor(ntriples.length);
    // Not awaited unless one runs: an await would let a load start in between, unseen.
    while (this.loadingInTurns || this.durability.recovering) await this.othersDone();
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
    await this.durability.commit(operation);
  }

  /**
   * Adds a large load a piece of whole lines at a time, letting the thread take its messages between
   * pieces (Oxigraph loads synchronously; a compaction's timer, a replica's answer or a query
   * queued meanwhile is taken in, not held for seconds). Readers and other writes wait until the whole load is
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
        if (done > 0) void this.durability.commit({ op: 'load', graph: graphIri, replace: false, text: ntriples.slice(0, done) }).catch(() => undefined);
        throw error;
      }
      return { durable: this.durability.commit({ op: 'load', graph: graphIri, replace: false, text: ntriples }) };
    };
    return apply()
      .finally(applied)
      .then(({ durable }) => durable);
  }

  /** Compacts now (a new snapshot and an empty log); waits for everything pending first. */
  compact(): Promise<void> {
    return this.durability.compact();
  }

  /** Bytes in the update log (header included); for tests and diagnostics. */
  get logSize(): number {
    return this.durability.logSize;
  }

  async close(): Promise<void> {
    if (this.closing) return this.closing;
    this.state = 'closing';
    this.closing = (async () => {
      try {
        await this.durability.close();
      } finally {
        await this.replica?.close();
        this.state = 'closed';
      }
    })();
    return this.closing;
  }
}
