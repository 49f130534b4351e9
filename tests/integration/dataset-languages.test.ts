import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import type { DatasetAccepted, DatasetLanguages, DatasetMetadataInput, DatasetSummary } from '../../shared/src/contracts/datasets.js';
import type { PredictionEntryAnswer } from '../../shared/src/contracts/predictions.js';
import { gatherTraining } from '../../workers/src/builtin-coder/training-data.js';
import { describeTitlesWithoutLanguage, readTitleLanguages } from '../../workers/src/prediction-services/title-languages.js';
import type { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

/**
 * A dataset's language (metadata `language`, `languageColumn`) through the API, the ingest, the
 * per-title reading a run codes by, and the review: a language column with unknown values gives
 * those titles no language, and says how many.
 */

const data = path.resolve(import.meta.dirname, '../../../shared/data');
let env: TestEnvironment;
let owner: HttpClient;

beforeAll(async () => {
  env = await startTestEnvironment({ workers: true });
  await importScheme(env.app.schemes, { scheme: 'hisco', text: fs.readFileSync(path.join(data, 'schemes/hisco.csv'), 'utf8'), format: 'csv', actorId: null });
  owner = (await env.signIn('lena', 'member')).client;
}, 120_000);
afterAll(async () => {
  await env?.close();
});

const census = [
  'title,lang,n',
  'skomager,da,1',
  'skomager,Danish,1',
  'skomager,sv,1',
  'smed,dan,1',
  'boerenknecht,nl,1',
  'boerenknecht,Dutch,1',
  'gaardmand,??,1',
  'gaardmand,,1',
  'farmer,,1',
  'hans kone,Martian,1',
  '',
].join('\n');

async function upload(metadata: DatasetMetadataInput, csv = census): Promise<Response> {
  return owner.upload('/api/datasets', 'census.csv', csv, { metadata: JSON.stringify(metadata) });
}

async function ingested(metadata: DatasetMetadataInput, csv = census): Promise<DatasetSummary> {
  const response = await upload(metadata, csv);
  expect(response.status, await response.clone().text()).toBe(202);
  const accepted = (await response.json()) as DatasetAccepted;
  const job = await waitForJob(owner, accepted.jobId, 60_000);
  expect(job.state, job.error ?? '').toBe('completed');
  return (await (await owner.get(`/api/datasets/${accepted.datasetId}`)).json()) as DatasetSummary;
}

const titles = ['skomager', 'smed', 'boerenknecht', 'gaardmand', 'farmer', 'hans kone'];

describe('a dataset’s language', () => {
  it('is kept as its ISO 639 code, a name or a 639-3 code read as it; what names no language is refused', async () => {
    const danish = await ingested({ title: 'Danish census', titleColumn: 'title', language: 'Danish' });
    expect(danish.metadata).toMatchObject({ language: 'da', languageColumn: null });
    const lowGerman = await ingested({ title: 'Low German', titleColumn: 'title', language: 'nds' });
    expect(lowGerman.metadata.language).toBe('nds');

    const refused = await upload({ title: 'Bad', titleColumn: 'title', language: 'Klingonish' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { details: { path: string }[] } }).error.details[0]?.path).toBe('language');
    const both = await upload({ title: 'Both', titleColumn: 'title', language: 'da', languageColumn: 'lang' });
    expect(both.status).toBe(400);
    const json = await owner.post('/api/datasets', { data: [{ title: 'smed', code: '', totals: [] }], metadata: { title: 'JSON', languageColumn: 'lang' } });
    expect(json.status).toBe(400);
    expect(JSON.stringify(await json.json())).toContain('metadata.languageColumn');

    // Every title of a dataset in one language is in it.
    const read = await readTitleLanguages(env.app.db, { id: danish.id, ...danish.metadata }, titles);
    expect([...read.languages.values()]).toEqual(titles.map(() => 'da'));
    expect(read.withoutLanguage).toBe(0);
    expect(describeTitlesWithoutLanguage(read)).toBeNull();
  });

  it('comes per title from a language column, the language most of its rows name; unknown values give none, counted', async () => {
    const dataset = await ingested({ title: 'Nordic census', titleColumn: 'title', language: 'mul', languageColumn: 'lang', totalsColumns: ['n'] });
    expect(dataset.metadata).toMatchObject({ language: 'mul', languageColumn: 'lang' });
    const stored = await env.app.db.query<{ title: string; value: string; occurrences: string }>(
      'SELECT title, value, occurrences FROM dataset_title_languages WHERE dataset_id = $1 ORDER BY title, value',
      [dataset.id],
    );
    expect(stored.rows.map((row) => [row.title, row.value, Number(row.occurrences)])).toEqual([
      ['boerenknecht', 'Dutch', 1],
      ['boerenknecht', 'nl', 1],
      ['gaardmand', '??', 1],
      ['hans kone', 'Martian', 1],
      ['skomager', 'Danish', 1],
      ['skomager', 'da', 1],
      ['skomager', 'sv', 1],
      ['smed', 'dan', 1],
    ]);
    // The staging table of the tallies is gone with the attach.
    const leftovers = await env.app.db.query("SELECT 1 FROM pg_class WHERE relname = 'dataset_languages_' || replace($1, '-', '')", [dataset.id]);
    expect(leftovers.rowCount).toBe(0);

    const read = await readTitleLanguages(env.app.db, { id: dataset.id, ...dataset.metadata }, titles);
    expect(Object.fromEntries(read.languages)).toEqual({ skomager: 'da', smed: 'da', boerenknecht: 'nl', gaardmand: null, farmer: null, 'hans kone': null });
    expect(read.withoutLanguage).toBe(3);
    expect(read.unknown).toEqual({ titles: 2, values: [{ value: '??', titles: 1 }, { value: 'Martian', titles: 1 }] });
    expect(describeTitlesWithoutLanguage(read)).toBe('3 titles coded without a language; the language column names no language for 2 titles ("??", "Martian").');

    // The review shows each entry's language beside its title.
    const predictions = 'occ1,hisco_1,prob_1,desc_1\nda[SEP]skomager,80110,0.9,Shoemaker\nda[SEP]gaardmand,61110,0.8,Farmer\n';
    const set = await owner.upload(`/api/datasets/${dataset.id}/predictions`, 'nordic.csv', predictions, {});
    expect(set.status, await set.clone().text()).toBe(202);
    const accepted = (await set.json()) as { predictionSetId: string; jobId: string };
    expect((await waitForJob(owner, accepted.jobId, 60_000)).state).toBe('completed');
    const entry = async (title: string) => {
      const response = await owner.get(`/api/prediction-sets/${accepted.predictionSetId}/entries/${encodeURIComponent(title)}?threshold=1`);
      expect(response.status, await response.clone().text()).toBe(200);
      return ((await response.json()) as PredictionEntryAnswer).predictionEntry;
    };
    expect((await entry('skomager')).language).toBe('da');
    expect((await entry('gaardmand')).language).toBeNull();

    // Deleting the dataset deletes its titles' languages.
    expect((await owner.request('DELETE', `/api/datasets/${dataset.id}`)).status).toBe(204);
    const left = await env.app.db.query('SELECT 1 FROM dataset_title_languages WHERE dataset_id = $1', [dataset.id]);
    expect(left.rowCount).toBe(0);
  });

  it("teaches the built-in coder each coded title's language from the language column", async () => {
    const coded = ['title,hisco,lang', 'skomager,80110,da', 'skomager,80110,Danish', 'schoenmaker,80110,nl', 'shoemaker,80110,', ''].join('\n');
    const dataset = await ingested({ title: 'Coded census with languages', titleColumn: 'title', codeColumn: 'hisco', scheme: 'hisco', language: 'mul', languageColumn: 'lang' }, coded);
    const viewer = await env.app.db.query<{ id: string; role: 'admin' | 'member' }>('SELECT owner_id AS id, $2::text AS role FROM datasets WHERE id = $1', [dataset.id, 'member']);
    const training = await gatherTraining(env.app.db, { scheme: 'hisco', viewer: viewer.rows[0]!, seedDir: null });
    const learned = Object.fromEntries(training.titles.map((title) => [title.norm, title.lang ?? null]));
    expect(learned).toMatchObject({ skomager: 'da', schoenmaker: 'nl', shoemaker: null });
    expect(training.summary.sources.filter((source) => source.name === 'coded datasets')).toEqual(
      expect.arrayContaining([
        { name: 'coded datasets', language: 'da', titles: 1 },
        { name: 'coded datasets', language: 'nl', titles: 1 },
        { name: 'coded datasets', language: null, titles: 1 },
      ]),
    );
    expect((await owner.request('DELETE', `/api/datasets/${dataset.id}`)).status).toBe(204);
  });

  it('fails the ingest when the language column is not in the file, naming it', async () => {
    const response = await upload({ title: 'Missing', titleColumn: 'title', languageColumn: 'sprog' });
    expect(response.status).toBe(202);
    const accepted = (await response.json()) as DatasetAccepted;
    const job = await waitForJob(owner, accepted.jobId, 60_000);
    expect(job.state).toBe('failed');
    expect(job.error).toContain("The language column 'sprog' is not in the file's header");
  });

  it('offers the languages of the shipped coded titles, those of most files first', async () => {
    const response = await owner.get('/api/datasets/languages');
    expect(response.status).toBe(200);
    const { shipped } = (await response.json()) as DatasetLanguages;
    expect(shipped[0]).toBe('en');
    expect(shipped).toEqual(expect.arrayContaining(['nl', 'sv', 'pt', 'da']));
    expect(new Set(shipped).size).toBe(shipped.length);
  });
});
