import Papa from 'papaparse';
import type { ExportedEntry } from './entry-pages.js';

/**
 * The 'Flattened' export (SPEC §2 Export menus; issue 11): a CSV with one row per entry and chosen
 * URI, the URIs chosen among the predictions first, then those chosen in the tree, each once; an
 * entry with no URI chosen is one row with the URI columns empty. RFC 4180 (papaparse: quotes
 * around any cell with a comma, quote or line break, quotes doubled; CRLF line ends), UTF-8.
 *
 * Columns: [prediction_set] string [occurrences totals…] uri scheme code name source confidence
 * tags mapped_by mapped_at. `prediction_set` (the set's name) only in a dataset's export; the
 * occurrences and one column per totals column (named as the dataset's metadata names them) only
 * for sets of a dataset (a standalone set has none).
 */

export interface FlattenedLayout {
  /** A dataset's export: each row starts with its set's name. */
  withSetName: boolean;
  /** The dataset's totals columns; null for a standalone set (no occurrences or totals columns). */
  totalsColumns: string[] | null;
}

/** What the export says of a code: its label ('Occupation code') and name; null when its scheme has no such code. */
export type CodeLookup = (uri: string) => { label: string; name: string } | null;

/**
 * Cells a spreadsheet would take for a formula start with one of these (OWASP's CSV injection
 * list: =, +, -, @, and tab and carriage return, which some spreadsheets skip before one).
 */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * Guards a cell of free text against formula injection (`=cmd|' /C calc'!A0` opening a program
 * when the file is opened in Excel): a leading `'` makes the spreadsheet show the text as text.
 * Only the string and name columns, the cells people or files wrote (the title, a code's name,
 * the set's name, the totals columns' names, a username, a code its scheme lacks as written), are
 * guarded: the other cells are ours (URIs starting with their scheme, numbers, tags from a fixed
 * list, dates), and a scheme's own code labels must stay as they are (HISCO's `-1`, `-2`, `-3`).
 * A guarded cell no longer reads back as the text itself; the Nested export is the exact one.
 */
export function guardFormula(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

export function flattenedHeader(layout: FlattenedLayout): string[] {
  return [
    ...(layout.withSetName ? ['prediction_set'] : []),
    'string',
    ...(layout.totalsColumns ? ['occurrences', ...layout.totalsColumns.map(guardFormula)] : []),
    'uri',
    'scheme',
    'code',
    'name',
    'source',
    'confidence',
    'tags',
    'mapped_by',
    'mapped_at',
  ];
}

/** The highest confidence of any prediction naming the URI, or null when none does (a code chosen in the tree only). */
function confidenceOf(entry: ExportedEntry, uri: string): number | null {
  let best: number | null = null;
  for (const prediction of entry.predictions) if (prediction.uris.includes(uri) && (best === null || prediction.conf > best)) best = prediction.conf;
  return best;
}

/** The chosen URIs, each once, with where it was chosen: among the predictions, in the tree, or both ('prediction; tree'). */
function chosenUris(entry: ExportedEntry): { uri: string; source: string }[] {
  const chosen = new Map<string, string[]>();
  for (const uri of entry.prediction_uris) chosen.set(uri, ['prediction']);
  for (const uri of entry.node_uris) {
    const sources = chosen.get(uri);
    if (!sources) chosen.set(uri, ['tree']);
    else if (!sources.includes('tree')) sources.push('tree');
  }
  return [...chosen].map(([uri, sources]) => ({ uri, source: sources.join('; ') }));
}

/** An entry's rows: one per chosen URI, or one with the URI columns empty. */
export function flattenedRows(entry: ExportedEntry, layout: FlattenedLayout, codeOf: CodeLookup, setName = ''): string[][] {
  const head = [
    ...(layout.withSetName ? [guardFormula(setName)] : []),
    guardFormula(entry.string),
    ...(layout.totalsColumns ? [String(entry.occurrences), ...layout.totalsColumns.map((_, index) => (entry.totals[index] === undefined ? '' : String(entry.totals[index])))] : []),
  ];
  const tail = [entry.tags.join('; '), guardFormula(entry.mapped_by ?? ''), entry.mapped_at ? entry.mapped_at.toISOString() : ''];
  const chosen = chosenUris(entry);
  if (chosen.length === 0) return [[...head, '', '', '', '', '', '', ...tail]];
  return chosen.map(({ uri, source }) => {
    const colon = uri.indexOf(':');
    const code = codeOf(uri);
    const confidence = confidenceOf(entry, uri);
    // A code its scheme lacks is shown as written, which anyone saving a mapping may have written: guarded.
    const label = code ? code.label : guardFormula(uri.slice(colon + 1));
    return [...head, uri, uri.slice(0, colon), label, guardFormula(code?.name ?? ''), source, confidence === null ? '' : String(confidence), ...tail];
  });
}

/** Rows as CSV text, each line ended by CRLF (RFC 4180), to be written one after another. */
export function csvLines(rows: string[][]): string {
  return rows.length ? `${Papa.unparse(rows, { header: false, newline: '\r\n' })}\r\n` : '';
}

/** Excel reads a CSV as UTF-8 only when it starts with a byte-order mark. */
export const utf8Bom = '\uFEFF';
