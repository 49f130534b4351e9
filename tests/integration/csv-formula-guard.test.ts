import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import type { ConversionResult } from '../../shared/src/contracts/conversions.js';
import type { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

/**
 * The CSV files the app writes from what people or files wrote (a crosswalk import's refused
 * rows, the crosswalk CSV export, the conversion result) start no cell with a formula: each such
 * cell, headers included, is written with a leading apostrophe; a code that is a plain number
 * (HISCO's -1) stays as it is.
 */

const data = path.resolve(import.meta.dirname, '../../../shared/data');
const hyperlinkName = '=HYPERLINK("http://evil.example","click")';
/** A CSV cell holding the guarded name: quoted, as it holds quotes and commas. */
const guardedHyperlinkName = `"'=HYPERLINK(""http://evil.example"",""click"")"`;

let env: TestEnvironment;
let admin: HttpClient;

/** The cells of a CSV answer, and that none of them starts a formula. */
function cellsOf(text: string): string[][] {
  const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+@\t\r]|^-(?!\d+$)/);
  return rows;
}

beforeAll(async () => {
  env = await startTestEnvironment({ workers: true });
  for (const scheme of ['isco08', 'hisco'] as const) {
    await importScheme(env.app.schemes, { scheme, text: fs.readFileSync(path.join(data, `schemes/${scheme}.csv`), 'utf8'), format: 'csv', actorId: null });
  }
  admin = (await env.signIn('ada', 'admin')).client;
  // An ISCO-08 code renamed to a formula, linked to HISCO's -1.
  const { lookup } = (await (await admin.get('/api/schemes/isco08/tree')).json()) as { lookup: Record<string, { version: string }> };
  const renamed = await admin.request('PATCH', '/api/schemes/isco08/codes/1111', { json: { name: hyperlinkName }, headers: { 'if-match': `"${lookup['1111']!.version}"` } });
  expect(renamed.status, await renamed.clone().text()).toBe(200);
  const linked = await admin.post('/api/links', { sourceScheme: 'hisco', sourceNodeID: '-1', targetScheme: 'isco08', targetNodeID: '1111', relation: 'closeMatch' });
  expect(linked.status, await linked.clone().text()).toBe(204);
}, 300_000);
afterAll(async () => {
  await env?.close();
});

describe('CSV formula guard', () => {
  it("guards the cells a crosswalk import's refused rows echo from its file", async () => {
    const file = [
      'source_code,target_code,relation',
      '1112,-2,exactMatch',
      '"=HYPERLINK(""http://evil.example"",""x"")",-1,',
      "+cmd|' /C calc'!A0,-1,",
      '1111,@SUM(1),',
      '1111,-1,@SUM(1)',
      '1111,-99,',
    ].join('\n');
    const upload = await admin.upload('/api/crosswalks', 'hostile.csv', `${file}\n`, { source: 'isco08', target: 'hisco', relation: 'closeMatch' });
    expect(upload.status, await upload.clone().text()).toBe(202);
    const job = await waitForJob(admin, ((await upload.json()) as { jobId: string }).jobId, 120_000);
    expect(job.result).toMatchObject({ imported: 1, alreadyPresent: 0, refused: 5 });
    const refused = await (await admin.get(`/api/crosswalks/imports/${job.id}/refused.csv`)).text();
    expect(refused.split('\r\n')).toEqual([
      'line,source_code,target_code,relation,reason',
      `3,"'=HYPERLINK(""http://evil.example"",""x"")",-1,,unknown source code`,
      "4,'+cmd|' /C calc'!A0,-1,,unknown source code",
      "5,1111,'@SUM(1),,unknown target code",
      "6,1111,-1,'@SUM(1),bad relation",
      '7,1111,-99,,unknown target code',
      '',
    ]);
    cellsOf(refused);
  });

  it("guards a code's name in the crosswalk CSV export, and leaves HISCO's -1 as it is", async () => {
    const csv = await (await admin.get('/api/crosswalks/hisco/isco08?format=csv')).text();
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('source_code,target_code,relation,source_name,target_name');
    expect(lines).toContain(`-1,1111,closeMatch,"Missing, no title",${guardedHyperlinkName}`);
    cellsOf(csv);
  });

  it("guards a totals column's name in the conversion result's header, and a code's name in its rows", async () => {
    const totalsColumn = '=HYPERLINK("http://evil.example","x")';
    const created = await admin.post('/api/datasets', {
      data: [
        { title: 'no title given', code: '-1', totals: [3] },
        { title: 'weaver', code: '75220', totals: [4] },
      ],
      metadata: { title: 'Hostile census', titleColumn: 'title', codeColumn: 'code', scheme: 'hisco', totalsColumns: [totalsColumn] },
    });
    expect(created.status, await created.clone().text()).toBe(202);
    const dataset = (await created.json()) as { datasetId: string; jobId: string };
    expect((await waitForJob(admin, dataset.jobId, 120_000)).state).toBe('completed');
    const started = await admin.post(`/api/datasets/${dataset.datasetId}/conversions`, { targetScheme: 'isco08', targetDepth: 'max' });
    expect(started.status, await started.clone().text()).toBe(202);
    const conversion = (await started.json()) as { conversionId: string; jobId: string };
    expect((await waitForJob(admin, conversion.jobId, 120_000)).state).toBe('completed');
    const result = (await (await admin.get(`/api/conversions/${conversion.conversionId}/result?format=json`)).json()) as ConversionResult;
    expect(result.conversion.totalsColumns).toEqual([totalsColumn]);

    const csv = await (await admin.get(`/api/conversions/${conversion.conversionId}/result?format=csv`)).text();
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(`target_code,target_name,occurrences,"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(lines[1]).toBe(`1111,${guardedHyperlinkName},1,3`);
    expect(cellsOf(csv)[0]![3]).toBe(`'${totalsColumn}`);
  });
});
