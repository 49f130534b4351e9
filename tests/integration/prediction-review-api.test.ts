import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastEntryPosition } from '../../api/src/db/queries/prediction-entries.js';
import { entryPages } from '../../api/src/db/queries/prediction-entry-pages.js';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import type { PredictionEntryAnswer, PredictionSetCount } from '../../shared/src/contracts/predictions.js';
import type { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

const data = path.resolve(import.meta.dirname, '../../../shared/data');

let env: TestEnvironment;
let reviewer: HttpClient;
let second: HttpClient;
let stranger: HttpClient;
let set: { predictionSetId: string; slug: string };

/** Hostile strings among ordinary ones: each must round-trip through the address. */
const hostile = ['a/b weaver', '100% cotton spinner', 'smith #2', 'who? farmer', 'the "quoted" miller', '🧵 tailor', 'نساج', "Ölmüller Émile O'Brien"];
/** 60 entries: the i-th has best confidence i/60, so 45 lie below 0.75; a few share a normalised title. */
const entries = Array.from({ length: 60 }, (_, index) => ({
  string: index < hostile.length ? hostile[index]! : index === 50 ? 'Farm-Labourer' : index === 51 ? 'farm labourer' : `title ${String(index).padStart(2, '0')}`,
  predictions: [{ uris: ['hisco:61110'], conf: index / 60 }, ...(index % 2 ? [{ uris: ['hisco:62105'], conf: index / 120 }] : [])],
}));
const below = (threshold: number) => entries.filter((entry) => entry.predictions[0]!.conf < threshold);

const entryPath = (string: string, query = '') => `/api/prediction-sets/${set.predictionSetId}/entries/${encodeURIComponent(string)}${query}`;

async function read(client: HttpClient, pathName: string): Promise<PredictionEntryAnswer> {
  const response = await client.get(pathName);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as PredictionEntryAnswer;
}

async function counts(threshold: number): Promise<PredictionSetCount> {
  return (await (await reviewer.get(`/api/prediction-sets/${set.predictionSetId}?threshold=${threshold}`)).json()) as PredictionSetCount;
}

beforeAll(async () => {
  env = await startTestEnvironment({ workers: true });
  await importScheme(env.app.schemes, { scheme: 'hisco', text: fs.readFileSync(path.join(data, 'schemes/hisco.csv'), 'utf8'), format: 'csv', actorId: null });
  reviewer = (await env.signIn('rhea', 'member')).client;
  // A second reviewer: an admin sees every set.
  second = (await env.signIn('sam', 'admin')).client;
  stranger = (await env.signIn('stan', 'member')).client;
  const response = await reviewer.upload('/api/predictions', 'parish registers.json', JSON.stringify(entries), {});
  expect(response.status).toBe(202);
  const accepted = (await response.json()) as { predictionSetId: string; slug: string; jobId: string };
  expect((await waitForJob(reviewer, accepted.jobId, 60_000)).state).toBe('completed');
  set = accepted;
}, 120_000);
afterAll(async () => {
  await env?.close();
});

describe('the review API (SPEC §7)', () => {
  it("lists the uploader's standalone sets, and no one else's", async () => {
    const list = (await (await reviewer.get('/api/prediction-sets')).json()) as { predictionSets: { id: string; slug: string; total: number; threshold: number; filter: string; state: string }[] };
    expect(list.predictionSets).toEqual([expect.objectContaining({ id: set.predictionSetId, slug: set.slug, total: 60, threshold: 0.75, filter: 'unmapped', state: 'ready' })]);
    expect(set.slug).toMatch(/^parish-registers-[0-9a-f]{6}$/);
    expect(((await (await stranger.get('/api/prediction-sets')).json()) as { predictionSets: unknown[] }).predictionSets).toEqual([]);
    expect((await stranger.get(`/api/prediction-sets/${set.predictionSetId}`)).status).toBe(404);
    expect((await stranger.get(entryPath('smith #2'))).status).toBe(404);
  });

  it('counts the entries below any threshold, exactly', async () => {
    for (const threshold of [0, 0.1, 0.5, 0.75, 0.7501, 0.999, 1]) {
      expect(await counts(threshold)).toEqual({ totalBelowThreshold: below(threshold).length, mappedCount: 0 });
    }
  });

  it('walks the entries below the threshold from the first to the last and back, in each order', async () => {
    const expected = {
      file: below(0.75).map((entry) => entry.string),
      confidence: below(0.75).map((entry) => entry.string),
    };
    for (const order of ['file', 'confidence'] as const) {
      const query = `?threshold=0.75&filter=all&order=${order}`;
      const first = await read(reviewer, `/api/prediction-sets/${set.predictionSetId}/entries/_first${query}`);
      const walked = [first.predictionEntry.string];
      expect(first.predictionEntry.prev).toBeNull();
      let next = first.predictionEntry.next;
      while (next !== null) {
        const entry = await read(reviewer, entryPath(next, query));
        expect(entry.predictionEntry.string).toBe(next);
        expect(entry.predictionEntry.prev).toBe(walked.at(-1));
        walked.push(next);
        next = entry.predictionEntry.next;
      }
      expect(walked).toEqual(expected[order]);
    }
  });

  it('answers an entry with its predictions, mappings and the details of every URI it names', async () => {
    const answer = await read(reviewer, entryPath('a/b weaver', '?threshold=0.75&filter=all'));
    expect(answer.predictionEntry).toMatchObject({ string: 'a/b weaver', prev: null, next: '100% cotton spinner', predictions: [{ uris: ['hisco:61110'], conf: 0 }] });
    expect(answer.predictionEntry.mappings).toEqual({ treeNodes: [], nodeURIs: [], predictionURIs: [], tags: [] });
    expect(answer.nodeDetails['hisco:61110']).toMatchObject({ codeValue: '61110', name: expect.any(String) });
    expect((await reviewer.get(entryPath('no such title'))).status).toBe(404);
    expect(((await (await reviewer.get(entryPath('no such title'))).json()) as { error: { message: string } }).error.message).toBe('Entry not found');
  });

  it('saves a mapping, counts it, refuses a save over a newer one with 409, and propagates to the same title', async () => {
    const string = 'Farm-Labourer';
    const before = await read(reviewer, entryPath(string, '?filter=all'));
    const mappings = { treeNodes: [], nodeURIs: ['hisco:62105'], predictionURIs: ['hisco:61110'], tags: ['Day labour'] };
    const saved = await reviewer.post(entryPath(string, '?threshold=1'), { mappings, nodeDetails: {}, version: before.predictionEntry.version, propagate: true });
    expect(saved.status, await saved.clone().text()).toBe(200);
    // Counted under the threshold the reviewer works at (50/60 and 51/60 are above the set's 0.75).
    expect(await saved.json()).toMatchObject({ propagated: 1, mappedCount: 2 });
    expect(await counts(1)).toEqual({ totalBelowThreshold: 60, mappedCount: 2 });

    const after = await read(second, entryPath('farm labourer', '?filter=all'));
    expect(after.predictionEntry.mappings).toMatchObject({ nodeURIs: ['hisco:62105'], predictionURIs: ['hisco:61110'], tags: ['Day labour'] });
    expect(after.predictionEntry.mappings.treeNodes).toEqual([expect.objectContaining({ codeValue: '62105', scheme: 'hisco', code: '62105' })]);

    // A second reviewer saving over the version they read, which is no longer the current one.
    const stale = await second.post(entryPath(string), { mappings: { ...mappings, tags: [] }, version: before.predictionEntry.version });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: { details: { current: { tags: string[] } } } }).error.details.current.tags).toEqual(['Day labour']);
  });

  it('moves saved entries out of the unmapped review, and says so when none is left', async () => {
    const smith = await read(reviewer, entryPath('smith #2', '?threshold=0.75&filter=unmapped'));
    await reviewer.post(entryPath('smith #2'), { mappings: { nodeURIs: ['hisco:83110'], predictionURIs: [], tags: [] }, version: smith.predictionEntry.version });
    expect(await counts(0.75)).toEqual({ totalBelowThreshold: 45, mappedCount: 1 });
    const mapped = await read(reviewer, `/api/prediction-sets/${set.predictionSetId}/entries/_first?threshold=0.75&filter=mapped`);
    expect(mapped.predictionEntry).toMatchObject({ string: 'smith #2', prev: null, next: null });
    const unmapped = await read(reviewer, entryPath('100% cotton spinner', '?threshold=0.75&filter=unmapped'));
    expect(unmapped.predictionEntry.next).toBe('who? farmer');

    const none = await reviewer.get(`/api/prediction-sets/${set.predictionSetId}/entries/_first?threshold=0.01&filter=mapped`);
    expect(none.status).toBe(404);
    expect(((await none.json()) as { error: { message: string; details: unknown } }).error).toEqual({
      code: 'not_found',
      message: 'No mapped entry found in dataset',
      details: { datasetTitle: null, totalEntries: 60, filter: 'mapped', threshold: 0.01, belowThreshold: 1, mapped: 0, unmapped: 1 },
    });
  });

  it('stores the threshold and filter by slug, and searches the entries in scope', async () => {
    const patched = await reviewer.request('PATCH', `/api/prediction-sets/${set.slug}?filter=all&threshold=0.5`);
    expect(patched.status).toBe(200);
    expect(await patched.json()).toEqual({ filter: 'all', totalBelowThreshold: 30, mappedCount: 1 });
    const search = async (q: string) => ((await (await reviewer.get(`/api/prediction-sets/${set.predictionSetId}/_search?q=${encodeURIComponent(q)}`)).json()) as { options: { string: string }[] }).options.map((option) => option.string);
    expect(await search('ti')).toEqual([]);
    expect(await search('TITLE 1')).toEqual(['title 10', 'title 11', 'title 12', 'title 13', 'title 14', 'title 15', 'title 16', 'title 17', 'title 18', 'title 19']);
    expect(await search('100%')).toEqual(['100% cotton spinner']);
    // Letter case aside in every script, the string's and the query's.
    expect(await search('ölmüller')).toEqual(["Ölmüller Émile O'Brien"]);
    expect(await search('ÉMILE')).toEqual(["Ölmüller Émile O'Brien"]);
    expect(await search('title 4')).toEqual([]); // 40/60 and above: not below 0.5
  });

  it('saves two spellings of one title at once, each propagating to the other, without a deadlock', async () => {
    const none = { nodeURIs: [], predictionURIs: [], tags: [] };
    // Rounds of two reviewers saving the two entries of one normalised title at once, both unmapped
    // first, so each save locks its own entry and then wants the other's.
    for (let round = 0; round < 15; round++) {
      for (const string of ['Farm-Labourer', 'farm labourer']) expect((await reviewer.post(entryPath(string), { mappings: none })).status).toBe(200);
      const mappings = { nodeURIs: [round % 2 ? 'hisco:61110' : 'hisco:62105'], predictionURIs: [], tags: [] };
      const answers = await Promise.all([
        reviewer.post(entryPath('Farm-Labourer'), { mappings, propagate: true }),
        second.post(entryPath('farm labourer'), { mappings, propagate: true }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    }
    const counted = await env.app.db.query<{ mapped: string; entries: string }>(
      'SELECT (SELECT sum(mapped) FROM prediction_set_counts WHERE set_id = $1) AS mapped, (SELECT count(*) FROM prediction_entries WHERE set_id = $1 AND mapped) AS entries',
      [set.predictionSetId],
    );
    expect(Number(counted.rows[0]!.mapped)).toBe(Number(counted.rows[0]!.entries));
  });

  it("reports the same title's unmapped entries after a save, and the set's summary and coverage", async () => {
    const none = { nodeURIs: [], predictionURIs: [], tags: [] };
    for (const string of ['Farm-Labourer', 'farm labourer']) expect((await reviewer.post(entryPath(string), { mappings: none })).status).toBe(200);
    const saved = await reviewer.post(entryPath('Farm-Labourer'), { mappings: { ...none, nodeURIs: ['hisco:62105'] } });
    expect(await saved.json()).toMatchObject({ propagated: 0, sameTitle: 1 });
    const again = await reviewer.post(entryPath('Farm-Labourer'), { mappings: { ...none, nodeURIs: ['hisco:62105'] }, propagate: true });
    expect(await again.json()).toMatchObject({ propagated: 1, sameTitle: 0 });

    const summary = (await (await reviewer.get(`/api/prediction-sets/${set.slug}/summary`)).json()) as { predictionSet: { id: string; slug: string; isOwner: boolean }; dataset: unknown };
    expect(summary).toMatchObject({ predictionSet: { id: set.predictionSetId, slug: set.slug, isOwner: true }, dataset: null });
    expect((await stranger.get(`/api/prediction-sets/${set.slug}/summary`)).status).toBe(404);

    // A standalone set counts entries: mapped ones, and unmapped ones whose best prediction reaches the threshold.
    const mappedRows = await env.app.db.query<{ mapped: string; above: string }>(
      'SELECT count(*) FILTER (WHERE mapped) AS mapped, count(*) FILTER (WHERE NOT mapped AND best_conf >= 0.75) AS above FROM prediction_entries WHERE set_id = $1',
      [set.predictionSetId],
    );
    const coverage = await (await reviewer.get(`/api/prediction-sets/${set.predictionSetId}/coverage?threshold=0.75`)).json();
    expect(coverage).toEqual({ basis: 'entries', column: null, total: 60, mapped: Number(mappedRows.rows[0]!.mapped), aboveThreshold: Number(mappedRows.rows[0]!.above) });
    expect(Number(mappedRows.rows[0]!.mapped)).toBeGreaterThan(1);
  });

  it('walks mapped and unmapped entries together in each order, and each filter alone, as a full sort would; exports page through both', async () => {
    const none = { nodeURIs: [], predictionURIs: [], tags: [] };
    for (const string of ['title 10', 'title 23', 'title 24', 'title 41', 'title 59']) {
      expect((await reviewer.post(entryPath(string), { mappings: { ...none, nodeURIs: ['hisco:61110'] } })).status).toBe(200);
    }
    const stored = await env.app.db.query<{ string: string; position: string; best_conf: number; occurrences: string; mapped: boolean; below: boolean }>(
      'SELECT string, position, best_conf, occurrences, mapped, best_conf < 0.75::real AS below FROM prediction_entries WHERE set_id = $1',
      [set.predictionSetId],
    );
    const rows = stored.rows.map((row) => ({ ...row, position: Number(row.position), occurrences: Number(row.occurrences) }));
    type Row = (typeof rows)[number];
    const sorts: Record<'file' | 'confidence' | 'totals', (a: Row, b: Row) => number> = {
      file: (a, b) => a.position - b.position,
      confidence: (a, b) => a.best_conf - b.best_conf || a.position - b.position,
      totals: (a, b) => b.occurrences - a.occurrences || a.position - b.position,
    };
    const inFilter = { all: () => true, mapped: (row: Row) => row.mapped, unmapped: (row: Row) => !row.mapped };
    const scoped = rows.filter((row) => row.below);
    // Mapped entries lie between unmapped ones in every order, so an unfiltered walk has to merge the two.
    expect(scoped.filter((row) => row.mapped).length).toBeGreaterThanOrEqual(5);

    for (const order of ['file', 'confidence', 'totals'] as const) {
      for (const filter of ['all', 'mapped', 'unmapped'] as const) {
        const expected = scoped.filter(inFilter[filter]).sort(sorts[order]).map((row) => row.string);
        const query = `?threshold=0.75&filter=${filter}&order=${order}`;
        let entry = (await read(reviewer, `/api/prediction-sets/${set.predictionSetId}/entries/_first${query}`)).predictionEntry;
        const forward = [entry.string];
        while (entry.next !== null) {
          entry = (await read(reviewer, entryPath(entry.next, query))).predictionEntry;
          forward.push(entry.string);
        }
        const backward = [entry.string];
        while (entry.prev !== null) {
          entry = (await read(reviewer, entryPath(entry.prev, query))).predictionEntry;
          backward.push(entry.string);
        }
        expect(forward, `${order}, ${filter}`).toEqual(expected);
        expect(backward.reverse(), `${order}, ${filter}, backwards`).toEqual(expected);
      }
    }

    // The exports' pages: every entry once, in the file's order, pages of 7 cut through mapped and unmapped alike.
    const paged: string[] = [];
    for await (const page of entryPages(env.app.db, set.predictionSetId, '00000000-0000-0000-0000-000000000000', 7)) paged.push(...page.map((row) => row.string));
    expect(paged).toEqual([...rows].sort(sorts.file).map((row) => row.string));
    expect(await lastEntryPosition(env.app.db, set.predictionSetId)).toBe(Math.max(...rows.map((row) => row.position)));
  });

  it('lets the owner delete the set, and no one else', async () => {
    expect((await stranger.request('DELETE', `/api/prediction-sets/${set.predictionSetId}`)).status).toBe(404);
    expect((await reviewer.request('DELETE', `/api/prediction-sets/${set.predictionSetId}`)).status).toBe(204);
    expect((await reviewer.get(`/api/prediction-sets/${set.predictionSetId}`)).status).toBe(404);
  });
});

describe("the list of prediction sets (GET /api/prediction-sets) with the sets of datasets", () => {
  it("lists a dataset's set, with its dataset's id and name, to its owner, a collaborator and an admin, and not to a stranger", async () => {
    const collaborator = (await env.signIn('cora', 'member')).client;
    const created = await reviewer.post('/api/datasets', {
      data: [
        { title: 'smith', code: '83110', totals: [3] },
        { title: 'weaver', code: '', totals: [5] },
      ],
      metadata: { title: 'Parish 1851', titleColumn: 'title', codeColumn: 'code', scheme: 'hisco', totalsColumns: ['people'] },
    });
    expect(created.status, await created.clone().text()).toBe(202);
    const dataset = (await created.json()) as { datasetId: string; jobId: string };
    expect((await waitForJob(reviewer, dataset.jobId, 60_000)).state).toBe('completed');
    expect((await reviewer.post(`/api/datasets/${dataset.datasetId}/collaborators`, { username: 'cora' })).status).toBe(200);

    const uploaded = await reviewer.upload(`/api/datasets/${dataset.datasetId}/predictions`, 'parish coded.json', JSON.stringify(entries.slice(0, 5)), {});
    expect(uploaded.status, await uploaded.clone().text()).toBe(202);
    const datasetSet = (await uploaded.json()) as { predictionSetId: string; slug: string; jobId: string };
    expect((await waitForJob(reviewer, datasetSet.jobId, 60_000)).state).toBe('completed');
    // The collaborator's own standalone set stays listed as standalone beside it.
    const own = await collaborator.upload('/api/predictions', 'own file.json', JSON.stringify(entries.slice(0, 3)), {});
    expect(own.status).toBe(202);
    const ownSet = (await own.json()) as { predictionSetId: string; jobId: string };
    expect((await waitForJob(collaborator, ownSet.jobId, 60_000)).state).toBe('completed');

    type Listed = { id: string; name: string; dataset_id: string | null; datasetId: string | null; datasetName: string | null; state: string; total: number; canDelete: boolean };
    const listOf = async (client: HttpClient): Promise<Listed[]> => {
      const response = await client.get('/api/prediction-sets');
      expect(response.status).toBe(200);
      return ((await response.json()) as { predictionSets: Listed[] }).predictionSets;
    };
    const expected = { id: datasetSet.predictionSetId, name: 'parish coded', dataset_id: dataset.datasetId, datasetId: dataset.datasetId, datasetName: 'Parish 1851', state: 'ready', total: 5 };
    expect(await listOf(reviewer)).toEqual([expect.objectContaining({ ...expected, canDelete: true })]);
    const seenByCollaborator = await listOf(collaborator);
    expect(seenByCollaborator.map((listed) => listed.id)).toEqual([ownSet.predictionSetId, datasetSet.predictionSetId]);
    expect(seenByCollaborator[0]).toMatchObject({ name: 'own file', dataset_id: null, datasetId: null, datasetName: null, canDelete: true });
    // Only the dataset's owner (or an admin) may delete a dataset's set, as the DELETE says.
    expect(seenByCollaborator[1]).toMatchObject({ ...expected, canDelete: false });
    expect((await collaborator.request('DELETE', `/api/prediction-sets/${datasetSet.predictionSetId}`)).status).toBe(403);
    expect((await listOf(second)).find((listed) => listed.id === datasetSet.predictionSetId)).toMatchObject({ ...expected, canDelete: true });
    expect((await listOf(stranger)).map((listed) => listed.id)).toEqual([]);

    // A collaborator who is removed no longer sees it.
    const coraId = (await env.app.db.query<{ id: string }>(`SELECT id FROM users WHERE username = 'cora'`)).rows[0]!.id;
    expect((await reviewer.request('DELETE', `/api/datasets/${dataset.datasetId}/collaborators/${coraId}`)).status).toBe(204);
    expect((await listOf(collaborator)).map((listed) => listed.id)).toEqual([ownSet.predictionSetId]);
  });
});
