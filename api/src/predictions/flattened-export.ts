import { codeCell, type CsvCell } from '@og/shared/domain/csv-writer';
import type { ExportedEntry } from '../db/queries/prediction-entry-pages.js';
import { contextCell } from './entry-context.js';

/**
 * The 'Flattened' export (SPEC §2 Export menus): a CSV with one row per entry and chosen
 * URI, the URIs chosen among the predictions first, then those chosen in the tree, each once; an
 * entry with no URI chosen is one row with the URI columns empty. Written by the shared CSV writer
 * (RFC 4180, every text cell guarded against formula injection), UTF-8; a guarded cell no longer
 * reads back as the text itself: the Nested export is the exact one.
 *
 * Columns: [prediction_set] string [occurrences totals…] uri scheme code name source confidence
 * tags mapped_by mapped_at [kept columns…]. `prediction_set` (the set's name) only in a dataset's export; the
 * occurrences and one column per totals column (named as the dataset's metadata names them) only
 * for sets of a dataset (a standalone set has none).
 */

export interface FlattenedLayout {
  /** A dataset's export: each row starts with its set's name. */
  withSetName: boolean;
  /** The dataset's totals columns; null for a standalone set (no occurrences or totals columns). */
  totalsColumns: string[] | null;
  /** The columns the sets kept from their files (year, source, reference codes…), after the standard columns; each cell their values, most frequent first. */
  contextColumns?: string[];
}

/** What the export says of a code: its label ('Occupation code') and name; null when its scheme has no such code. */
export type CodeLookup = (uri: string) => { label: string; name: string } | null;

export function flattenedHeader(layout: FlattenedLayout): string[] {
  return [
    ...(layout.withSetName ? ['prediction_set'] : []),
    'string',
    ...(layout.totalsColumns ? ['occurrences', ...layout.totalsColumns] : []),
    'uri',
    'scheme',
    'code',
    'name',
    'source',
    'confidence',
    'tags',
    'mapped_by',
    'mapped_at',
    ...contextHeader(layout),
  ];
}

/** A kept column's header: its name, marked when a standard column has it already. */
function contextHeader(layout: FlattenedLayout): string[] {
  const standard = new Set(['prediction_set', 'string', 'occurrences', ...(layout.totalsColumns ?? []), 'uri', 'scheme', 'code', 'name', 'source', 'confidence', 'tags', 'mapped_by', 'mapped_at']);
  return (layout.contextColumns ?? []).map((column) => (standard.has(column) ? `context_${column}` : column));
}

/** The highest confidence of any prediction naming the URI, or null when none does (a code chosen in the tree only). */
function confidenceOf(entry: ExportedEntry, uri: string): number | null {
  let best: number | null = null;
  for (const prediction of entry.predictions) {
    if (prediction.uris.includes(uri) && prediction.conf !== null && (best === null || prediction.conf > best)) best = prediction.conf;
  }
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
export function flattenedRows(entry: ExportedEntry, layout: FlattenedLayout, codeOf: CodeLookup, setName = ''): CsvCell[][] {
  const head: CsvCell[] = [
    ...(layout.withSetName ? [setName] : []),
    entry.string,
    ...(layout.totalsColumns ? [entry.occurrences, ...layout.totalsColumns.map((_, index) => entry.totals[index])] : []),
  ];
  const tail: CsvCell[] = [entry.tags.join('; '), entry.mapped_by, entry.mapped_at?.toISOString(), ...(layout.contextColumns ?? []).map((column) => contextCell(entry.context, column))];
  const chosen = chosenUris(entry);
  if (chosen.length === 0) return [[...head, '', '', '', '', '', '', ...tail]];
  return chosen.map(({ uri, source }) => {
    const colon = uri.indexOf(':');
    const code = codeOf(uri);
    const confidence = confidenceOf(entry, uri);
    // A scheme's own code label stays as it is when a plain number (HISCO's -1); a code its scheme lacks is shown as written, which anyone saving a mapping may have written.
    const label = code ? codeCell(code.label) : uri.slice(colon + 1);
    return [...head, uri, uri.slice(0, colon), label, code?.name, source, confidence, ...tail];
  });
}
