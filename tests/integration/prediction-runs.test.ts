import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import type { PredictionEntryAnswer } from '../../shared/src/contracts/predictions.js';
import type { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';
import { startWorkerProcess } from '../support/worker-process.js';
import { type SeedDir, seedDirCopy } from '../support/seed-dir.js';

const data = path.resolve(import.meta.dirname, '../../../shared/data');

let env: TestEnvironment;
/** The data folder's HISCO scheme and English sample only: learning the whole titles manifest (some 290,000 HISCO titles) takes a minute a run (tests/integration/coder-manifest.test.ts runs it). */
let seed: SeedDir | undefined;
let owner: HttpClient;
let stranger: HttpClient;
let datasetId: string;

/** Titles of a small uncoded census: some the shipped English sample knows, a spelling variant, and one nothing resembles. */
const titles = ['Licensed Victualler', 'commercial traveller (deceased)', 'Police constable', 'agricultural labourer', 'blacksmlth', 'zqxv wrrk'];

async function run(body: unknown, key?: string) {
  return owner.post(`/api/datasets/${datasetId}/prediction-runs`, body, key ? { headers: { 'idempotency-key': key } } : {});
}

async function entry(setId: string, string: string): Promise<PredictionEntryAnswer['predictionEntry']> {
  const response = await owner.get(`/api/prediction-sets/${setId}/entries/${encodeURIComponent(string)}?filter=all`);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as PredictionEntryAnswer).predictionEntry;
}

async function runToEnd(): Promise<{ setId: string; result: { titles: number; coded: number; learnedFrom: { titles: number; sources: { name: string }[] } } }> {
  const response = await run({ scheme: 'hisco' });
  expect(response.status, await response.clone().text()).toBe(202);
  const accepted = (await response.json()) as { predictionSetId: string; jobId: string };
  const job = await waitForJob(owner, accepted.jobId, 120_000);
  expect(job.state, job.error ?? '').toBe('completed');
  return { setId: accepted.predictionSetId, result: job.result as never };
}

beforeAll(async () => {
  // Parts of two titles: every run here is coded in several chunk jobs and joined.
  seed = seedDirCopy({ keep: (entry) => entry.file === 'occcanine_toydata_en.csv', schemes: ['hisco'] });
  env = await startTestEnvironment({ workers: true, env: { PREDICTION_CHUNK_TITLES: '2', SEED_DIR: seed.dir } });
  await importScheme(env.app.schemes, { scheme: 'hisco', text: fs.readFileSync(path.join(data, 'schemes/hisco.csv'), 'utf8'), format: 'csv', actorId: null });
  owner = (await env.signIn('otto', 'member')).client;
  stranger = (await env.signIn('stan', 'member')).client;
  const created = await owner.post('/api/datasets', {
    data: titles.map((title) => ({ title, code: '', totals: [] })),
    metadata: { title: 'Uncoded census', titleColumn: 'title', codeColumn: null },
  });
  expect(created.status, await created.clone().text()).toBe(202);
  const dataset = (await created.json()) as { datasetId: string; jobId: string };
  expect((await waitForJob(owner, dataset.jobId, 60_000)).state).toBe('completed');
  datasetId = dataset.datasetId;
}, 180_000);
afterAll(async () => {
  await env?.close();
  seed?.remove();
});

