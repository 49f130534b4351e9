import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import type { JobRun } from '../../shared/src/contracts/jobs.js';
import type { PredictionPreview, PredictionReading } from '../../shared/src/contracts/prediction-reading.js';
import type { NestedExportEntry, PredictionEntryAnswer, PredictionSetDetail, SearchOptions } from '../../shared/src/contracts/predictions.js';
import type { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

/**
 * Issue 28: prediction files of any layout go in through the column-mapping step's API (the
 * preview's reading, sent back with the file), keep their context columns, may have no
 * confidences, and bad files are refused with the line and the column.
 */

const data = path.resolve(import.meta.dirname, '../../../shared/data');

let env: TestEnvironment;
let reviewer: HttpClient;

beforeAll(async () => {
  env = await startTestEnvironment({ workers: true });
  for (const scheme of ['hisco', 'isco08'] as const) {
    await importScheme(env.app.schemes, { scheme, text: fs.readFileSync(path.join(data, `schemes/${scheme}.csv`), 'utf8'), format: 'csv', actorId: null });
  }
  reviewer = (await env.signIn('rhea', 'member')).client;
}, 180_000);
afterAll(async () => {
  await env?.close();
});

/**
 * A small file in OccCANINE's evaluation layout, with real HISCO codes: a title's gold occupations
 * in hisco_k, the model's occupation k of its answer j in hisco_pred{k}_{j}, no probabilities.
 */
const evaluationRows = [
  ['RowID', 'occ1', 'lang', 'Year', 'hisco_1', 'hisco_2', 'hisco_pred1_0', 'hisco_pred2_0', 'hisco_pred1_1', 'hisco_pred1_2'],
  ['1', 'skomager', 'da', '1880', '80110', '', '80110', '', '80120', ''],
  ['2', 'farmer', 'en', '1881', '61110', '', '61110', '', '', ''],
  ['3', 'smed og kromand', 'da', '1880', '83110', '51030', '83110', '51030', '83120', '87340'],
  ['4', 'skomager', 'da', '1885', '80110', '', '80110', '', '', ''],
  ['5', 'hans kone', 'da', '1880', '-1', '', '-1', '', '', ''],
  ['6', 'daglejer', 'da', '1901', '99910', '', '99910', '', '', ''],
];

/** A row's answers as the file gives them: per answer j, its occupations' codes. */
function fileAnswers(cells: string[]): string[][] {
  const header = evaluationRows[0]!;
  const answers = new Map<string, string[]>();
  header.forEach((name, column) => {
    const match = /^hisco_pred(\d+)_(\d+)$/.exec(name);
    if (!match || !cells[column]) return;
    answers.set(match[2]!, [...(answers.get(match[2]!) ?? []), cells[column]!]);
  });
  return [...answers.entries()].sort((a, b) => Number(a[0]) - Number(b[0])).map(([, codes]) => codes);
}
const evaluationFile = Papa.unparse(evaluationRows);

async function preview(fileName: string, content: string, reading?: PredictionReading): Promise<PredictionPreview> {
  const response = await reviewer.upload('/api/predictions/preview', fileName, content, reading ? { reading: JSON.stringify(reading) } : {});
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as PredictionPreview;
}

async function importFile(fileName: string, content: string, reading?: PredictionReading | null): Promise<{ setId: string; job: JobRun }> {
  const response = await reviewer.upload('/api/predictions', fileName, content, reading ? { reading: JSON.stringify(reading) } : {});
  expect(response.status, await response.clone().text()).toBe(202);
  const accepted = (await response.json()) as { predictionSetId: string; jobId: string };
  return { setId: accepted.predictionSetId, job: await waitForJob(reviewer, accepted.jobId, 120_000) };
}

async function stored(setId: string) {
  return (
    await env.app.db.query<{ string: string; predictions: { uris: string[]; conf: number | null }[]; best_conf: number; context: Record<string, [string, number][]> | null }>(
      'SELECT string, predictions, best_conf, context FROM prediction_entries WHERE set_id = $1 ORDER BY position',
      [setId],
    )
  ).rows;
}

async function entry(setId: string, string: string): Promise<PredictionEntryAnswer> {
  const response = await reviewer.get(`/api/prediction-sets/${setId}/entries/${encodeURIComponent(string)}?threshold=0.75&filter=all`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as PredictionEntryAnswer;
}

describe('prediction files through the column-mapping step', () => {
  it("previews OccCANINE's evaluation layout, imports it with the proposed reading, and stores what the file says", async () => {
    const shown = await preview('eval.csv', evaluationFile);
    expect(shown.layout).toBe('occcanine-eval');
    expect(shown.reading).toMatchObject({
      title: 'occ1',
      codes: [
        { column: 'hisco_pred1_0', confidence: null, answer: 0 },
        { column: 'hisco_pred2_0', confidence: null, answer: 0 },
        { column: 'hisco_pred1_1', confidence: null, answer: 1 },
        { column: 'hisco_pred1_2', confidence: null, answer: 2 },
      ],
      scheme: 'hisco',
      language: 'lang',
      context: ['RowID', 'Year'],
      reference: ['hisco_1', 'hisco_2'],
    });
    expect(shown.scheme).toBe('hisco');
    expect(shown.schemeShare).toBe(1);
    expect(shown.problems).toEqual([]);
    expect(shown.entries).toHaveLength(6);
    expect(shown.entries[2]).toEqual({
      line: 4,
      string: 'smed og kromand',
      predictions: [{ uris: ['hisco:83110', 'hisco:51030'], conf: null }, { uris: ['hisco:83120'], conf: null }, { uris: ['hisco:87340'], conf: null }],
      language: 'da',
      context: { RowID: '3', Year: '1880', hisco_1: '83110', hisco_2: '51030' },
    });

    const { setId, job } = await importFile('eval.csv', evaluationFile, shown.reading);
    expect(job.state, job.error ?? '').toBe('completed');
    expect(job.result).toMatchObject({ format: 'columns', rows: 6, entries: 5 });
    // Compared with the file, read independently: each title's answers in rank order (the rows of a title merged), no confidence.
    const entries = await stored(setId);
    expect(entries.map((row) => row.string)).toEqual(['skomager', 'farmer', 'smed og kromand', 'hans kone', 'daglejer']);
    for (const row of entries) {
      const answers = evaluationRows.slice(1).filter((cells) => cells[1] === row.string).flatMap(fileAnswers);
      const distinct = [...new Map(answers.map((codes) => [codes.join(' '), codes])).values()];
      expect(row.predictions).toEqual(distinct.map((codes) => ({ uris: codes.map((code) => `hisco:${code}`), conf: null })));
      expect(row.best_conf).toBe(-1);
    }
    expect(entries[0]!.context).toEqual({ RowID: [['1', 1], ['4', 1]], Year: [['1880', 1], ['1885', 1]], hisco_1: [['80110', 2]], '@language': [['da', 2]] });

    // The set says it has no confidences; every entry is below any threshold, none is accepted in bulk.
    const summary = (await (await reviewer.get(`/api/prediction-sets/${setId}/summary`)).json()) as PredictionSetDetail;
    expect(summary.predictionSet.confidences).toEqual({ source: 'none', given: null });
    const counts = (await (await reviewer.get(`/api/prediction-sets/${setId}?threshold=0`)).json()) as { totalBelowThreshold: number };
    expect(counts.totalBelowThreshold).toBe(5);

    // The review shows the context, the reference code with its name, and the language from the file.
    const answer = await entry(setId, 'skomager');
    expect(answer.predictionEntry.language).toBe('da');
    expect(answer.predictionEntry.context).toEqual([
      { column: 'RowID', kind: 'context', values: [{ value: '1', count: 1 }, { value: '4', count: 1 }] },
      { column: 'Year', kind: 'context', values: [{ value: '1880', count: 1 }, { value: '1885', count: 1 }] },
      { column: 'hisco_1', kind: 'reference', values: [{ value: '80110', count: 2, uri: 'hisco:80110' }] },
    ]);
    expect(answer.nodeDetails['hisco:80110']?.name).toBeTruthy();
    expect(answer.predictionEntry.predictions[0]).toEqual({ uris: ['hisco:80110'], conf: null });

    // The entry search finds entries by their kept columns too.
    const search = async (q: string) => ((await (await reviewer.get(`/api/prediction-sets/${setId}/_search?q=${q}&threshold=0.75&filter=all`)).json()) as SearchOptions).options;
    expect((await search('1901')).map((option) => option.string)).toEqual(['daglejer']);
    expect((await search('kromand')).map((option) => [option.string, option.bestConf])).toEqual([['smed og kromand', null]]);

    // Both exports carry the kept columns.
    const flattened = Papa.parse<string[]>((await (await reviewer.get(`/api/prediction-sets/${setId}/export?format=flattened`)).text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(flattened[0]!.slice(-4)).toEqual(['RowID', 'Year', 'hisco_1', 'hisco_2']);
    expect(flattened.find((row) => row[0] === 'skomager')!.slice(-4)).toEqual(['1; 4', '1880; 1885', '80110', '']);
    const nested = (await (await reviewer.get(`/api/prediction-sets/${setId}/export?format=nested`)).json()) as NestedExportEntry[];
    expect(nested[2]).toMatchObject({ string: 'smed og kromand', context: { Year: [{ value: '1880', count: 1 }], hisco_1: [{ value: '83110', count: 1 }] } });
    expect(nested[2]!.predictions[0]).toEqual({ uris: ['hisco:83110', 'hisco:51030'], conf: null });
  });

  it('previews the start of a longer file, cut anywhere, without calling the cut a problem', async () => {
    const json = JSON.stringify(Array.from({ length: 100 }, (_, index) => ({ string: `title ${index}`, predictions: [{ uris: ['hisco:83110'], conf: 0.5 }] })), null, 1);
    const csv = Papa.unparse(Array.from({ length: 100 }, (_, index) => ({ occ1: `title "${index}"`, hisco_1: '83110', prob_1: '0.5', desc_1: 'Blacksmith' })));
    for (const [fileName, text] of [
      ['start.json', json],
      ['start.csv', csv],
    ] as const) {
      const cut = text.slice(0, Math.floor(text.length / 2) + 3);
      const response = await reviewer.upload('/api/predictions/preview', fileName, cut, { partial: 'true' });
      expect(response.status, await response.clone().text()).toBe(200);
      const shown = (await response.json()) as PredictionPreview;
      expect(shown.problems).toEqual([]);
      expect(shown.entries).toHaveLength(20);
      expect(shown.entries[0]!.string).toMatch(/^title "?0"?$/);
    }
  });

  it('imports the evaluation layout sent alone, as the preview would read it', async () => {
    const { setId, job } = await importFile('eval-alone.csv', evaluationFile);
    expect(job.state, job.error ?? '').toBe('completed');
    expect(job.result).toMatchObject({ format: 'occcanine-eval', entries: 5 });
    expect((await stored(setId))[2]!.predictions.map((prediction) => prediction.uris)).toEqual([['hisco:83110', 'hisco:51030'], ['hisco:83120'], ['hisco:87340']]);
  });

  it("gives a file without confidences the confidence the user gives its first-ranked code, said in the set's summary", async () => {
    const file = 'title,code1,code2\nsmith,83110,83120\nweaver,75400,\n';
    const shown = await preview('plain.csv', file);
    expect(shown.layout).toBe('columns');
    expect(shown.reading).toMatchObject({ title: 'title', codes: [{ column: 'code1', confidence: null }, { column: 'code2', confidence: null }], scheme: 'hisco' });
    const reading = { ...shown.reading!, firstConfidence: 0.8 };
    expect((await preview('plain.csv', file, reading)).entries[0]!.predictions).toEqual([{ uris: ['hisco:83110'], conf: 0.8 }, { uris: ['hisco:83120'], conf: null }]);

    const { setId, job } = await importFile('plain.csv', file, reading);
    expect(job.state, job.error ?? '').toBe('completed');
    expect((await stored(setId)).map((row) => row.best_conf)).toEqual([0.8, 0.8]);
    const summary = (await (await reviewer.get(`/api/prediction-sets/${setId}/summary`)).json()) as PredictionSetDetail;
    expect(summary.predictionSet.confidences).toEqual({ source: 'given', given: 0.8 });
    const counts = (await (await reviewer.get(`/api/prediction-sets/${setId}?threshold=0.75`)).json()) as { totalBelowThreshold: number };
    expect(counts.totalBelowThreshold).toBe(0);
  });

  it('keeps the context columns a user ticks on a table of its own layout', async () => {
    const file = ['Beroep;Code;Score;Parish;Source;Note', 'smid;83110;0.93;Leiden;Census 1859;a', 'smid;83110;0.91;Delft;Census 1859;b', 'bakker;77610;0.55;Leiden;Census 1859;'].join('\n');
    const shown = await preview('parishes.csv', file);
    expect(shown.reading).toMatchObject({ title: 'Beroep', codes: [{ column: 'Code', confidence: 'Score' }], context: ['Parish', 'Source'] });
    const reading = { ...shown.reading!, context: [...shown.reading!.context, 'Note'] };
    const { setId, job } = await importFile('parishes.csv', file, reading);
    expect(job.state, job.error ?? '').toBe('completed');
    expect((await stored(setId))[0]).toMatchObject({ string: 'smid', best_conf: 0.93, context: { Parish: [['Delft', 1], ['Leiden', 1]], Source: [['Census 1859', 2]], Note: [['a', 1], ['b', 1]] } });
    const answer = await entry(setId, 'smid');
    expect(answer.predictionEntry.context?.map((kept) => kept.column)).toEqual(['Parish', 'Source', 'Note']);
  });

  describe('refuses bad files, naming the line and the column, and shows nothing of them', () => {
    const reading = (codes: string[], extra: Partial<PredictionReading> = {}): PredictionReading => ({
      layout: 'columns',
      title: 'title',
      codes: codes.map((column) => ({ column, confidence: null })),
      scheme: 'hisco',
      firstConfidence: null,
      language: null,
      context: [],
      reference: [],
      ...extra,
    });

    async function refused(fileName: string, file: string, sent: PredictionReading, message: RegExp): Promise<void> {
      const shown = await preview(fileName, file, sent);
      expect(shown.problems.map((problem) => problem.message).join('\n')).toMatch(message);
      const { setId, job } = await importFile(fileName, file, sent);
      expect(job.state).toBe('failed');
      expect(job.error).toMatch(message);
      const set = (await env.app.db.query('SELECT state FROM prediction_sets WHERE id = $1', [setId])).rows[0] as { state: string };
      expect(set.state).toBe('failed');
      expect(await stored(setId)).toEqual([]);
    }

    it('code columns holding no code of the scheme', async () => {
      const file = 'title,code\nshop assistant,5223\nnurse,2221\nfarmer,6111\n';
      await refused('isco.csv', file, reading(['code']), /None of the 3 codes in the code columns is a HISCO code \(the first: '5223' on line 2, column code\)\. 100% of them are ISCO-08 codes/);
    });

    it('mixed schemes in one column, with the shares', async () => {
      const file = 'title,code\nsmith,83110\nweaver,75400\nfarmer,61110\nshop assistant,5223\nnurse,2221\n';
      await refused('mixed.csv', file, reading(['code']), /The code columns mix schemes: 60% of the codes are HISCO codes and 40% are ISCO-08 codes \(the first: '5223' on line 5, column code\)/);
    });

    it('a confidence outside 0 to 1', async () => {
      const file = 'title,code,p\nsmith,83110,0.5\nweaver,75400,1.7\n';
      await refused('conf.csv', file, { ...reading([]), codes: [{ column: 'code', confidence: 'p' }] }, /Line 3: column p: '1\.7' is not a probability from 0 to 1\./);
    });

    it('a title column empty in every row', async () => {
      const file = 'title,name,code\n,smith,83110\n,weaver,75400\n';
      await refused('empty.csv', file, reading(['code']), /title column title is empty in every row/);
    });
  });
});
