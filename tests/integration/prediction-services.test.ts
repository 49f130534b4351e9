import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import type { PredictionEntryAnswer } from '../../shared/src/contracts/predictions.js';
import type { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { type SeedDir, seedDirCopy, smallHiscoFiles } from '../support/seed-dir.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

const data = path.resolve(import.meta.dirname, '../../../shared/data');
const llmKey = 'sk-test-secret-key-123';

/**
 * A real HTTP server on loopback speaking both protocols: OccCANINE's service contract
 * (`POST /occcanine` → wide rows) and OpenAI-compatible chat completions (`POST /v1/chat/completions`),
 * with the failures the adapters must live with: a 503 and a 429 before answering, and a title
 * that always fails.
 */
interface Seen {
  occcanine: { titles: string[]; lang: string | (string | null)[]; k: number }[];
  llm: { authorization: string | undefined; model: string; prompt: string }[];
  failures: number;
  refusals: number;
}
const seen: Seen = { occcanine: [], llm: [], failures: 0, refusals: 0 };
let server: http.Server;

function startServices(): Promise<string> {
  let occcanineCalls = 0;
  let llmCalls = 0;
  let blacksmithAsked = 0;
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(json));
      };
      const parsed = JSON.parse(body || '{}') as Record<string, unknown>;
      if (request.url === '/occcanine') {
        const titles = parsed.titles as string[];
        if (titles.includes('refused title')) {
          seen.refusals++;
          return send(401, { error: { message: 'invalid credentials' } });
        }
        if (titles.includes('always fails')) {
          seen.failures++;
          return send(500, { detail: 'model crashed on this batch' });
        }
        if (occcanineCalls++ === 0) return send(503, { detail: 'warming up' });
        seen.occcanine.push(parsed as never);
        return send(
          200,
          titles.map((title) => ({ occ1: title, hisco_1: title.includes('smith') ? 83110 : 61110, prob_1: 0.91, desc_1: 'x', hisco_2: 'No pred', prob_2: 'nan', desc_2: '' })),
        );
      }
      if (request.url === '/v1/chat/completions') {
        if (llmCalls++ === 0) return send(429, { error: { message: 'slow down' } }, { 'retry-after': '0' });
        const messages = parsed.messages as { role: string; content: string }[];
        const prompt = messages.map((message) => message.content).join('\n');
        seen.llm.push({ authorization: request.headers.authorization, model: String(parsed.model), prompt });
        const lines = messages.at(-1)!.content.split('\n').filter((line) => /^\d+\. /.test(line));
        // 'blacksmith again' is left out the first time it is asked for; 'never answered' always.
        const skipOnce = lines.some((line) => line.includes('blacksmith again')) && blacksmithAsked++ === 0;
        const answered = lines.filter((line) => !line.includes('never answered') && !(skipOnce && line.includes('blacksmith again')));
        const results = answered.map((line) => {
          const index = Number(line.split('.')[0]);
          const candidate = /candidates: (\S+)/.exec(line)?.[1];
          // One code of the scheme from the candidates, and one the scheme does not have (discarded).
          return { index, codes: [...(candidate ? [{ code: candidate, confidence: 1 }] : []), { code: '12345-not-a-code', confidence: 0.5 }] };
        });
        return send(200, { choices: [{ message: { role: 'assistant', content: JSON.stringify({ results }) } }] });
      }
      send(404, { error: 'no such path' });
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

let env: TestEnvironment;
let owner: HttpClient;
/** The built-in coder (an LLM's candidates) learns from the manifest's small HISCO files only. */
let seed: SeedDir | undefined;

async function dataset(titles: string[], language: string | null = null): Promise<string> {
  const created = await owner.post('/api/datasets', { data: titles.map((title) => ({ title, code: '', totals: [] })), metadata: { title: `Census ${titles[0]}`, titleColumn: 'title', codeColumn: null, language } });
  expect(created.status, await created.clone().text()).toBe(202);
  const accepted = (await created.json()) as { datasetId: string; jobId: string };
  expect((await waitForJob(owner, accepted.jobId, 60_000)).state).toBe('completed');
  return accepted.datasetId;
}

