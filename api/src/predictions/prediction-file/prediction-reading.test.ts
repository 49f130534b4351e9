import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PredictionReading } from '@og/shared/contracts/prediction-reading';
import { PredictionFileError } from './prediction-file-error.js';
import { openPredictionFile, type PredictedEntry, readFileStart } from './prediction-file.js';
import { proposeReading } from './prediction-reading.js';

const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'og-prediction-reading-'));
afterAll(() => fs.rmSync(tempDir, { recursive: true, force: true }));

let written = 0;
function writeFile(content: string): string {
  const file = path.join(tempDir, `file-${++written}.csv`);
  fs.writeFileSync(file, content);
  return file;
}

async function read(content: string, reading: PredictionReading | null = null) {
  const opened = await openPredictionFile(writeFile(content), { reading });
  const entries: PredictedEntry[] = [];
  const written: (string[] | undefined)[] = [];
  for await (const entry of opened.entries) {
    // The codes as written are checked on their own below.
    entries.push({ ...entry, predictions: entry.predictions.map(({ written: codes, ...prediction }) => (written.push(codes), prediction)) });
  }
  return { format: opened.format, reading: opened.reading, entries, written, summary: opened.summary() };
}

async function proposal(content: string, schemeOfCodes?: (codes: string[]) => 'hisco' | null) {
  const start = await readFileStart(writeFile(content), 200);
  if (start.json) throw new Error('expected a table');
  return proposeReading(start.header, start.sample, schemeOfCodes);
}

/**
 * OccCANINE's evaluation layout: a title's gold occupations in hisco_1…, the model's in
 * hisco_pred{k}_{j} (occupation k of answer j), no probabilities.
 */
const evaluation = [
  'RowID,occ1,lang,Year,hisco_1,hisco_2,hisco_pred1_0,hisco_pred2_0,hisco_pred1_1',
  '17,skomager,da,1880,80110,,80110,,80120',
  '18,farmer og kromand,da,1881,61110,51030,61110,51030,',
  '19,skomager,da,1885,80110,,80110,,',
  '20,,da,1885,,,,,',
].join('\n');

describe('reading a prediction file by its columns', () => {
  it("recognises OccCANINE's evaluation layout and reads it without a reading: no confidences, the gold codes and other columns kept", async () => {
    const found = await proposal(evaluation);
    expect(found.layout).toBe('occcanine-eval');
    expect(found.reading).toEqual({
      layout: 'columns',
      title: 'occ1',
      codes: [
        { column: 'hisco_pred1_0', confidence: null, answer: 0 },
        { column: 'hisco_pred2_0', confidence: null, answer: 0 },
        { column: 'hisco_pred1_1', confidence: null, answer: 1 },
      ],
      scheme: 'hisco',
      firstConfidence: null,
      language: 'lang',
      context: ['RowID', 'Year'],
      reference: ['hisco_1', 'hisco_2'],
    });

    const { format, entries, summary } = await read(evaluation);
    expect(format).toBe('occcanine-eval');
    expect(summary).toMatchObject({ rows: 4, emptyTitles: 1 });
    expect(entries).toEqual([
      {
        line: 2,
        string: 'skomager',
        predictions: [
          { uris: ['hisco:80110'], conf: null, column: 'hisco_pred1_0' },
          { uris: ['hisco:80120'], conf: null, column: 'hisco_pred1_1' },
        ],
        language: 'da',
        context: { RowID: '17', Year: '1880', hisco_1: '80110' },
      },
      // The occupations of one answer are one prediction.
      {
        line: 3,
        string: 'farmer og kromand',
        predictions: [{ uris: ['hisco:61110', 'hisco:51030'], conf: null, column: 'hisco_pred1_0' }],
        language: 'da',
        context: { RowID: '18', Year: '1881', hisco_1: '61110', hisco_2: '51030' },
      },
      { line: 4, string: 'skomager', predictions: [{ uris: ['hisco:80110'], conf: null, column: 'hisco_pred1_0' }], language: 'da', context: { RowID: '19', Year: '1885', hisco_1: '80110' } },
    ]);
  });

  it("gives the first-ranked code the confidence the reading gives, and the others none", async () => {
    const reading = (await proposal(evaluation)).reading!;
    const { entries } = await read(evaluation, { ...reading, firstConfidence: 0.8, context: [], reference: [] });
    expect(entries[0]!.predictions.map((prediction) => prediction.conf)).toEqual([0.8, null]);
    expect(entries[0]!.context).toBeUndefined();
  });

  it('proposes a reading of a table of no known layout by its columns, and reads it so', async () => {
    const table = ['Parish;Beroep;Code;Score;Taal', 'Leiden;smid;83110;0.93;nl', 'Delft;boerenknecht;62105;0.4;nl'].join('\n');
    const found = await proposal(table, (codes) => (codes.every((code) => /^\d{5}$/.test(code)) ? 'hisco' : null));
    expect(found.layout).toBe('columns');
    expect(found.reading).toMatchObject({ title: 'Beroep', codes: [{ column: 'Code', confidence: 'Score' }], scheme: 'hisco', language: 'Taal', context: ['Parish'] });
    const { entries, written } = await read(table.replace('83110', '3110'), found.reading);
    expect(entries[0]!.predictions[0]!.uris).toEqual(['hisco:03110']);
    expect(written[0]).toEqual(['3110']);
    expect(entries[1]).toEqual({ line: 3, string: 'boerenknecht', predictions: [{ uris: ['hisco:62105'], conf: 0.4, column: 'Code' }], language: 'nl', context: { Parish: 'Delft' } });
  });

  it("reads OccCANINE's wide layout by a reading as it reads it without one, with the model input's language", async () => {
    const wide = 'row,inputs,hisco_1,prob_1,desc_1,hisco_2,prob_2,desc_2\n0,da[SEP]smed,83110,0.9,Smith,,,No pred\n1,en[SEP]nobody,-1,,No pred,,,No pred\n';
    const plain = await read(wide);
    const found = await proposal(wide);
    expect(found.layout).toBe('occcanine-wide');
    expect(found.reading).toMatchObject({ layout: 'occcanine-wide', title: 'inputs', codes: [{ column: 'hisco_1', confidence: 'prob_1' }, { column: 'hisco_2', confidence: 'prob_2' }], context: ['row'] });
    const byReading = await read(wide, found.reading);
    expect(byReading.entries.map(({ string, predictions }) => ({ string, predictions }))).toEqual(plain.entries.map(({ string, predictions }) => ({ string, predictions })));
    expect(byReading.entries[0]).toMatchObject({ language: 'da', context: { row: '0' } });
  });

  it('fails naming the line and the column of a confidence outside 0 to 1, and a column the header lacks', async () => {
    const table = 'title,code,p\nsmith,83110,0.5\nweaver,75400,1.7\n';
    const reading: PredictionReading = { layout: 'columns', title: 'title', codes: [{ column: 'code', confidence: 'p' }], scheme: 'hisco', firstConfidence: null, language: null, context: [], reference: [] };
    await expect(read(table, reading)).rejects.toThrow(new PredictionFileError(3, "column p: '1.7' is not a probability from 0 to 1."));
    await expect(read(table, { ...reading, context: ['Year'] })).rejects.toThrow(/^Line 1: the reading names the column 'Year', which the header does not have/);
  });
});
