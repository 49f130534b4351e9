import Papa from 'papaparse';
import { type CsvCell, csvLines } from '@og/shared/domain/csv-writer';
import { describe, expect, it } from 'vitest';
import type { ExportedEntry } from '../db/queries/prediction-entry-pages.js';
import { flattenedHeader, flattenedRows } from './flattened-export.js';
import { exportFileName } from './prediction-export.js';

const entry = (overrides: Partial<ExportedEntry> = {}): ExportedEntry => ({
  position: 1,
  string: 'smith',
  predictions: [
    { uris: ['hisco:83110', 'hisco:83120'], conf: 0.8 },
    { uris: ['hisco:83110'], conf: 0.6 },
  ],
  occurrences: 3,
  totals: [2, 1],
  node_uris: [],
  prediction_uris: [],
  tags: [],
  mapped_by: null,
  mapped_at: null,
  ...overrides,
});
const codes: Record<string, { label: string; name: string }> = {
  'hisco:83110': { label: '83110', name: 'Blacksmith, General' },
  'hisco:-1': { label: '-1', name: '=HYPERLINK("http://x")' },
};
const codeOf = (uri: string) => codes[uri] ?? null;
/** Rows as the file holds them: written by the CSV writer and read back. */
const written = (rows: CsvCell[][]) => Papa.parse<string[]>(csvLines(rows).slice(0, -2), { newline: '\r\n' }).data;

describe('the Flattened export', () => {
  it('names its columns after the layout: set name for a dataset, occurrences and totals for a dataset’s sets', () => {
    expect(written([flattenedHeader({ withSetName: false, totalsColumns: null })])[0]).toEqual(['string', 'uri', 'scheme', 'code', 'name', 'source', 'confidence', 'tags', 'mapped_by', 'mapped_at']);
    expect(written([flattenedHeader({ withSetName: true, totalsColumns: ['men', '=women'] })])[0]!.slice(0, 5)).toEqual(['prediction_set', 'string', 'occurrences', 'men', "'=women"]);
  });

  it('writes one row per chosen URI, each once, with where it was chosen and the best confidence of a prediction naming it', () => {
    const at = new Date('2025-01-02T03:04:05.000Z');
    const rows = written(
      flattenedRows(
        entry({ prediction_uris: ['hisco:83110'], node_uris: ['hisco:-1', 'hisco:83110', 'hisco:99999'], tags: ['Master', 'Part-time'], mapped_by: 'rhea', mapped_at: at }),
        { withSetName: false, totalsColumns: ['men', 'women', 'children'] },
        codeOf,
      ),
    );
    const tail = ['Master; Part-time', 'rhea', '2025-01-02T03:04:05.000Z'];
    expect(rows).toEqual([
      ['smith', '3', '2', '1', '', 'hisco:83110', 'hisco', '83110', 'Blacksmith, General', 'prediction; tree', '0.8', ...tail],
      // A scheme's own code label stays as it is; a name that would be a formula is guarded.
      ['smith', '3', '2', '1', '', 'hisco:-1', 'hisco', '-1', '\'=HYPERLINK("http://x")', 'tree', '', ...tail],
      // A code its scheme lacks: shown as written, no name.
      ['smith', '3', '2', '1', '', 'hisco:99999', 'hisco', '99999', '', 'tree', '', ...tail],
    ]);
  });

  it('writes an unmapped entry as one row with the URI columns empty', () => {
    expect(written(flattenedRows(entry({ string: '-2 weavers' }), { withSetName: true, totalsColumns: null }, codeOf, '@set'))).toEqual([["'@set", "'-2 weavers", '', '', '', '', '', '', '', '', '']]);
  });

  it('names the file after the set or dataset, without characters a file system refuses', () => {
    expect(exportFileName('parish registers', 'flattened')).toBe('parish registers (flattened).csv');
    expect(exportFileName('a/b: "c"?\n', 'nested')).toBe('a b c (nested).json');
    expect(exportFileName('../..', 'nested')).toBe('predictions (nested).json');
  });
});
