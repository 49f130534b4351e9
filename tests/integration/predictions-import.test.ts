import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import type { JobRun } from '../../shared/src/contracts/jobs.js';
import type { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

const data = path.resolve(import.meta.dirname, '../../../shared/data');
const predictionFiles = fs.readdirSync(path.join(data, 'predictions')).filter((file) => /\.(csv|json)$/.test(file));

let env: TestEnvironment;
let reviewer: HttpClient;
let other: HttpClient;

beforeAll(async () => {
  env = await startTestEnvironment({ workers: true, env: { PREDICTION_FILE_LIMIT: '2MB' } });
  await importScheme(env.app.schemes, { scheme: 'hisco', text: fs.readFileSync(path.join(data, 'schemes/hisco.csv'), 'utf8'), format: 'csv', actorId: null });
  reviewer = (await env.signIn('rita', 'member')).client;
  other = (await env.signIn('otto', 'member')).client;
}, 120_000);
afterAll(async () => {
  await env?.close();
});

interface Accepted {
  predictionSetId: string;
  slug: string;
  jobId: string;
}

async function upload(fileName: string, content: string | Buffer, to = '/api/predictions', client = reviewer): Promise<{ accepted: Accepted; job: JobRun }> {
  const response = await client.upload(to, fileName, content, {});
  expect(response.status, await response.clone().text()).toBe(202);
  const accepted = (await response.json()) as Accepted;
  return { accepted, job: await waitForJob(client, accepted.jobId, 120_000) };
}

interface StoredEntry {
  string: string;
  position: string;
  predictions: { uris: string[]; conf: number }[];
  best_conf: number;
  unknown_uris: string[];
  occurrences: string;
  totals: string[];
}

async function storedEntries(setId: string): Promise<StoredEntry[]> {
  return (await env.app.db.query<StoredEntry>('SELECT * FROM prediction_entries WHERE set_id = $1 ORDER BY position', [setId])).rows;
}

async function setRow(setId: string): Promise<{ state: string; total: number; error: string | null }> {
  return (await env.app.db.query('SELECT state, total, error FROM prediction_sets WHERE id = $1', [setId])).rows[0];
}

/**
 * What a real OccCANINE file holds, read independently of the importer: its data rows, and its
 * titles (the model's input column, without the `lang[SEP]` prefix, trimmed), distinct and empty.
 */
function expectedCounts(file: string): { rows: number; distinct: number; empty: number } {
  const parsed = Papa.parse<Record<string, string>>(fs.readFileSync(file, 'utf8'), { header: true, skipEmptyLines: true });
  const columns = parsed.meta.fields!;
  const titleColumn = ['inputs', 'occ1'].filter((column) => columns.includes(column)).find((column) => parsed.data.some((row) => row[column]?.includes('[SEP]')))!;
  const titles = parsed.data.map((row) => (row[titleColumn] ?? '').replace(/^[a-z]{2,3}\[SEP\]/, '').trim());
  return { rows: parsed.data.length, distinct: new Set(titles.filter((title) => title !== '')).size, empty: titles.filter((title) => title === '').length };
}

describe('prediction set import', () => {
  it.each(predictionFiles)('imports the real file %s with one entry per distinct title', async (fileName) => {
    const file = path.join(data, 'predictions', fileName);
    const { accepted, job } = await upload(fileName, fs.readFileSync(file));
    expect(job.state, job.error ?? '').toBe('completed');
    const expected = expectedCounts(file);
    expect(job.result).toMatchObject({ rows: expected.rows, entries: expected.distinct, emptyTitles: expected.empty });
    expect(await setRow(accepted.predictionSetId)).toMatchObject({ state: 'ready', total: expected.distinct });
    const entries = await storedEntries(accepted.predictionSetId);
    expect(entries).toHaveLength(expected.distinct);
    for (const entry of entries) {
      expect(entry.best_conf).toBe(entry.predictions.length ? Math.max(...entry.predictions.map((prediction) => prediction.conf)) : 0);
      for (const prediction of entry.predictions) for (const uri of prediction.uris) expect(uri).toMatch(/^hisco:(-[123]|\d{5})$/);
    }
    // The counts per thousandth of confidence add up to the set.
    const counted = await env.app.db.query<{ entries: string }>('SELECT sum(entries) AS entries FROM prediction_set_counts WHERE set_id = $1', [accepted.predictionSetId]);
    expect(Number(counted.rows[0]!.entries)).toBe(expected.distinct);
  });

  it('merges identical strings (per URI list the highest confidence), keeps unknown codes flagged, and pads HISCO codes', async () => {
    const file = JSON.stringify([
      { string: 'smith', predictions: [{ uris: ['hisco:83110'], conf: 0.6 }, { uris: ['hisco:1110'], conf: 0.2 }] },
      { string: 'weaver "x" / 100% # ? 🧵 نساج', predictions: [{ uris: ['hisco:75400'], conf: 0.9 }] },
      { string: 'smith', predictions: [{ uris: ['hisco:83110'], conf: 0.8 }, { uris: ['hisco:88888'], conf: 0.1 }] },
      { string: 'idle', predictions: [] },
      { string: 'tied', predictions: [{ uris: ['hisco:83110'], conf: 0.5 }, { uris: ['hisco:75400'], conf: 0.5 }, { uris: ['hisco:61110'], conf: 0.5 }] },
    ]);
    const { accepted, job } = await upload('merge.json', file);
    expect(job.state, job.error ?? '').toBe('completed');
    expect(job.result).toMatchObject({ rows: 5, entries: 4, unknownCodes: 1 });
    const entries = await storedEntries(accepted.predictionSetId);
    expect(entries.map((entry) => entry.string)).toEqual(['smith', 'weaver "x" / 100% # ? 🧵 نساج', 'idle', 'tied']);
    // Equally confident predictions keep the file's order.
    expect(entries[3]!.predictions.map((prediction) => prediction.uris[0])).toEqual(['hisco:83110', 'hisco:75400', 'hisco:61110']);
    expect(entries[0]!.predictions).toEqual([
      { uris: ['hisco:83110'], conf: 0.8 },
      { uris: ['hisco:01110'], conf: 0.2 },
      { uris: ['hisco:88888'], conf: 0.1 },
    ]);
    expect(entries[0]!.best_conf).toBeCloseTo(0.8, 6);
    expect(entries[0]!.unknown_uris).toEqual(['hisco:88888']);
    expect(entries[2]!.best_conf).toBe(0);
  });

  it("joins a dataset's totals to the entries of its set", async () => {
    const created = await reviewer.post('/api/datasets', {
      data: [
        { title: 'smith', code: '83110', totals: [3, 1] },
        { title: 'smith', code: '83120', totals: [2, 2] },
        { title: 'weaver', code: '', totals: [5, 0] },
      ],
      metadata: { title: 'Parish 1851', titleColumn: 'title', codeColumn: 'code', scheme: 'hisco', totalsColumns: ['men', 'women'] },
    });
    expect(created.status, await created.clone().text()).toBe(202);
    const dataset = (await created.json()) as { datasetId: string; jobId: string };
    expect((await waitForJob(reviewer, dataset.jobId, 60_000)).state).toBe('completed');

    const file = 'occ1,hisco_1,prob_1,desc_1\nen[SEP]smith,83110,0.9,Blacksmith\nen[SEP]tailor,79100,0.4,Tailor\n';
    const { accepted, job } = await upload('parish.csv', file, `/api/datasets/${dataset.datasetId}/predictions`);
    expect(job.state, job.error ?? '').toBe('completed');
    const entries = await storedEntries(accepted.predictionSetId);
    expect(entries.map((entry) => [entry.string, Number(entry.occurrences), entry.totals.map(Number)])).toEqual([
      ['smith', 2, [5, 3]],
      ['tailor', 0, []],
    ]);

    // Another user's dataset is no one's to add predictions to.
    const refused = await other.upload(`/api/datasets/${dataset.datasetId}/predictions`, 'parish.csv', file, {});
    expect(refused.status).toBe(404);

    // The set's entries go with the dataset.
    expect((await reviewer.request('DELETE', `/api/datasets/${dataset.datasetId}`)).status).toBe(204);
    expect(await setRow(accepted.predictionSetId)).toBeUndefined();
    const tables = await env.app.db.query(`SELECT relname FROM pg_class WHERE relname LIKE $1`, [`%${accepted.predictionSetId.replace(/-/g, '')}%`]);
    expect(tables.rows).toEqual([]);
  });

  it('fails a file it cannot read, naming the entry, and leaves nothing of the set visible', async () => {
    const bad = JSON.stringify([{ string: 'smith', predictions: [{ uris: ['hisco:83110'], conf: 1.5 }] }]);
    const { accepted, job } = await upload('bad.json', bad);
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/Entry 1.*conf/);
    expect(await setRow(accepted.predictionSetId)).toMatchObject({ state: 'failed' });
    expect(await storedEntries(accepted.predictionSetId)).toEqual([]);
    const tables = await env.app.db.query(`SELECT relname FROM pg_class WHERE relname LIKE $1`, [`%${accepted.predictionSetId.replace(/-/g, '')}%`]);
    expect(tables.rows).toEqual([]);

    const noCodes = await upload('titles.csv', 'occ1,other\nsmith,1\n');
    expect(noCodes.job.state).toBe('failed');
    expect(noCodes.job.error).toMatch(/no code column/);
  });

  it('answers 413 for a file over the limit, and 415 for a file that is not a prediction file', async () => {
    const big = await reviewer.upload('/api/predictions', 'big.json', Buffer.alloc(3 * 1024 * 1024, 32), {});
    expect(big.status).toBe(413);
    const wrong = await reviewer.upload('/api/predictions', 'notes.txt', 'hello', {});
    expect([400, 415]).toContain(wrong.status);
  });
});
