import crypto from 'node:crypto';
import SimpleClient from 'sparql-http-client/SimpleClient.js';
import { DataFactory, Parser as TurtleParser, Writer as QuadWriter } from 'n3';
import { createLogger, type Logger } from '../lib/log.js';
import { iri, join, literal, sparql, type SparqlFragment } from './sparql-builder.js';
import { maskLiterals, mediaTypes, normalizeBindings, pageOf, rawResultType, readQuery, subqueryPageOf, termToNTriples } from './sparql-text.js';
import {
  type Bindings,
  type BindingTerm,
  type QueryOptions,
  type RawQueryResult,
  StoreError,
  StoreSyntaxError,
  StoreTimeoutError,
  type TripleStore,
} from './triple-store.js';
import { type TripleTable, tripleTableText } from './triple-table.js';

export interface HttpStoreOptions {
  queryUrl: string;
  updateUrl: string;
  gspUrl?: string | undefined;
  user?: string | undefined;
  password?: string | undefined;
  log?: Logger;
  /** Rows per page of a paged SELECT. Default 5,000. */
  pageSize?: number;
  /** Most triples per INSERT DATA of a load. Default 500. */
  batchTriples?: number;
  /** Most bytes of N-Triples per INSERT DATA of a load. Default 256 KiB. */
  batchBytes?: number;
  /** INSERT DATA requests of one load in flight at once. Default 2. */
  loadConcurrency?: number;
  /** Time limit of a request that has none of its own (updates, loads, dumps). Default 10 minutes. */
  requestTimeoutMs?: number;
  /** Graphs that are the server's, not ours: left out of counts and dumps. Default: Virtuoso's system graphs. */
  serverGraphs?: { iris: string[]; prefixes: string[] };
}

/** The graphs a fresh Virtuoso 7 holds for itself (its RDF views, LDP and service descriptions). */
const virtuosoSystemGraphs = {
  iris: ['http://www.w3.org/ns/ldp#', 'http://localuriqaserver/sparql', 'http://www.w3.org/2002/07/owl#'],
  prefixes: ['http://www.openlinksw.com/'],
};

/** Temporary graphs of loads in progress (a crashed load may leave one behind: drop it by hand). */
const temporaryGraphPrefix = 'urn:og:tmp-load:';

const { sparqlJson, nTriples, turtle } = mediaTypes;
/** Virtuoso's stock ResultSetMaxRows. */
const virtuosoDefaultRowCap = 10_000;

interface Deadline {
  at: number;
  /** The caller's own limit (a StoreTimeoutError names it), or null for the default request limit. */
  timeoutMs: number | null;
}

interface SparqlJson {
  head?: { vars?: string[] };
  boolean?: boolean;
  results?: { bindings: Record<string, BindingTerm>[] };
}

/** The server rolled a request back as a deadlock victim (Virtuoso: SQL state 40001, e.g. SR172). */
function deadlocked(error: StoreError): boolean {
  return /\b40001\b|\bSR172\b|deadlock/i.test(error.message);
}

/** How long to wait before sending a deadlocked request again (growing, with jitter), or null after the last try. */
function deadlockPause(attempt: number): number | null {
  const tries = 5;
  return attempt >= tries ? null : 50 * 2 ** attempt * (0.5 + Math.random());
}

/** The server's message, without Virtuoso's echo of the whole query. */
function serverMessage(body: string): string {
  const text = body.split(/\n\s*SPARQL query:/)[0]!.replace(/\s+/g, ' ').trim();
  return text.length > 500 ? `${text.slice(0, 500)}…` : text || '(no message)';
}

