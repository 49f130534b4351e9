/**
 * Readings of SPARQL text the store adapters and the read-only endpoint need (which form a query
 * has, whether it may be paged with LIMIT/OFFSET, its outer LIMIT), the texts of its pages, plus
 * N-Quads writing of result terms and normalising a server's SPARQL JSON. The text itself comes
 * from `./sparql-builder.ts` (or from a researcher through the read-only endpoint).
 *
 * sparqljs is the one reader of a query's structure (`readQuery`). A parse is costly next to a
 * regular expression (its lexer tries every token rule at every token), so who parses depends on
 * what the parse is measured against:
 * - The HTTP store's `select` parses: against a server's answer over the protocol, parsing adds
 *   little, and the reading decides what is sent.
 * - The embedded store's `select` does not: Oxigraph in this process answers the builder's small
 *   reads in about the time a parse takes, and its `select` needs the form only to refuse a
 *   programming error; it keeps the cheap `queryForm`.
 * - `queryRaw` (the read-only endpoint) parses: a researcher's query, not a hot path.
 * Pages are the query's own text with LIMIT/OFFSET around it (`pageOf`, `subqueryPageOf`), not a
 * regenerated query, so the server is sent what the builder wrote.
 */
import sparqljs, { type SparqlQuery } from 'sparqljs';
import { escapeString } from './sparql-builder.js';
import type { Bindings, BindingTerm } from './triple-store.js';

export type QueryForm = 'SELECT' | 'ASK' | 'CONSTRUCT' | 'DESCRIBE';

/** What sparqljs reads in a query's text. Text it cannot parse reads as no form, not pageable, no LIMIT. */
export type QueryReading =
  | {
      /** The whole parse, for checks beyond the answers below. */
      parsed: SparqlQuery;
      syntaxError: null;
      /** SELECT, ASK, CONSTRUCT or DESCRIBE (a read-only query); null for an update. */
      form: QueryForm | null;
      /** A SELECT whose outermost query ends with ORDER BY and has no LIMIT, OFFSET or trailing VALUES: `pageOf` may page it. */
      pageable: boolean;
      /** The LIMIT of the outermost SELECT, or null when it has none. */
      limit: number | null;
    }
  | { parsed: null; syntaxError: string; form: null; pageable: false; limit: null };

const parser = new sparqljs.Parser();

/** Reads a query or update with sparqljs; `syntaxError` is the first line of its complaint when the text does not parse. */
export function readQuery(text: string): QueryReading {
  let parsed: SparqlQuery;
  try {
    parsed = parser.parse(text);
  } catch (error) {
    return { parsed: null, syntaxError: (error as Error).message.split('\n')[0]!, form: null, pageable: false, limit: null };
  }
  if (parsed.type === 'update') return { parsed, syntaxError: null, form: null, pageable: false, limit: null };
  if (parsed.queryType !== 'SELECT') return { parsed, syntaxError: null, form: parsed.queryType, pageable: false, limit: null };
  const pageable = Boolean(parsed.order?.length) && parsed.limit === undefined && parsed.offset === undefined && parsed.values === undefined;
  return { parsed, syntaxError: null, form: 'SELECT', pageable, limit: parsed.limit ?? null };
}

const generator = new sparqljs.Generator();

/**
 * The text to send for a read-only query whose SELECT answer may have at most `maxRows` rows: the
 * query itself when its own LIMIT keeps it within them, otherwise the query with LIMIT `maxRows + 1`
 * (one more, so a longer answer shows itself and is refused rather than cut). Null for the other
 * forms, whose answers only the byte limit bounds.
 */
export function rowCappedQuery(parsed: SparqlQuery, text: string, maxRows: number): string | null {
  if (parsed.type !== 'query' || parsed.queryType !== 'SELECT') return null;
  if (parsed.limit !== undefined && parsed.limit <= maxRows) return text;
  return generator.stringify({ ...parsed, limit: maxRows + 1 });
}

/** Whether a parsed query asks another endpoint: a SERVICE clause anywhere in it (subqueries, OPTIONAL, UNION, FILTER EXISTS …). */
export function callsService(parsed: SparqlQuery): boolean {
  const pending: unknown[] = [parsed];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) pending.push(...(node as unknown[]));
    else if (typeof node === 'object' && node !== null) {
      if ((node as { type?: unknown }).type === 'service') return true;
      pending.push(...Object.values(node));
    }
  }
  return false;
}

/**
 * Replaces the parts of a text that may contain arbitrary characters (string literals, IRIs,
 * comments) with neutral placeholders of the same length, so keywords and braces can be found.
 * For text that is not parsed: an update's function calls, a line of N-Triples.
 */