describe('running the built-in coder on a dataset (issue 13)', () => {
  it('codes the titles into a new set that reads like an imported one, and gives no guess for a title like no known one', async () => {
    const { setId, result } = await runToEnd();
    expect(result.titles).toBe(titles.length);
    expect(result.coded).toBe(titles.length - 1);
    expect(result.learnedFrom.titles).toBeGreaterThan(10_000);
    expect(result.learnedFrom.sources.map((source) => source.name).join(' ')).toContain('occcanine_toydata_en.csv');

    const victualler = await entry(setId, 'Licensed Victualler');
    expect(victualler.predictions[0]).toMatchObject({ uris: ['hisco:51050'] });
    expect(victualler.predictions[0]!.conf).toBeGreaterThan(0.8);
    expect(victualler.predictions.length).toBeLessThanOrEqual(5);
    expect((await entry(setId, 'blacksmlth')).predictions[0]?.uris).toEqual(['hisco:83110']);
    const unknown = await entry(setId, 'zqxv wrrk');
    expect(unknown.predictions).toEqual([]);
    // The review says why (issue 27); an entry with predictions needs no reason.
    expect(unknown.noPredictionReason).toBe('no known title near it');
    expect(victualler.noPredictionReason ?? null).toBeNull();
    // The set is the dataset's, listed with it, and exports like any other.
    const exported = await owner.get(`/api/prediction-sets/${setId}/export?format=flattened`);
    expect(await exported.text()).toContain('Licensed Victualler');
  });

  it('says a title in a language it has no training data in is why that entry has no prediction, and the reasons go with the set', async () => {
    // Danish: the English sample is the only shipped file this test's coder learns from.
    const created = await owner.post('/api/datasets', {
      data: ['qqxjz vvqpw', 'police constable'].map((title) => ({ title, code: '', totals: [] })),
      metadata: { title: 'Danish census', titleColumn: 'title', codeColumn: null, language: 'da' },
    });
    expect(created.status, await created.clone().text()).toBe(202);
    const dataset = (await created.json()) as { datasetId: string; jobId: string };
    expect((await waitForJob(owner, dataset.jobId, 60_000)).state).toBe('completed');
    const response = await owner.post(`/api/datasets/${dataset.datasetId}/prediction-runs`, { scheme: 'hisco' });
    const accepted = (await response.json()) as { predictionSetId: string; jobId: string };
    const job = await waitForJob(owner, accepted.jobId, 120_000);
    expect(job.state, job.error ?? '').toBe('completed');
    expect(job.result).toMatchObject({ uncoded: [{ language: 'da', reason: 'no training data in this language', titles: 1 }] });
    const unknown = await entry(accepted.predictionSetId, 'qqxjz vvqpw');
    expect(unknown).toMatchObject({ predictions: [], language: 'da', noPredictionReason: 'no training data in this language' });
    expect((await entry(accepted.predictionSetId, 'police constable')).noPredictionReason ?? null).toBeNull();

    const reasons = () => env.app.db.query('SELECT string, reason FROM prediction_entry_reasons WHERE set_id = $1', [accepted.predictionSetId]);
    expect((await reasons()).rows).toEqual([{ string: 'qqxjz vvqpw', reason: 'no training data in this language' }]);
    expect((await owner.request('DELETE', `/api/prediction-sets/${accepted.predictionSetId}`)).status).toBe(204);
    expect((await reasons()).rowCount).toBe(0);
  });

  it('learns from a saved review mapping in the next run, without a restart', async () => {
    const first = await runToEnd();
    const unknown = await entry(first.setId, 'zqxv wrrk');
    const saved = await owner.post(`/api/prediction-sets/${first.setId}/entries/${encodeURIComponent('zqxv wrrk')}`, {
      mappings: { nodeURIs: ['hisco:83110'], predictionURIs: [], tags: [] },
      version: unknown.version,
    });
    expect(saved.status).toBe(200);
    const second = await runToEnd();
    expect(second.setId).not.toBe(first.setId);
    expect(second.result.learnedFrom.sources.map((source) => source.name)).toContain('review mappings');
    expect((await entry(second.setId, 'zqxv wrrk')).predictions[0]?.uris).toEqual(['hisco:83110']);
  });

  it('refuses what it cannot run, with the reason, and answers a repeated request with the same set', async () => {
    expect((await run({ scheme: 'hisco', model: 'gpt-5' })).status).toBe(400);
    const unconfigured = await run({ scheme: 'hisco', model: 'occcanine' });
    expect(unconfigured.status).toBe(400);
    expect(((await unconfigured.json()) as { error: { message: string } }).error.message).toContain('not configured');
    const empty = await run({ scheme: 'pst2' });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { message: string } }).error.message).toContain('has no codes');
    expect((await run({ scheme: 'nope' })).status).toBe(400);
    expect((await stranger.post(`/api/datasets/${datasetId}/prediction-runs`, { scheme: 'hisco' })).status).toBe(404);

    const once = (await (await run({ scheme: 'hisco' }, 'run-once-1')).json()) as { predictionSetId: string; jobId: string };
    const twice = (await (await run({ scheme: 'hisco' }, 'run-once-1')).json()) as { predictionSetId: string };
    expect(twice.predictionSetId).toBe(once.predictionSetId);
    expect((await waitForJob(owner, once.jobId, 120_000)).state).toBe('completed');
  });

  it("runs the wizard's 'Make predictions in a given scheme' once the uploaded titles are read", async () => {
    const created = await owner.post('/api/datasets', {
      data: ['police constable', 'licensed victualler'].map((title) => ({ title, code: '', totals: [] })),
      metadata: { title: 'Wizard census', titleColumn: 'title', codeColumn: null, predictSingleScheme: true, predictScheme: 'hisco' },
    });
    expect(created.status, await created.clone().text()).toBe(202);
    const { datasetId: id } = (await created.json()) as { datasetId: string };
    const listed = async () =>
      ((await (await owner.get('/api/datasets')).json()) as { datasets: { id: string; prediction_sets: { id: string; jobId: string | null; state: string }[] }[] }).datasets.find((dataset) => dataset.id === id)!;
    const [set] = (await listed()).prediction_sets;
    expect(set).toBeDefined();
    expect((await waitForJob(owner, set!.jobId!, 120_000)).state).toBe('completed');
    expect((await listed()).prediction_sets[0]!.state).toBe('ready');
    expect((await entry(set!.id, 'police constable')).predictions[0]?.uris).toEqual(['hisco:58220']);
  });

  it("keeps each title to the codes associated with its own when 'Restrict predictions to associated codes' is asked for", async () => {
    const created = await owner.post('/api/datasets', {
      data: [
        { title: 'police constable', code: '582', totals: [] },
        { title: 'licensed victualler', code: '583', totals: [] },
        { title: 'farm labourer', code: '', totals: [] },
      ],
      metadata: { title: 'Coded census', titleColumn: 'title', codeColumn: 'code', scheme: 'hisco', restrictPredictionsWithCodes: true },
    });
    expect(created.status, await created.clone().text()).toBe(202);
    const dataset = (await created.json()) as { datasetId: string; jobId: string };
    expect((await waitForJob(owner, dataset.jobId, 60_000)).state).toBe('completed');
    const response = await owner.post(`/api/datasets/${dataset.datasetId}/prediction-runs`, { scheme: 'hisco' });
    const accepted = (await response.json()) as { predictionSetId: string; jobId: string };
    expect((await waitForJob(owner, accepted.jobId, 120_000)).state).toBe('completed');
    // The code's own subtree only: a constable within 582 (Policemen and Detectives).
    const constable = await entry(accepted.predictionSetId, 'police constable');
    expect(constable.predictions[0]?.uris).toEqual(['hisco:58220']);
    for (const prediction of constable.predictions) expect(prediction.uris[0]).toMatch(/^hisco:582/);
    // A victualler coded 583 (Military) gets nothing from outside 583, not its usual 51050.
    for (const prediction of (await entry(accepted.predictionSetId, 'licensed victualler')).predictions) expect(prediction.uris[0]).toMatch(/^hisco:583/);
    // A title without a code is not restricted.
    expect((await entry(accepted.predictionSetId, 'farm labourer')).predictions.length).toBeGreaterThan(0);
  });

  it('learns, at a lower weight, from titles coded in another scheme through the links between the two', async () => {
    await importScheme(env.app.schemes, { scheme: 'isco08', text: fs.readFileSync(path.join(data, 'schemes/isco08.csv'), 'utf8'), format: 'csv', actorId: null });
    const admin = (await env.signIn('ada', 'admin')).client;
    const linked = await admin.post('/api/links', { sourceNodeID: '5412', sourceScheme: 'isco08', targetNodeID: '83110', targetScheme: 'hisco' });
    expect(linked.status, await linked.clone().text()).toBeLessThan(300);
    // A title only a dataset coded in ISCO-08 knows.
    const coded = await owner.post('/api/datasets', {
      data: [{ title: 'zorblax keeper', code: '5412', totals: [] }],
      metadata: { title: 'ISCO-08 coded survey', titleColumn: 'title', codeColumn: 'code', scheme: 'isco08' },
    });
    expect((await waitForJob(owner, ((await coded.json()) as { jobId: string }).jobId, 60_000)).state).toBe('completed');
    const uncoded = await owner.post('/api/datasets', { data: [{ title: 'Zorblax Keeper', code: '', totals: [] }], metadata: { title: 'To code', titleColumn: 'title', codeColumn: null } });
    const target = (await uncoded.json()) as { datasetId: string; jobId: string };
    expect((await waitForJob(owner, target.jobId, 60_000)).state).toBe('completed');
    const response = await owner.post(`/api/datasets/${target.datasetId}/prediction-runs`, { scheme: 'hisco' });
    const accepted = (await response.json()) as { predictionSetId: string; jobId: string };
    const job = await waitForJob(owner, accepted.jobId, 120_000);
    expect(job.state, job.error ?? '').toBe('completed');
    expect((job.result as { learnedFrom: { sources: { name: string }[] } }).learnedFrom.sources.map((source) => source.name)).toContain('titles coded in isco08, through links');
    expect((await entry(accepted.predictionSetId, 'Zorblax Keeper')).predictions[0]?.uris).toEqual(['hisco:83110']);
  });

  it('splits a run into parts that several worker processes code, and joins them in order', async () => {
    // A second worker process (`npm run workers`) beside the test's own workers; the embedded
    // triple store is one process's, so it has a store of its own (a deployment shares one over SPARQL_QUERY_URL).
    const dataDir = `${env.config.dataDir}-second`;
    await fs.promises.mkdir(dataDir, { recursive: true });
    const second = await startWorkerProcess(env, { PREDICTION_CHUNK_TITLES: '2', DATA_DIR: dataDir, SEED_DIR: seed!.dir });
    try {
      const many = Array.from({ length: 120 }, (_, index) => (index % 3 === 0 ? `agricultural labourer ${index}` : index % 3 === 1 ? `police constable ${index}` : `zqxv ${index}`));
      const created = await owner.post('/api/datasets', { data: many.map((title) => ({ title, code: '', totals: [] })), metadata: { title: 'Many titles', titleColumn: 'title', codeColumn: null } });
      const dataset = (await created.json()) as { datasetId: string; jobId: string };
      expect((await waitForJob(owner, dataset.jobId, 60_000)).state).toBe('completed');
      const response = await owner.post(`/api/datasets/${dataset.datasetId}/prediction-runs`, { scheme: 'hisco' });
      const accepted = (await response.json()) as { predictionSetId: string; jobId: string };
      const job = await waitForJob(owner, accepted.jobId, 180_000);
      expect(job.state, job.error ?? '').toBe('completed');
      const result = job.result as { titles: number; coded: number; chunks: number; workers: number };
      expect(result).toMatchObject({ titles: 120, chunks: 60, workers: 2 });
      // The labourers and constables at least (the 'zqxv' ones resemble a title reviewed above).
      expect(result.coded).toBeGreaterThanOrEqual(80);
      // Every title is an entry once, with its own predictions, whichever process coded it.
      const entries = await env.app.db.query<{ count: number; distinct: number }>('SELECT count(*), count(DISTINCT string) AS distinct FROM prediction_entries WHERE set_id = $1', [accepted.predictionSetId]);
      expect(entries.rows[0]).toEqual({ count: 120, distinct: 120 });
      expect((await entry(accepted.predictionSetId, 'police constable 1')).predictions[0]?.uris).toEqual(['hisco:58220']);
      // The parts leave nothing behind.
      expect((await env.app.db.query('SELECT 1 FROM prediction_run_chunks WHERE set_id = $1', [accepted.predictionSetId])).rowCount).toBe(0);
    } finally {
      await second.stop();
      await fs.promises.rm(dataDir, { recursive: true, force: true });
    }
  });
});