/**
 * The triple store behind the SPARQL 1.1 Protocol (Fuseki, Virtuoso, or any standard server),
 * spoken through `sparql-http-client`'s SimpleClient over Node's own `fetch`:
 *
 * - Queries and updates are POSTed as `application/x-www-form-urlencoded` (the client's
 *   `postUrlencoded`) — the one encoding every server takes (GET fails on long queries; Virtuoso 7
 *   never answers a POST of `application/sparql-query`, the client's default for queries). The
 *   client's raw responses are read here, not through its parsing clients, so row caps, Virtuoso's
 *   partial answers and server messages can be told apart.
 * - `select` pages an ORDER BY query without LIMIT/OFFSET in pages of `pageSize` rows, so a
 *   server's row cap (Virtuoso: ResultSetMaxRows, 10,000 by default) never cuts it. When the server
 *   refuses a sorted slice past its own limit (Virtuoso's MaxSortedTopRows, error SR353), the rest
 *   is paged as an ordered subquery with the slice outside. A result the server reports as cut
 *   (Virtuoso's `X-SPARQL-MaxRows` header) is an error, never a silently short answer; so is a
 *   Virtuoso CONSTRUCT as long as its row cap (Virtuoso cuts those without a sign).
 * - `loadGraph` inserts the N-Triples in batches (≤ `batchTriples` triples and ≤ `batchBytes`)
 *   into a temporary graph, two requests at a time, then swaps it in with one
 *   `MOVE SILENT GRAPH <tmp> TO GRAPH <target>` (or ADD it, without `replace`); on Virtuoso the
 *   batches carry `DEFINE sql:big-data-const 1` (much faster there; other servers get plain SPARQL).
 * - `dumpNQuads` and `countTriples` cover every named graph except the server's own (Virtuoso's
 *   system graphs) and the temporary graphs of loads in progress. The default graph is not
 *   dumped: on Virtuoso it is the union of all graphs, and the app writes named graphs only.
 *   The dump pages SELECTs per graph, or GETs each graph from the Graph Store Protocol endpoint
 *   when `gspUrl` is set (checked against a COUNT of the graph, since a server may cut that
 *   answer silently too — Virtuoso does, near 10,000 triples — and paged instead when short).
 *   It is not a snapshot: writes during a dump may or may not be in it.
 * - Time limits are AbortSignals; a server's error becomes StoreSyntaxError (400) or StoreError
 *   with the server's own message.
 */
export class HttpStore implements TripleStore {
  readonly kind = 'http' as const;
  readonly rowCapped = true;

  private readonly queryUrl: string;
  private readonly updateUrl: string;
  private readonly gspUrl: string | null;
  private readonly authorization: string | null;
  private readonly log: Logger;
  private readonly pageSize: number;
  private readonly batchTriples: number;
  private readonly batchBytes: number;
  private readonly loadConcurrency: number;
  private readonly requestTimeoutMs: number;
  private readonly ourGraphs: SparqlFragment;
  /** Whether the server says it is Virtuoso (its `Server` header); unknown until the first answer. */
  private virtuoso: boolean | null = null;
  /** The server's row cap, once it has named it (Virtuoso's `X-SPARQL-MaxRows` on a cut result). */
  private rowCap: number | null = null;

  constructor(options: HttpStoreOptions) {
    let user = options.user;
    let password = options.password;
    const strip = (url: string) => {
      const parsed = new URL(url);
      if (parsed.username && user === undefined) {
        user = decodeURIComponent(parsed.username);
        password = decodeURIComponent(parsed.password);
      }
      parsed.username = '';
      parsed.password = '';
      return parsed.toString();
    };
    this.queryUrl = strip(options.queryUrl);
    this.updateUrl = strip(options.updateUrl);
    this.gspUrl = options.gspUrl ? strip(options.gspUrl) : null;
    this.authorization = user !== undefined ? `Basic ${Buffer.from(`${user}:${password ?? ''}`, 'utf8').toString('base64')}` : null;
    this.log = options.log ?? createLogger('warn', 'sparql');
    this.pageSize = options.pageSize ?? 5_000;
    this.batchTriples = options.batchTriples ?? 500;
    this.batchBytes = options.batchBytes ?? 256 * 1024;
    this.loadConcurrency = options.loadConcurrency ?? 2;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 600_000;
    const serverGraphs = options.serverGraphs ?? virtuosoSystemGraphs;
    const conditions = [...serverGraphs.prefixes, temporaryGraphPrefix].map((prefix) => sparql`!STRSTARTS(STR(?g), ${literal(prefix)})`);
    if (serverGraphs.iris.length) conditions.push(sparql`?g NOT IN (${join(serverGraphs.iris.map((graph) => iri(graph)), ', ')})`);
    this.ourGraphs = sparql`FILTER(${conjunction(conditions)})`;
  }

