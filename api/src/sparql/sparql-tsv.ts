import type { Bindings, BindingTerm } from './triple-store.js';

/**
 * SPARQL 1.1 Query Results TSV, read into the same bindings as SPARQL JSON. The embedded store
 * answers SELECTs this way: Oxigraph writes TSV faster than JSON, and writing a whole scheme's
 * answer is most of the tree endpoint's cold time.
 *
 * Each cell is one term in Turtle/N-Triples syntax, or empty when unbound; tabs and newlines inside
 * literals are escaped, so lines and cells split safely. Bare numbers and booleans are the
 * abbreviated xsd:integer, xsd:decimal, xsd:double and xsd:boolean literals.
 */
export function parseTsvResults(text: string): Bindings[] {
  const lines = text.split('\n');
  const names = lines[0]!.split('\t').map((name) => name.replace(/^[?$]/, ''));
  const rows: Bindings[] = [];
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index]!;
    if (line === '' && index === lines.length - 1) break;
    const cells = line.split('\t');
    const row: Bindings = {};
    for (let column = 0; column < names.length; column++) {
      const cell = cells[column];
      if (cell) row[names[column]!] = termOf(cell);
    }
    rows.push(row);
  }
  return rows;
}

const xsd = 'http://www.w3.org/2001/XMLSchema#';

function termOf(cell: string): BindingTerm {
  const first = cell.charCodeAt(0);
  if (first === 0x3c /* < */) return { type: 'uri', value: unescape(cell.slice(1, -1)) };
  if (first === 0x22 /* " */) {
    const end = cell.lastIndexOf('"');
    const term: BindingTerm = { type: 'literal', value: unescape(cell.slice(1, end)) };
    const suffix = cell.slice(end + 1);
    if (suffix.startsWith('@')) term['xml:lang'] = suffix.slice(1);
    else if (suffix.startsWith('^^<')) term.datatype = unescape(suffix.slice(3, -1));
    return term;
  }
  if (cell.startsWith('_:')) return { type: 'bnode', value: cell.slice(2) };
  if (cell === 'true' || cell === 'false') return { type: 'literal', value: cell, datatype: `${xsd}boolean` };
  if (/^[+-]?\d+$/.test(cell)) return { type: 'literal', value: cell, datatype: `${xsd}integer` };
  if (/^[+-]?\d*\.\d+$/.test(cell)) return { type: 'literal', value: cell, datatype: `${xsd}decimal` };
  if (/^[+-]?(\d+\.?\d*|\.\d+)[eE][+-]?\d+$/.test(cell)) return { type: 'literal', value: cell, datatype: `${xsd}double` };
  throw new Error(`Unreadable term in a TSV result: ${cell.slice(0, 80)}`);
}

const escapes: Record<string, string> = { t: '\t', b: '\b', n: '\n', r: '\r', f: '\f', '"': '"', "'": "'", '\\': '\\' };

function unescape(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))/g, (whole, u4: string | undefined, u8: string | undefined, char: string | undefined) => {
    if (u4 ?? u8) return String.fromCodePoint(parseInt((u4 ?? u8)!, 16));
    return escapes[char!] ?? whole;
  });
}
