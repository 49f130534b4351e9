/**
 * The one place SPARQL text is made. Values enter only as terms made here: `iri()` checks an
 * IRI, `literal()` escapes a string, `integer()` checks a number, and `sparql` (a template tag)
 * accepts nothing but such terms and fragments built by itself. A raw string interpolated into
 * a query is a programming error and throws, so user input can never be read as SPARQL.
 */

const termBrand: unique symbol = Symbol('sparql-term');

export interface SparqlFragment {
  readonly [termBrand]: true;
  readonly text: string;
}

function fragment(text: string): SparqlFragment {
  return { [termBrand]: true, text };
}

export function isFragment(value: unknown): value is SparqlFragment {
  return typeof value === 'object' && value !== null && termBrand in value;
}

export const prefixes = {
  skos: 'http://www.w3.org/2004/02/skos/core#',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  dcterms: 'http://purl.org/dc/terms/',
} as const;

// IRIREF of SPARQL 1.1: no spaces, no control characters, none of <>"{}|^`\ .
// eslint-disable-next-line no-control-regex
const iriPattern = /^[a-z][a-z0-9+.-]*:[^\u0000-\u0020<>"{}|^`\\]*$/i;

export class SparqlValueError extends Error {}

/** An absolute IRI, checked: `<...>`. */
export function iri(value: string): SparqlFragment {
  if (!iriPattern.test(value)) throw new SparqlValueError(`Not an absolute IRI: ${JSON.stringify(value).slice(0, 200)}`);
  return fragment(`<${value}>`);
}

/** Escapes a string for a SPARQL (and N-Triples) quoted literal body. */
export function escapeString(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    switch (char) {
      case '\\': out += '\\\\'; break;
      case '"': out += '\\"'; break;
      case '\n': out += '\\n'; break;
      case '\r': out += '\\r'; break;
      case '\t': out += '\\t'; break;
      case '\b': out += '\\b'; break;
      case '\f': out += '\\f'; break;
      default:
        if (code < 0x20 || code === 0x7f || (code >= 0xd800 && code <= 0xdfff)) out += `\\u${code.toString(16).padStart(4, '0')}`;
        else out += char;
    }
  }
  return out;
}

/** A plain string literal, optionally with a language tag: `"..."` or `"..."@en`. */
export function literal(value: string, language?: string): SparqlFragment {
  if (typeof value !== 'string') throw new SparqlValueError('A literal must be a string');
  if (language !== undefined && !/^[a-z]{2,8}(-[a-z0-9]{1,8})*$/i.test(language)) throw new SparqlValueError(`Bad language tag: ${language}`);
  return fragment(`"${escapeString(value)}"${language ? `@${language}` : ''}`);
}

/** A safe integer: `42`. */
export function integer(value: number): SparqlFragment {
  if (!Number.isSafeInteger(value)) throw new SparqlValueError(`Not a safe integer: ${value}`);
  return fragment(String(value));
}

/** A variable name: `?name`. */
export function variable(name: string): SparqlFragment {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new SparqlValueError(`Bad variable name: ${name}`);
  return fragment(`?${name}`);
}

/** Fragments joined by a separator (e.g. a VALUES list or several triples). */
export function join(parts: readonly SparqlFragment[], separator: ' ' | '\n' | ', ' | ' .\n' = ' '): SparqlFragment {
  for (const part of parts) if (!isFragment(part)) throw new SparqlValueError('join() takes SPARQL fragments only');
  return fragment(parts.map((part) => part.text).join(separator));
}

/**
 * The template tag: `sparql\`SELECT ?s WHERE { ?s skos:notation ${literal(code)} }\``.
 * Interpolations must be fragments made by this module.
 */
export function sparql(strings: TemplateStringsArray, ...values: SparqlFragment[]): SparqlFragment {
  let text = strings[0]!;
  values.forEach((value, index) => {
    if (!isFragment(value)) throw new SparqlValueError(`A raw value was interpolated into SPARQL: ${String(value).slice(0, 80)}`);
    text += value.text + strings[index + 1]!;
  });
  return fragment(text);
}

/** The PREFIX lines for the prefixes above, to put before a query. */
export const prefixDeclarations = fragment(
  Object.entries(prefixes)
    .map(([name, namespace]) => `PREFIX ${name}: <${namespace}>`)
    .join('\n'),
);

/** Finishes a query or update: prefixes plus body, as the string the store takes. */
export function toQueryText(body: SparqlFragment): string {
  if (!isFragment(body)) throw new SparqlValueError('toQueryText() takes a SPARQL fragment');
  return `${prefixDeclarations.text}\n${body.text}`;
}

/** One N-Triples line: `<s> <p> <o> .` (o an IRI or a literal fragment). */
export function ntriple(subject: SparqlFragment, predicate: SparqlFragment, object: SparqlFragment): string {
  return `${subject.text} ${predicate.text} ${object.text} .`;
}