async function runOn(datasetId: string, model: string) {
  const response = await owner.post(`/api/datasets/${datasetId}/prediction-runs`, { scheme: 'hisco', model });
  expect(response.status, await response.clone().text()).toBe(202);
  const accepted = (await response.json()) as { predictionSetId: string; jobId: string };
  return { ...accepted, job: await waitForJob(owner, accepted.jobId, 120_000) };
}

async function predictionsOf(setId: string, string: string) {
  const response = await owner.get(`/api/prediction-sets/${setId}/entries/${encodeURIComponent(string)}?filter=all`);
  return ((await response.json()) as PredictionEntryAnswer).predictionEntry.predictions;
}

beforeAll(async () => {
  const base = await startServices();
  seed = seedDirCopy({ keep: smallHiscoFiles, schemes: ['hisco'] });
  env = await startTestEnvironment({
    workers: true,
    env: { SEED_DIR: seed.dir, OCCCANINE_URL: `${base}/occcanine`, LLM_GPT41_URL: `${base}/v1`, LLM_GPT41_KEY: llmKey, LLM_GPT41_MODEL: 'gpt-4.1-test', PREDICTION_TIMEOUT_MS: '5000' },
  });
  await importScheme(env.app.schemes, { scheme: 'hisco', text: fs.readFileSync(path.join(data, 'schemes/hisco.csv'), 'utf8'), format: 'csv', actorId: null });
  owner = (await env.signIn('olga', 'member')).client;
}, 180_000);
afterAll(async () => {
  await env?.close();
  await new Promise((resolve) => server?.close(resolve));
  seed?.remove();
});

