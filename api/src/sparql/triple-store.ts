/**
 * The port every triple store adapter implements: the embedded Oxigraph store (persisted under
 * DATA_DIR) and the SPARQL 1.1 Protocol adapter (Fuseki, Virtuoso or any standard server).
 * Every query and update string given to it comes from the builder in `./sparql-builder.ts`.
 */
import type { TripleTable } from './triple-table.js';

/** One RDF term of a SPARQL JSON result row. */
export interface BindingTerm {
  type: 'uri' | 'literal' | 'bnode' | 'triple';
  value: string;
  datatype?: string;
  'xml:lang'?: string;
}

export type Bindings = Record<string, BindingTerm>;

export interface QueryOptions {
  /** Give up after this long (the read-only endpoint sets it); the adapter rejects with StoreTimeoutError. */
  timeoutMs?: number;
  /** `queryRaw` only: refuse an answer larger than this many bytes (ResultTooLargeError). */
  maxResultBytes?: number;
}

export interface RawQueryResult {
  contentType: string;
  body: string;
}

export interface TripleStore {
  readonly kind: 'embedded' | 'http';

  /**
   * The server may cut long results at a row cap, so a SELECT that can be long must end with
   * ORDER BY to be paged. False for the embedded store, which answers every row at once: there an
   * ORDER BY only costs a sort.
   */
  readonly rowCapped: boolean;

  /**
   * Every row of a SELECT. When the query ends with an ORDER BY and no LIMIT, the HTTP adapter
   * pages with LIMIT/OFFSET so a server's row cap (Virtuoso: 10,000) never cuts results.
   */
  select(query: string, options?: QueryOptions): Promise<Bindings[]>;

  ask(query: string, options?: QueryOptions): Promise<boolean>;

  /** CONSTRUCT or DESCRIBE, answered as N-Triples. */
  construct(query: string, options?: QueryOptions): Promise<string>;

  /**
   * Every triple of one named graph as N-Triples, a triple a line ('' for an empty graph), in no
   * particular order. For reading a graph whole (a scheme pair's links): the embedded store dumps
   * it without a query, faster than a SELECT of the same triples; the HTTP adapter
   * pages a SELECT of it, so a server's row cap never cuts it.
   */
  readGraph(graphIri: string, options?: QueryOptions): Promise<string>;

  /**
   * A query answered in the format the client asked for, for the read-only endpoint:
   * SELECT/ASK as `application/sparql-results+json`, CONSTRUCT/DESCRIBE as `text/turtle` or
   * `application/n-triples`.
   */
  queryRaw(query: string, accept: string, options?: QueryOptions): Promise<RawQueryResult>;

  /** Runs one SPARQL update; resolves only once the change is durable. */
  update(update: string): Promise<void>;

  /**
   * Loads N-Triples (their text, or a {@link TripleTable} of IRIs) into one named graph, in
   * batches the server accepts. With `replace`, the graph's old content is swapped for the new
   * one only once everything loaded (readers see the old or the new graph, never a half-loaded one).
   */
  loadGraph(graphIri: string, ntriples: string | TripleTable, options: { replace: boolean }): Promise<void>;

  /** Every quad of the store as N-Quads, in chunks (a dump for export and backups). */
  dumpNQuads(): AsyncIterable<string>;

  /** How many triples the store holds across all graphs. */
  countTriples(): Promise<number>;

  close(): Promise<void>;
}

export class StoreError extends Error {}
export class StoreTimeoutError extends StoreError {}
/** The query or update was refused by the store as malformed. */
export class StoreSyntaxError extends StoreError {}
/** A read-only query's answer is larger than `QueryOptions.maxResultBytes`. */
export class ResultTooLargeError extends StoreError {}
/**
 * The store could not make a write durable (its disk is full, or failed): the write was not made,
 * and a later one is tried afresh. `diskFull`: the disk (or a quota, or the file-size limit) had no room.
 */
export class StoreWriteError extends StoreError {
  constructor(
    message: string,
    readonly diskFull: boolean,
  ) {
    super(message);
  }
}

/** An error's first line, at most 300 characters: how the store's own messages quote a cause. */
export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split('\n')[0]!.trim();
  return firstLine.length > 300 ? `${firstLine.slice(0, 300)}…` : firstLine;
}