  // ── transport ────────────────────────────────────────────────────────────────────────────

  private deadline(options: QueryOptions | undefined): Deadline {
    return options?.timeoutMs === undefined
      ? { at: Date.now() + this.requestTimeoutMs, timeoutMs: null }
      : { at: Date.now() + options.timeoutMs, timeoutMs: options.timeoutMs };
  }

  private timeoutError(deadline: Deadline, url: string): StoreTimeoutError {
    return deadline.timeoutMs !== null
      ? new StoreTimeoutError(`The query took longer than ${deadline.timeoutMs} ms.`)
      : new StoreTimeoutError(`The SPARQL endpoint ${url} did not answer within ${this.requestTimeoutMs} ms.`);
  }

  /** A protocol client whose requests end at `signal` (the client itself takes no signal per call). */
  private client(signal: AbortSignal): SimpleClient {
    return new SimpleClient({
      endpointUrl: this.queryUrl,
      updateUrl: this.updateUrl,
      headers: this.authorization ? { authorization: this.authorization } : {},
      fetch: (input, init) => fetch(input, { ...init, signal }),
    });
  }

  /**
   * One request, sent again while the server reports a deadlock (SQL state 40001) and the deadline allows: the server
   * has rolled the whole request back, so sending it again does it once.
   */
  private async send(
    what: 'query' | 'update' | 'graph download',
    url: string,
    request: { form?: Record<string, string>; accept: string },
    deadline: Deadline,
  ): Promise<{ response: Response; body: string }> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.sendOnce(what, url, request, deadline);
      } catch (error) {
        const wait = deadlockPause(attempt);
        if (!(error instanceof StoreError) || !deadlocked(error) || wait === null || Date.now() + wait >= deadline.at) throw error;
        this.log.warn('the SPARQL endpoint reported a deadlock; sending the request again', { what, attempt });
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  /** One request with its whole body read, under the deadline; transport failures and HTTP errors become store errors. */
  private async sendOnce(
    what: 'query' | 'update' | 'graph download',
    url: string,
    request: { form?: Record<string, string>; accept: string },
    deadline: Deadline,
  ): Promise<{ response: Response; body: string }> {
    const remaining = deadline.at - Date.now();
    if (remaining <= 0) throw this.timeoutError(deadline, url);
    const signal = AbortSignal.timeout(remaining);
    const client = this.client(signal);
    const headers = { accept: request.accept };
    let response: Response;
    let body: string;
    try {
      if (request.form) {
        const [operation, text] = 'update' in request.form ? (['update', request.form.update] as const) : (['query', request.form.query] as const);
        response = await client.postUrlencoded(text ?? '', { headers, update: operation === 'update' });
      } else {
        response = await client.fetch(url, { method: 'GET', headers: this.authorization ? { ...headers, authorization: this.authorization } : headers });
      }
      body = await response.text();
    } catch (error) {
      if (signal.aborted) throw this.timeoutError(deadline, url);
      const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
      throw new StoreError(`Could not reach the SPARQL endpoint ${url}: ${cause}`);
    }
    this.virtuoso ??= /virtuoso/i.test(response.headers.get('server') ?? '');
    if (!response.ok) {
      const message = serverMessage(body);
      if (response.status === 400) throw new StoreSyntaxError(`The SPARQL endpoint refused the ${what} (400): ${message}`);
      if (response.status === 401 || response.status === 403) {
        throw new StoreError(`The SPARQL endpoint refused the ${what} (${response.status}); check SPARQL_USER/SPARQL_PASSWORD and the server's permissions: ${message}`);
      }
      throw new StoreError(`The SPARQL endpoint failed on the ${what} (${response.status} ${response.statusText}): ${message}`);
    }
    // Virtuoso's "anytime" queries answer 200 with whatever they found when time ran out.
    const sqlState = response.headers.get('x-sql-state');
    if (sqlState) throw new StoreTimeoutError(`The SPARQL endpoint stopped the query early (${sqlState}: ${response.headers.get('x-sql-message') ?? 'partial result'}).`);
    return { response, body };
  }

  private async queryJson(query: string, deadline: Deadline): Promise<{ json: SparqlJson; cutAt: number | null }> {
    const { response, body } = await this.send('query', this.queryUrl, { form: { query }, accept: sparqlJson }, deadline);
    let json: SparqlJson;
    try {
      json = JSON.parse(body) as SparqlJson;
    } catch {
      throw new StoreError(`The SPARQL endpoint answered a query with something other than SPARQL JSON (${response.headers.get('content-type')}).`);
    }
    const maxRows = response.headers.get('x-sparql-maxrows');
    if (maxRows !== null) this.rowCap = Number(maxRows);
    return { json, cutAt: maxRows === null ? null : Number(maxRows) };
  }

  private rowsOf(json: SparqlJson): Bindings[] {
    if (!json.results) throw new StoreError('select() needs a SELECT query.');
    return normalizeBindings(json.results.bindings);
  }

  private cutError(rows: number): StoreError {
    return new StoreError(
      `The SPARQL endpoint cut the result at ${rows} rows (its row limit). Use a SELECT ending with ORDER BY so it can be paged, ` +
        `or raise the server's limit (Virtuoso: ResultSetMaxRows in the [SPARQL] section of virtuoso.ini).`,
    );
  }

  /** The pages of an ORDER BY query (see the class comment). */
  private async *pages(query: string, deadline: () => Deadline): AsyncGenerator<Bindings[]> {
    let pageSize = this.pageSize;
    let asSubquery = false;
    let offset = 0;
    for (;;) {
      const text = asSubquery ? subqueryPageOf(query, offset, pageSize) : pageOf(query, offset, pageSize);
      let page: { json: SparqlJson; cutAt: number | null };
      try {
        page = await this.queryJson(text, deadline());
      } catch (error) {
        if (!asSubquery && error instanceof StoreError && /\bSR353\b/.test(error.message)) {
          asSubquery = true;
          continue;
        }
        throw error;
      }
      if (page.cutAt !== null && page.cutAt < pageSize) {
        pageSize = page.cutAt; // the server caps below our page size: ask for pages it gives whole
        continue;
      }
      const rows = this.rowsOf(page.json);
      yield rows;
      if (rows.length < pageSize) return;
      offset += rows.length;
    }
  }

  // ── reads ────────────────────────────────────────────────────────────────────────────────

  async select(query: string, options?: QueryOptions): Promise<Bindings[]> {
    const deadline = this.deadline(options);
    const { pageable, limit } = readQuery(query);
    if (!pageable) {
      const { json, cutAt } = await this.queryJson(query, deadline);
      const rows = this.rowsOf(json);
      // Virtuoso flags a result that reached its cap even when the query's own LIMIT asked for no more.
      if (cutAt !== null && !(limit !== null && limit <= rows.length)) throw this.cutError(rows.length);
      return rows;
    }
    const rows: Bindings[] = [];
    for await (const page of this.pages(query, () => deadline)) for (const row of page) rows.push(row);
    return rows;
  }

  async ask(query: string, options?: QueryOptions): Promise<boolean> {
    const { json } = await this.queryJson(query, this.deadline(options));
    if (typeof json.boolean !== 'boolean') throw new StoreError('ask() needs an ASK query.');
    return json.boolean;
  }

  async construct(query: string, options?: QueryOptions): Promise<string> {
    const { response, body } = await this.send('query', this.queryUrl, { form: { query }, accept: `${nTriples}, text/plain;q=0.9, ${turtle};q=0.8` }, this.deadline(options));
    const contentType = rdfTypeOf(response);
    const ntriples = contentType === nTriples ? body : writeQuads(parseRdf(body, contentType, 'c_'), 'N-Triples');
    if (this.virtuoso) {
      // Virtuoso cuts a CONSTRUCT at its row cap without any sign; an answer that long is taken to be cut.
      let triples = 0;
      for (let at = ntriples.indexOf('\n'); at >= 0; at = ntriples.indexOf('\n', at + 1)) triples++;
      if (triples >= (this.rowCap ?? virtuosoDefaultRowCap)) throw this.cutError(triples);
    }
    return ntriples;
  }

  async readGraph(graphIri: string, options?: QueryOptions): Promise<string> {
    const deadline = this.deadline(options);
    const query = `SELECT ?s ?p ?o WHERE { GRAPH ${iri(graphIri).text} { ?s ?p ?o } } ORDER BY ?s ?p ?o`;
    const lines: string[] = [];
    for await (const page of this.pages(query, () => deadline)) {
      for (const row of page) lines.push(`${termToNTriples(row.s!)} ${termToNTriples(row.p!)} ${termToNTriples(row.o!)} .\n`);
    }
    return lines.join('');
  }

  async queryRaw(query: string, accept: string, options?: QueryOptions): Promise<RawQueryResult> {
    const wanted = rawResultType(query, accept);
    const { response, body } = await this.send('query', this.queryUrl, { form: { query }, accept: wanted }, this.deadline(options));
    const contentType = response.headers.get('content-type') ?? wanted;
    if (wanted === sparqlJson && body.includes('"typed-literal"')) {
      const json = JSON.parse(body) as SparqlJson;
      if (json.results) normalizeBindings(json.results.bindings);
      return { contentType, body: JSON.stringify(json) };
    }
    return { contentType, body };
  }

  async countTriples(): Promise<number> {
    const rows = await this.select(`SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } ${this.ourGraphs.text} }`);
    return Number(rows[0]?.n?.value ?? 0);
  }

  /** Our named graphs (see the class comment). */
  private async graphs(): Promise<string[]> {
    const rows = await this.select(`SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } ${this.ourGraphs.text} } ORDER BY ?g`);
    return rows.filter((row) => row.g?.type === 'uri').map((row) => row.g!.value);
  }

  async *dumpNQuads(): AsyncIterable<string> {
    const graphs = await this.graphs();
    for (const [index, graph] of graphs.entries()) {
      const graphText = iri(graph).text;
      if (this.gspUrl) {
        // Servers may cap a GSP answer as silently as a SELECT (Virtuoso stops near 10,000
        // triples without a word), so the download is checked against a count of the graph.
        const download = await this.downloadGraph(graph, index);
        const [counted] = await this.select(`SELECT (COUNT(*) AS ?n) WHERE { GRAPH ${graphText} { ?s ?p ?o } }`);
        const expected = Number(counted?.n?.value ?? 0);
        if (download.triples === expected) {
          if (download.text) yield download.text;
          continue;
        }
        this.log.warn('the Graph Store Protocol answer for a graph was short; paging the graph with SELECT instead', { graph, got: download.triples, expected });
      }
      const query = `SELECT ?s ?p ?o WHERE { GRAPH ${graphText} { ?s ?p ?o } } ORDER BY ?s ?p ?o`;
      for await (const page of this.pages(query, () => this.deadline(undefined))) {
        let text = '';
        for (const row of page) text += `${termToNTriples(row.s!)} ${termToNTriples(row.p!)} ${termToNTriples(row.o!)} ${graphText} .\n`;
        if (text) yield text;
      }
    }
  }

  /** One graph through the Graph Store Protocol, as N-Quads (blank nodes renamed apart per graph). */
  private async downloadGraph(graph: string, index: number): Promise<{ text: string; triples: number }> {
    const url = new URL(this.gspUrl!);
    url.searchParams.set('graph', graph);
    const { response, body } = await this.send('graph download', url.toString(), { accept: `${nTriples}, ${turtle};q=0.9` }, this.deadline(undefined));
    const quads = parseRdf(body, rdfTypeOf(response), `g${index}_`);
    const graphNode = DataFactory.namedNode(graph);
    return { text: writeQuads(quads.map((quad) => DataFactory.quad(quad.subject, quad.predicate, quad.object, graphNode)), 'N-Quads'), triples: quads.length };
  }

  // ── writes ───────────────────────────────────────────────────────────────────────────────

  async update(update: string): Promise<void> {
    await this.send('update', this.updateUrl, { form: { update }, accept: `${sparqlJson}, text/plain;q=0.9, */*;q=0.1` }, this.deadline(undefined));
  }

  private async isVirtuoso(): Promise<boolean> {
    if (this.virtuoso === null) await this.queryJson('ASK {}', this.deadline(undefined));
    return this.virtuoso ?? false;
  }

  /** N-Triples lines in batches the server accepts; triples with blank nodes stay together (a label means one node only within one INSERT DATA). */
  private batches(ntriples: string): string[] {
    const batches: string[] = [];
    const blankNodeLines: string[] = [];
    let lines: string[] = [];
    let bytes = 0;
    for (const raw of ntriples.split(/\r?\n/)) {
      const line = raw.trim();
      if (!line || line.startsWith('#')) continue;
      // N-Triples, not a query: masking literals and IRIs is all the reading a line needs.
      if (/(?:^|\s)_:/.test(maskLiterals(line))) {
        blankNodeLines.push(line);
        continue;
      }
      const size = Buffer.byteLength(line, 'utf8') + 1;
      if (lines.length > 0 && (lines.length >= this.batchTriples || bytes + size > this.batchBytes)) {
        batches.push(lines.join('\n'));
        lines = [];
        bytes = 0;
      }
      lines.push(line);
      bytes += size;
    }
    if (lines.length) batches.push(lines.join('\n'));
    if (blankNodeLines.length) batches.push(blankNodeLines.join('\n'));
    return batches;
  }

  async loadGraph(graphIri: string, triples: string | TripleTable, options: { replace: boolean }): Promise<void> {
    const ntriples = typeof triples === 'string' ? triples : tripleTableText(triples);
    let target: string;
    try {
      target = iri(graphIri).text;
    } catch (error) {
      throw new StoreError((error as Error).message);
    }
    const batches = this.batches(ntriples);
    if (batches.length === 0) {
      if (options.replace) await this.update(`DROP SILENT GRAPH ${target}`);
      return;
    }
    const define = (await this.isVirtuoso()) ? 'DEFINE sql:big-data-const 1\n' : '';
    if (batches.length === 1 && !options.replace) {
      await this.update(`${define}INSERT DATA { GRAPH ${target} {\n${batches[0]}\n} }`);
      return;
    }
    const temporary = iri(`${temporaryGraphPrefix}${Date.now()}:${crypto.randomUUID()}`).text;
    try {
      await inParallel(batches, this.loadConcurrency, (batch) => this.update(`${define}INSERT DATA { GRAPH ${temporary} {\n${batch}\n} }`));
      await this.update(
        options.replace ? `MOVE SILENT GRAPH ${temporary} TO GRAPH ${target}` : `ADD SILENT GRAPH ${temporary} TO GRAPH ${target} ;\nDROP SILENT GRAPH ${temporary}`,
      );
    } catch (error) {
      await this.update(`DROP SILENT GRAPH ${temporary}`).catch((dropError: unknown) =>
        this.log.warn('could not drop the temporary graph of a failed load', { graph: temporary, error: dropError }),
      );
      throw error;
    }
  }

  async close(): Promise<void> {
    // Nothing to release: fetch's connection pool closes idle sockets by itself.
  }
}

