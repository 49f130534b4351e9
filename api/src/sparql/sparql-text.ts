/**
 * Small, dependency-free readings of SPARQL text the store adapters need: which form a query has,
 * where its prologue ends, whether it may be paged with LIMIT/OFFSET, plus N-Quads writing of
 * result terms and normalising a server's SPARQL JSON. The text itself comes from
 * `./sparql-builder.ts` (or from a researcher through the read-only endpoint).
 */
import { escapeString } from './sparql-builder.js';
import type { Bindings, BindingTerm } from './triple-store.js';

export type QueryForm = 'SELECT' | 'ASK' | 'CONSTRUCT' | 'DESCRIBE';

/**
 * Replaces the parts of a query that may contain arbitrary characters (string literals, IRIs,
 * comments) with neutral placeholders of the same length, so keywords and braces can be found.
 */
export function maskLiterals(text: string): string {
  return text.replace(
    /"""[^]*?"""|'''[^]*?'''|"(?:[^"\\\n\r]|\\.)*"|'(?:[^'\\\n\r]|\\.)*'|<[^<>"{}|^`\\\s]*>|#[^\n\r]*/g,
    (match) => (match.startsWith('#') ? ' '.repeat(match.length) : `${match[0]}${'_'.repeat(Math.max(0, match.length - 2))}${match.at(-1)}`),
  );
}

const prologuePattern = /^(?:\s+|#[^\n\r]*|BASE\s*<[^<>\s]*>|PREFIX\s*[A-Za-z0-9_.\-\u00C0-\uFFFF]*:\s*<[^<>\s]*>)*/i;

/** The query split into its prologue (BASE/PREFIX lines and comments) and the rest. */
export function splitPrologue(text: string): { prologue: string; body: string } {
  const prologue = prologuePattern.exec(text)?.[0] ?? '';
  return { prologue, body: text.slice(prologue.length) };
}

/** The query form (SELECT, ASK, CONSTRUCT, DESCRIBE), or null when the text starts with none of them. */
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
  const form = queryForm(maskLiterals(query));
  if (form !== 'CONSTRUCT' && form !== 'DESCRIBE') return mediaTypes.sparqlJson;
  const turtleAt = accept.indexOf(mediaTypes.turtle);
  const nTriplesAt = accept.indexOf(mediaTypes.nTriples);
  return nTriplesAt >= 0 && (turtleAt < 0 || nTriplesAt < turtleAt) ? mediaTypes.nTriples : mediaTypes.turtle;
}

/**
 * Whether a SELECT may be paged by appending `LIMIT n OFFSET k`: it ends with an ORDER BY clause
 * (after the last closing brace of its WHERE clause) and has no LIMIT, OFFSET or trailing VALUES.
 */
export function isPageable(text: string): boolean {
  const masked = maskLiterals(text);
  if (queryForm(masked) !== 'SELECT') return false;
  const lastBrace = masked.lastIndexOf('}');
  if (lastBrace < 0) return false;
  const tail = masked.slice(lastBrace + 1);
  return /^\s*(?:GROUP\s+BY\b[^{}]*?)?(?:HAVING\b[^{}]*?)?ORDER\s+BY\b[^{}]*$/i.test(tail) && !/\b(?:LIMIT|OFFSET)\b/i.test(tail);
}

/** The LIMIT of the outermost query (after the last closing brace), or null when it has none. */
export function outerLimit(text: string): number | null {
  const masked = maskLiterals(text);
  const match = /\bLIMIT\s+(\d+)/i.exec(masked.slice(masked.lastIndexOf('}') + 1));
  return match ? Number(match[1]) : null;
}

/** One page of an ORDER BY query, the standard way: `… ORDER BY ?x LIMIT n OFFSET k`. */
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
