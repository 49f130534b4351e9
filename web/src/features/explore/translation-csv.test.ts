import type { TranslateResult } from '@og/shared/contracts/public';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { shareText, translationCsv, translationFileName } from './translation-csv';

const result: TranslateResult = {
  from: 'esco',
  to: 'isco08',
  codes: [
    {
      code: '36494988-69d2-4420-9db4-eb56605ac983',
      name: 'advanced nurse practitioner',
      status: 'translated',
      targets: [
        { code: '2221', name: 'Nursing Professionals', relation: 'closeMatch', path: 'direct', via: null, weight: 0.6471 },
        { code: '3221', name: 'Nursing Associate Professionals', relation: null, path: 'two-hop', via: null },
        { code: '2222', name: 'Midwifery Professionals', relation: 'broadMatch', path: 'direct', via: '2221.1', weight: 1 },
      ],
    },
    { code: '=HYPERLINK("http://evil")', name: null, status: 'unknown', targets: [] },
    { code: '-1', name: '+danger, "quoted"', status: 'no-link', targets: [] },
  ],
};

describe('translationCsv', () => {
  const text = translationCsv(result);
  const rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

  it('has the columns, one row per target, and one row with empty targets for a code not translated', () => {
    expect(text.startsWith('\uFEFFsource_code,source_name,status,target_code,target_name,relation,path,via,weight\r\n')).toBe(true);
    expect(rows).toEqual([
      ['source_code', 'source_name', 'status', 'target_code', 'target_name', 'relation', 'path', 'via', 'weight'],
      ['36494988-69d2-4420-9db4-eb56605ac983', 'advanced nurse practitioner', 'translated', '2221', 'Nursing Professionals', 'closeMatch', 'direct', '', '0.6471'],
      ['36494988-69d2-4420-9db4-eb56605ac983', 'advanced nurse practitioner', 'translated', '3221', 'Nursing Associate Professionals', '', 'two-hop', '', ''],
      ['36494988-69d2-4420-9db4-eb56605ac983', 'advanced nurse practitioner', 'translated', '2222', 'Midwifery Professionals', 'broadMatch', 'direct', '2221.1', '1'],
      [`'=HYPERLINK("http://evil")`, '', 'unknown', '', '', '', '', '', ''],
      ["'-1", `'+danger, "quoted"`, 'no-link', '', '', '', '', '', ''],
    ]);
  });

  it('writes a weight as a plain decimal share, even a tiny one', () => {
    expect([0.6471, 1, 0.0001, 1e-7, 2.5e-9, 3.14159e-12].map(shareText)).toEqual(['0.6471', '1', '0.0001', '0.0000001', '0.0000000025', '0.00000000000314159']);
  });

  it('writes no cell a spreadsheet would run as a formula', () => {
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('names the file after both schemes', () => {
    expect(translationFileName(result)).toBe('translation-esco-to-isco08.csv');
  });
});