/** Fragments joined with `&&` (the builder's join() offers list and triple separators only). */
function conjunction(parts: SparqlFragment[]): SparqlFragment {
  return parts.slice(1).reduce((all, part) => sparql`${all} && ${part}`, parts[0]!);
}

/** Runs `work` over every item with at most `concurrency` at once; stops starting new work after the first failure and rethrows it. */
async function inParallel<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}

function parseRdf(text: string, contentType: string, blankNodePrefix: string) {
  try {
    return new TurtleParser({ format: contentType, blankNodePrefix }).parse(text);
  } catch (error) {
    throw new StoreError(`The SPARQL endpoint sent ${contentType} that does not parse: ${(error as Error).message}`);
  }
}

/** The RDF syntax of a server's answer; `text/plain` (what some servers call N-Triples) and none at all read as N-Triples. */
function rdfTypeOf(response: Response): string {
  const contentType = (response.headers.get('content-type') ?? nTriples).split(';')[0]!.trim().toLowerCase();
  return contentType === 'text/plain' ? nTriples : contentType;
}

function writeQuads(quads: ReturnType<typeof parseRdf>, format: 'N-Triples' | 'N-Quads'): string {
  const writer = new QuadWriter({ format });
  writer.addQuads(quads);
  let output = '';
  writer.end((error, result) => {
    if (error) throw error;
    output = result;
  });
  return output;
}