export function maskLiterals(text: string): string {
  return text.replace(
    /"""[^]*?"""|'''[^]*?'''|"(?:[^"\\\n\r]|\\.)*"|'(?:[^'\\\n\r]|\\.)*'|<[^<>"{}|^`\\\s]*>|#[^\n\r]*/g,
    (match) => (match.startsWith('#') ? ' '.repeat(match.length) : `${match[0]}${'_'.repeat(Math.max(0, match.length - 2))}${match.at(-1)}`),
  );
}

const prologuePattern = /^(?:\s+|#[^\n\r]*|BASE\s*<[^<>\s]*>|PREFIX\s*[A-Za-z0-9_.\-\u00C0-\uFFFF]*:\s*<[^<>\s]*>)*/i;

/** The query split into its prologue (BASE/PREFIX declarations and comments, a grammar of its own) and the rest. */
export function splitPrologue(text: string): { prologue: string; body: string } {
  const prologue = prologuePattern.exec(text)?.[0] ?? '';
  return { prologue, body: text.slice(prologue.length) };
}

/**
 * The query form (SELECT, ASK, CONSTRUCT, DESCRIBE), or null when the text starts with none of
 * them: the cheap reading, where parsing costs more than the query (see above).
 */
export function queryForm(text: string): QueryForm | null {
  const match = /^(SELECT|ASK|CONSTRUCT|DESCRIBE)\b/i.exec(splitPrologue(text).body);
  return match ? (match[1]!.toUpperCase() as QueryForm) : null;
}

/** Media types of SPARQL results and RDF the adapters send and read. */
export const mediaTypes = {
  sparqlJson: 'application/sparql-results+json',
  sparqlTsv: 'text/tab-separated-values',
  nTriples: 'application/n-triples',
  nQuads: 'application/n-quads',
  turtle: 'text/turtle',
} as const;

/**
 * The format a read-only query is answered in (`TripleStore.queryRaw`): SELECT and ASK as SPARQL
 * JSON; CONSTRUCT and DESCRIBE as N-Triples when the Accept header names it before Turtle, else Turtle.
 */
export function rawResultType(query: string, accept: string): string {
  const { form } = readQuery(query);
  if (form !== 'CONSTRUCT' && form !== 'DESCRIBE') return mediaTypes.sparqlJson;
  const turtleAt = accept.indexOf(mediaTypes.turtle);
  const nTriplesAt = accept.indexOf(mediaTypes.nTriples);
  return nTriplesAt >= 0 && (turtleAt < 0 || nTriplesAt < turtleAt) ? mediaTypes.nTriples : mediaTypes.turtle;
}

/**
 * One page of a query `readQuery` calls pageable, the standard way: `… ORDER BY ?x LIMIT n OFFSET k`
 * (on a line of its own, so a trailing comment cannot swallow it).
 */
export function pageOf(text: string, offset: number, limit: number): string {
  return `${text.trimEnd()}\nLIMIT ${limit} OFFSET ${offset}`;
}

/**
 * One page of an ORDER BY query as an ordered subquery with LIMIT/OFFSET outside it. Virtuoso
 * refuses `ORDER BY … LIMIT/OFFSET` past its MaxSortedTopRows (10,000 by default, error SR353)
 * but sorts a subquery of any size; it keeps the subquery's order for the outer slice.
 */
export function subqueryPageOf(text: string, offset: number, limit: number): string {
  const { prologue, body } = splitPrologue(text);
  return `${prologue}SELECT * WHERE {\n{\n${body.trimEnd()}\n}\n}\nOFFSET ${offset}\nLIMIT ${limit}`;
}

const xsdString = 'http://www.w3.org/2001/XMLSchema#string';
const rdfLangString = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString';

/** Virtuoso answers with the pre-1.1 `typed-literal` term type; the port speaks SPARQL 1.1 JSON. */
function normalizeTerm(term: BindingTerm | { type: string; value: string; datatype?: string; 'xml:lang'?: string }): BindingTerm {
  if (term.type === 'typed-literal') {
    const normalized: BindingTerm = { type: 'literal', value: term.value };
    if (term.datatype !== undefined) normalized.datatype = term.datatype;
    return normalized;
  }
  return term as BindingTerm;
}

export function normalizeBindings(rows: Record<string, BindingTerm>[]): Bindings[] {
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if ((row[key]!.type as string) === 'typed-literal') row[key] = normalizeTerm(row[key]!);
    }
  }
  return rows;
}

function escapeIri(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
  return value.replace(/[\u0000-\u0020<>"{}|^`\\]/g, (char) => `\\u${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
}

/** A result term as N-Triples/N-Quads text. Blank node labels are hex-encoded so any server's ids stay valid and distinct. */
export function termToNTriples(term: BindingTerm): string {
  switch (term.type) {
    case 'uri':
      return `<${escapeIri(term.value)}>`;
    case 'bnode':
      return `_:b${Buffer.from(term.value, 'utf8').toString('hex')}`;
    case 'literal': {
      const body = `"${escapeString(term.value)}"`;
      if (term['xml:lang']) return `${body}@${term['xml:lang']}`;
      if (term.datatype && term.datatype !== xsdString && term.datatype !== rdfLangString) return `${body}^^<${escapeIri(term.datatype)}>`;
      return body;
    }
    default:
      throw new Error(`Cannot write a ${term.type} term as N-Triples`);
  }
}
