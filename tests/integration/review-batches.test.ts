import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MappingBatchUndone, MappingSaved, PredictionSetDetail, SimilarEntries } from '../../shared/src/contracts/predictions.js';
import type { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

/**
 * Issue 29's server side: the entries most like one ('Similar entries'), a save that maps the
 * entries ticked beside it in one batch undone as one, a set's own tags, and the review's goal.
 */

let env: TestEnvironment;
let reviewer: HttpClient;
let setId: string;

const titles = ['skomager', 'Skomager.', 'skomagere', 'skomagersvend', 'smed', 'hans kone', 'hans kone og barn', 'deres kone'];

beforeAll(async () => {
  env = await startTestEnvironment({ workers: true });
  reviewer = (await env.signIn('rune', 'member')).client;
  const file = JSON.stringify(titles.map((string) => ({ string, predictions: [{ uris: ['hisco:80110'], conf: 0.4 }] })));
  const response = await reviewer.upload('/api/predictions', 'census.json', file, {});
  expect(response.status, await response.clone().text()).toBe(202);
  const accepted = (await response.json()) as { predictionSetId: string; jobId: string };
  expect((await waitForJob(reviewer, accepted.jobId, 60_000)).state).toBe('completed');
  setId = accepted.predictionSetId;
}, 120_000);
afterAll(async () => {
  await env?.close();
});

const entryPath = (string: string) => `/api/prediction-sets/${setId}/entries/${encodeURIComponent(string)}`;

async function save(string: string, body: Record<string, unknown>): Promise<Response> {
  return reviewer.post(`${entryPath(string)}?threshold=0.75`, { mappings: { treeNodes: [], nodeURIs: [], predictionURIs: ['hisco:80110'], tags: [], ...body.mappings as object }, ...body });
}

const putGoal = (goal: number | null) => reviewer.request('PUT', `/api/prediction-sets/${setId}/goal`, { json: { goal } });

async function mapped(): Promise<Record<string, boolean>> {
  const rows = await env.app.db.query<{ string: string; mapped: boolean }>('SELECT string, mapped FROM prediction_entries WHERE set_id = $1', [setId]);
  return Object.fromEntries(rows.rows.map((row) => [row.string, row.mapped]));
}

describe('reviewing many entries at once', () => {
  it("lists the unmapped entries most like one: the same title first, then those spelled alike or sharing its words", async () => {
    const similar = (await (await reviewer.get(`${entryPath('skomager')}/similar`)).json()) as SimilarEntries;
    expect(similar.entries[0]).toMatchObject({ string: 'Skomager.', reason: 'same-title' });
    const strings = similar.entries.map((entry) => entry.string);
    expect(strings).toEqual(expect.arrayContaining(['skomagere', 'skomagersvend']));
    expect(strings).not.toContain('skomager');
    expect(strings).not.toContain('smed');
    const kone = (await (await reviewer.get(`${entryPath('hans kone')}/similar`)).json()) as SimilarEntries;
    expect(kone.entries.map((entry) => entry.string)).toEqual(expect.arrayContaining(['hans kone og barn', 'deres kone']));
    expect((await reviewer.get(`${entryPath('nobody')}/similar`)).status).toBe(404);
  });

  it('maps the ticked entries with the saved one in one batch, and undoes the batch as one', async () => {
    const response = await save('skomager', { alsoStrings: ['skomagere', 'skomagersvend', 'not in the set'] });
    expect(response.status, await response.clone().text()).toBe(200);
    const saved = (await response.json()) as MappingSaved;
    expect(saved).toMatchObject({ mapped: 3, mappedCount: 3 });
    expect(saved.batchId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await mapped()).toMatchObject({ skomager: true, skomagere: true, skomagersvend: true, 'Skomager.': false, smed: false });
    const logged = await env.app.db.query('SELECT string FROM prediction_mapping_log WHERE set_id = $1 AND batch = $2 ORDER BY string', [setId, saved.batchId]);
    expect(logged.rows.map((row) => row.string)).toEqual(['skomager', 'skomagere', 'skomagersvend']);
    // Similar entries leave out the mapped ones.
    const similar = (await (await reviewer.get(`${entryPath('skomager')}/similar`)).json()) as SimilarEntries;
    expect(similar.entries.map((entry) => entry.string)).not.toContain('skomagere');

    const undo = await reviewer.post(`/api/prediction-sets/${setId}/mapping-batches/${saved.batchId}/undo`);
    expect(undo.status, await undo.clone().text()).toBe(200);
    expect((await undo.json()) as MappingBatchUndone).toEqual({ undone: 3, skipped: 0 });
    expect(await mapped()).toMatchObject({ skomager: false, skomagere: false, skomagersvend: false });
    const counts = (await (await reviewer.get(`/api/prediction-sets/${setId}?threshold=0.75`)).json()) as { mappedCount: number };
    expect(counts.mappedCount).toBe(0);
    expect((await reviewer.post(`/api/prediction-sets/${setId}/mapping-batches/${crypto.randomUUID()}/undo`)).status).toBe(404);
  });

  it("keeps the set's own tags, each once, and exports them with the mapping", async () => {
    expect((await save('smed', { mappings: { tags: ['Master', 'Lodger', 'Blacksmith of the parish'] } })).status).toBe(200);
    expect((await save('hans kone', { mappings: { tags: ['Lodger'] } })).status).toBe(200);
    const detail = (await (await reviewer.get(`/api/prediction-sets/${setId}/summary`)).json()) as PredictionSetDetail;
    expect(detail.customTags).toEqual(['Lodger', 'Blacksmith of the parish']);
    const exported = await (await reviewer.get(`/api/prediction-sets/${setId}/export?format=flattened`)).text();
    expect(exported).toContain('Master; Lodger; Blacksmith of the parish');
    // A tag is one line of plain text, and not empty.
    expect((await save('smed', { mappings: { tags: ['two\nlines'] } })).status).toBe(400);
    expect((await save('smed', { mappings: { tags: ['  '] } })).status).toBe(400);
  });

  it("opens a dataset's set most frequent first, a standalone set in the file's order", async () => {
    const created = await reviewer.post('/api/datasets', {
      data: [{ title: 'smed', code: '', totals: [2] }],
      metadata: { title: 'Parish', titleColumn: 'title', codeColumn: 'code', scheme: 'hisco', totalsColumns: ['people'] },
    });
    expect(created.status, await created.clone().text()).toBe(202);
    const dataset = (await created.json()) as { datasetId: string; jobId: string };
    expect((await waitForJob(reviewer, dataset.jobId, 60_000)).state).toBe('completed');
    const uploaded = await reviewer.upload(`/api/datasets/${dataset.datasetId}/predictions`, 'parish.json', JSON.stringify([{ string: 'smed', predictions: [] }]), {});
    const accepted = (await uploaded.json()) as { predictionSetId: string; jobId: string };
    expect((await waitForJob(reviewer, accepted.jobId, 60_000)).state).toBe('completed');
    const order = async (id: string) => ((await (await reviewer.get(`/api/prediction-sets/${id}/summary`)).json()) as PredictionSetDetail).predictionSet.reviewOrder;
    expect(await order(accepted.predictionSetId)).toBe('totals');
    expect(await order(setId)).toBe('file');
  });

  it('stores the share of people the review stops at', async () => {
    expect((await putGoal(0.95)).status).toBe(200);
    expect(((await (await reviewer.get(`/api/prediction-sets/${setId}/summary`)).json()) as PredictionSetDetail).goal).toBeCloseTo(0.95, 5);
    expect((await putGoal(1.5)).status).toBe(400);
    expect((await putGoal(null)).status).toBe(200);
    expect(((await (await reviewer.get(`/api/prediction-sets/${setId}/summary`)).json()) as PredictionSetDetail).goal).toBeNull();
  });
});