describe('external coders (issue 13)', () => {
  it('lists which models this server can run, without any URL or key', async () => {
    const response = await owner.get('/api/prediction-models');
    const text = await response.text();
    expect(text).not.toContain(llmKey);
    expect(text).not.toContain('127.0.0.1');
    const { models } = JSON.parse(text) as { models: { model: string; available: boolean; reason: string | null }[] };
    expect(models.filter((model) => model.available).map((model) => model.model)).toEqual(['builtin', 'occcanine', 'gpt-4.1']);
    expect(models.find((model) => model.model === 'deepseek')?.reason).toContain('LLM_DEEPSEEK_URL');
  });

  it('codes through the OccCANINE service (a 503 tried again), its HISCO numbers padded', async () => {
    const id = await dataset(['blacksmith', 'farm hand', 'bookkeeper'], 'English');
    const run = await runOn(id, 'occcanine');
    expect(run.job.state, run.job.error ?? '').toBe('completed');
    expect(seen.occcanine[0]).toMatchObject({ lang: 'en', k: 5 });
    expect((await predictionsOf(run.predictionSetId, 'blacksmith'))[0]).toMatchObject({ uris: ['hisco:83110'], conf: 0.91 });
    expect(await predictionsOf(run.predictionSetId, 'farm hand')).toEqual([{ uris: ['hisco:61110'], conf: 0.91 }]);
  });

  it('codes through an OpenAI-compatible API (a 429 tried again) with the built-in candidates, keeping only codes of the scheme', async () => {
    const id = await dataset(['licensed victualler', 'police constable'], 'English');
    const run = await runOn(id, 'gpt-4.1');
    expect(run.job.state, run.job.error ?? '').toBe('completed');
    const call = seen.llm[0]!;
    expect(call.authorization).toBe(`Bearer ${llmKey}`);
    expect(call.model).toBe('gpt-4.1-test');
    expect(call.prompt).toContain('Language: English.');
    expect(call.prompt).toContain('"licensed victualler" — candidates: 51050');
    const predictions = await predictionsOf(run.predictionSetId, 'licensed victualler');
    // The scheme's code stays (its confidence 1 kept just below a reviewer's mark); the made-up code is gone.
    expect(predictions).toEqual([{ uris: ['hisco:51050'], conf: 0.9999 }]);
    // The key is in no job's data.
    const rows = await env.app.db.query<{ input: unknown; result: unknown }>('SELECT input, result FROM job_runs');
    expect(JSON.stringify(rows.rows)).not.toContain(llmKey);
  });

  it('asks once more for the titles an answer left out, and counts those still left out', async () => {
    const id = await dataset(['police constable', 'blacksmith again', 'never answered'], 'English');
    const before = seen.llm.length;
    const run = await runOn(id, 'gpt-4.1');
    expect(run.job.state, run.job.error ?? '').toBe('completed');
    const prompts = seen.llm.slice(before).map((call) => call.prompt);
    expect(prompts.filter((prompt) => prompt.includes('blacksmith again'))).toHaveLength(2);
    expect((await predictionsOf(run.predictionSetId, 'blacksmith again'))[0]?.uris).toEqual(['hisco:83110']);
    expect(await predictionsOf(run.predictionSetId, 'never answered')).toEqual([]);
    expect(run.job.result).toMatchObject({ titles: 3, coded: 2, unanswered: 1 });
  });

  it("sends each title's language from the dataset's language column: one per title to OccCANINE, named beside the title to an LLM", async () => {
    const csv = 'title,lang\nsmed,da\nsmid,Dutch\nblacksmith lang,en\nsmed,dan\nferrier,Martian\n';
    const response = await owner.upload('/api/datasets', 'nordic.csv', csv, { metadata: JSON.stringify({ title: 'Census with languages', titleColumn: 'title', language: 'mul', languageColumn: 'lang' }) });
    expect(response.status, await response.clone().text()).toBe(202);
    const accepted = (await response.json()) as { datasetId: string; jobId: string };
    expect((await waitForJob(owner, accepted.jobId, 60_000)).state).toBe('completed');

    const before = seen.occcanine.length;
    const occcanine = await runOn(accepted.datasetId, 'occcanine');
    expect(occcanine.job.state, occcanine.job.error ?? '').toBe('completed');
    const sent = seen.occcanine.slice(before).flatMap((call) => call.titles.map((title, index) => [title, Array.isArray(call.lang) ? call.lang[index] : call.lang]));
    // A title without a language (the column names none for it) goes as 'unk'.
    expect(Object.fromEntries(sent)).toEqual({ smed: 'da', smid: 'nl', 'blacksmith lang': 'en', ferrier: 'unk' });
    // The run's result says how many titles went without a language, and the values that name none.
    expect(occcanine.job.result).toMatchObject({
      withoutLanguage: { titles: 1, unknown: { titles: 1, values: [{ value: 'Martian', titles: 1 }] }, note: '1 title coded without a language; the language column names no language for 1 title ("Martian").' },
    });

    const llmBefore = seen.llm.length;
    const llm = await runOn(accepted.datasetId, 'gpt-4.1');
    expect(llm.job.state, llm.job.error ?? '').toBe('completed');
    const prompt = seen.llm.slice(llmBefore).map((call) => call.prompt).join('\n');
    expect(prompt).toMatch(/"smed" \(Danish\)/);
    expect(prompt).toMatch(/"smid" \(Dutch\)/);
    expect(prompt).toMatch(/"ferrier"(?! \()/);
    expect(prompt).not.toContain('Language: ');
  });

  it('fails the run with the service’s message when it keeps failing, and the set never shows as ready', async () => {
    const id = await dataset(['always fails'], null);
    const run = await runOn(id, 'occcanine');
    expect(run.job.state).toBe('failed');
    expect(run.job.error).toContain('OccCANINE answered 500: model crashed on this batch');
    expect(seen.failures).toBeGreaterThanOrEqual(4);
    const listed = ((await (await owner.get('/api/datasets')).json()) as { datasets: { id: string; prediction_sets: { id: string; state: string; error: string | null }[] }[] }).datasets.find((row) => row.id === id)!;
    expect(listed.prediction_sets[0]).toMatchObject({ state: 'failed' });
    expect(listed.prediction_sets[0]!.error).toContain('model crashed on this batch');
  }, 120_000);

  it('fails at once, without retrying the run, when the service refuses (401)', async () => {
    const id = await dataset(['refused title'], null);
    const run = await runOn(id, 'occcanine');
    expect(run.job.state).toBe('failed');
    expect(run.job.error).toContain('OccCANINE answered 401: invalid credentials');
    expect(seen.refusals).toBe(1);
  });

  it('refuses OccCANINE for another scheme', async () => {
    const id = await dataset(['weaver'], null);
    const response = await owner.post(`/api/datasets/${id}/prediction-runs`, { scheme: 'isco08', model: 'occcanine' });
    expect(response.status).toBe(400);
  });
});
