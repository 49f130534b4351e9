import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import type { BulkAcceptAccepted, NestedDatasetExport, NestedExportEntry, PredictionEntryAnswer } from '../../shared/src/contracts/predictions.js';
import type { PredictionSetChanged } from '../../shared/src/events/job-events.js';
import type { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

const data = path.resolve(import.meta.dirname, '../../../shared/data');

let env: TestEnvironment;
let owner: HttpClient;
let ownerName: string;
let stranger: HttpClient;

interface FileEntry {
  string: string;
  predictions: { uris: string[]; conf: number }[];
}

/** Strings a CSV or JSON writer must not break: quotes, commas, line breaks, formula starts, emoji, right-to-left text. */
const hostile = ['the "quoted", miller', 'line\nbreak weaver', "=cmd|' /C calc'!A0", '+44 porter', '-dash carter', '@SUM(A1) clerk', '🧵 tailor', 'نساج', 'a/b 100% #? ; carter'];
/** Each entry's predictions have different confidences (the import orders them most confident first). */
const hostileEntries: FileEntry[] = hostile.map((string, index) => ({
  string,
  predictions: index === 3 ? [] : [{ uris: ['hisco:61110'], conf: (50 + index) / 100 }, { uris: ['hisco:62105', 'hisco:83110'], conf: (25 + index) / 100 }],
}));

async function upload(client: HttpClient, to: string, fileName: string, content: string): Promise<{ predictionSetId: string; slug: string }> {
  const response = await client.upload(to, fileName, content, {});
  expect(response.status, await response.clone().text()).toBe(202);
  const accepted = (await response.json()) as { predictionSetId: string; slug: string; jobId: string };
  const job = await waitForJob(client, accepted.jobId, 120_000);
  expect(job.state, job.error ?? '').toBe('completed');
  return accepted;
}

async function download(client: HttpClient, pathName: string): Promise<{ bytes: Buffer; text: string; response: Response }> {
  const response = await client.get(pathName);
  expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { bytes, text: bytes.toString('utf8'), response };
}

/** A Flattened export read back: its header and rows (the byte-order mark checked and left out). */
async function flattened(pathName: string): Promise<{ header: string[]; rows: Record<string, string>[]; response: Response }> {
  const { bytes, text, response } = await download(owner, pathName);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const parsed = Papa.parse<string[]>(text.slice(1), { newline: '\r\n', skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const [header, ...lines] = parsed.data;
  return { header: header!, rows: lines.map((line) => Object.fromEntries(header!.map((column, index) => [column, line[index]!]))), response };
}

async function nested<T>(pathName: string): Promise<T> {
  const { text, response } = await download(owner, pathName);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return JSON.parse(text) as T;
}

async function storedEntries(setId: string): Promise<{ string: string; predictions: FileEntry['predictions']; position: number }[]> {
  return (await env.app.db.query('SELECT string, predictions, position FROM prediction_entries WHERE set_id = $1 ORDER BY position', [setId])).rows;
}

async function readEntry(setId: string, string: string): Promise<PredictionEntryAnswer> {
  const response = await owner.get(`/api/prediction-sets/${setId}/entries/${encodeURIComponent(string)}?filter=all&threshold=1`);
  expect(response.status).toBe(200);
  return (await response.json()) as PredictionEntryAnswer;
}

async function save(setId: string, string: string, mappings: { nodeURIs?: string[]; predictionURIs?: string[]; tags?: string[] }, version?: number): Promise<Response> {
  const body = { mappings: { nodeURIs: [], predictionURIs: [], tags: [], ...mappings }, version: version ?? (await readEntry(setId, string)).predictionEntry.version };
  return owner.post(`/api/prediction-sets/${setId}/entries/${encodeURIComponent(string)}`, body);
}

/** The set's maintained counts per thousandth against a COUNT over its entries: they must be equal. */
async function countsAgainstEntries(setId: string): Promise<{ kept: Record<string, string>; counted: Record<string, string> }> {
  const kept = await env.app.db.query<{ bucket: number; entries: number; mapped: number }>('SELECT bucket, entries, mapped FROM prediction_set_counts WHERE set_id = $1 AND entries > 0 ORDER BY bucket', [setId]);
  const counted = await env.app.db.query<{ bucket: number; entries: number; mapped: number }>(
    `SELECT least(1000, floor(best_conf * 1000))::smallint AS bucket, count(*)::int AS entries, (count(*) FILTER (WHERE mapped))::int AS mapped
       FROM prediction_entries WHERE set_id = $1 GROUP BY 1 ORDER BY 1`,
    [setId],
  );
  const shape = (rows: { bucket: number; entries: number; mapped: number }[]) => Object.fromEntries(rows.map((row) => [row.bucket, `${row.entries}/${row.mapped}`]));
  return { kept: shape(kept.rows), counted: shape(counted.rows) };
}

beforeAll(async () => {
  env = await startTestEnvironment({ workers: true });
  await importScheme(env.app.schemes, { scheme: 'hisco', text: fs.readFileSync(path.join(data, 'schemes/hisco.csv'), 'utf8'), format: 'csv', actorId: null });
  const signedIn = await env.signIn('erin', 'member');
  owner = signedIn.client;
  ownerName = signedIn.user.username;
  stranger = (await env.signIn('stu', 'member')).client;
}, 120_000);
afterAll(async () => {
  await env?.close();
});

describe('exports of a prediction set (issue 11)', () => {
  let set: { predictionSetId: string; slug: string };

  beforeAll(async () => {
    set = await upload(owner, '/api/predictions', 'hostile.json', JSON.stringify(hostileEntries));
    expect((await save(set.predictionSetId, hostile[0]!, { predictionURIs: ['hisco:62105', 'hisco:83110'], nodeURIs: ['hisco:61110', 'hisco:-1'], tags: ['Master', 'Part-time'] })).status).toBe(200);
    expect((await save(set.predictionSetId, hostile[2]!, { nodeURIs: ['hisco:83110'] })).status).toBe(200);
    // Tags without a URI: not mapped, still exported.
    expect((await save(set.predictionSetId, hostile[6]!, { tags: ['Apprentice'] })).status).toBe(200);
  }, 120_000);

  it('Flattened: a CSV with a byte-order mark, one row per entry and chosen URI, hostile strings intact and formula starts guarded', async () => {
    const { header, rows, response } = await flattened(`/api/prediction-sets/${set.predictionSetId}/export?format=flattened`);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="hostile (flattened).csv"');
    expect(header).toEqual(['string', 'uri', 'scheme', 'code', 'name', 'source', 'confidence', 'tags', 'mapped_by', 'mapped_at']);
    const guarded = (text: string) => (/^[=+\-@]/.test(text) ? `'${text}` : text);
    // The first entry: its prediction URIs, then its tree URIs, in the file's order of entries.
    expect(rows.map((row) => [row.string, row.uri, row.source])).toEqual([
      [hostile[0], 'hisco:62105', 'prediction'],
      [hostile[0], 'hisco:83110', 'prediction'],
      [hostile[0], 'hisco:61110', 'tree'],
      [hostile[0], 'hisco:-1', 'tree'],
      [hostile[1], '', ''],
      [guarded(hostile[2]!), 'hisco:83110', 'tree'],
      ...hostile.slice(3).map((string) => [guarded(string), '', '']),
    ]);
    expect(rows.filter((row) => row.string.startsWith("'")).map((row) => row.string)).toEqual(["'=cmd|' /C calc'!A0", "'+44 porter", "'-dash carter", "'@SUM(A1) clerk"]);
    const first = rows[0]!;
    expect(first).toMatchObject({ scheme: 'hisco', code: '62105', confidence: String(0.25), tags: 'Master; Part-time', mapped_by: ownerName });
    expect(first.name.length).toBeGreaterThan(0);
    expect(new Date(first.mapped_at).toISOString()).toBe(first.mapped_at);
    // A tree URI that is also predicted carries its prediction's confidence; HISCO's own code -1 is not guarded.
    expect(rows[2]).toMatchObject({ code: '61110', confidence: String(0.5) });
    expect(rows[3]).toMatchObject({ code: '-1', confidence: '' });
    expect(rows[5]).toMatchObject({ confidence: '0.27' });
    expect(rows.find((row) => row.string === '🧵 tailor')).toMatchObject({ uri: '', tags: 'Apprentice' });
  });

  it('Nested: the OCCPAST list with the mappings, in the file’s order', async () => {
    const entries = await nested<NestedExportEntry[]>(`/api/prediction-sets/${set.predictionSetId}/export?format=nested`);
    expect(entries.map((entry) => ({ string: entry.string, predictions: entry.predictions }))).toEqual(hostileEntries);
    expect(entries[0]!.mappings).toMatchObject({ nodeURIs: ['hisco:61110', 'hisco:-1'], predictionURIs: ['hisco:62105', 'hisco:83110'], tags: ['Master', 'Part-time'], mappedBy: ownerName });
    expect(entries[1]!.mappings).toEqual({ nodeURIs: [], predictionURIs: [], tags: [], mappedBy: null, mappedAt: null });
    expect(entries[0]).not.toHaveProperty('occurrences');
  });

  it('Nested round trip: the export uploaded again imports as the same set', async () => {
    const { text } = await download(owner, `/api/prediction-sets/${set.predictionSetId}/export?format=nested`);
    const again = await upload(owner, '/api/predictions', 'hostile again.json', text);
    const strip = (rows: Awaited<ReturnType<typeof storedEntries>>) => rows.map((row) => ({ string: row.string, predictions: row.predictions, position: Number(row.position) }));
    const original = strip(await storedEntries(set.predictionSetId));
    expect(original).toHaveLength(hostile.length);
    expect(strip(await storedEntries(again.predictionSetId))).toEqual(original);
  });

  it('answers 404 for a set someone else may not see, 400 for an unknown format, and needs a session', async () => {
    expect((await stranger.get(`/api/prediction-sets/${set.predictionSetId}/export?format=flattened`)).status).toBe(404);
    expect((await stranger.get(`/api/prediction-sets/${set.predictionSetId}/export?format=nested`)).status).toBe(404);
    expect((await owner.get(`/api/prediction-sets/${set.predictionSetId}/export?format=xlsx`)).status).toBe(400);
    expect((await owner.get(`/api/prediction-sets/00000000-0000-4000-8000-000000000000/export?format=nested`)).status).toBe(404);
    expect((await fetch(`${env.url}/api/prediction-sets/${set.predictionSetId}/export?format=nested`)).status).toBe(401);
  });
});

describe('exports of a dataset (issue 11)', () => {
  let dataset: { datasetId: string };
  let first: { predictionSetId: string };
  let second: { predictionSetId: string };

  beforeAll(async () => {
    const created = await owner.post('/api/datasets', {
      data: [
        { title: 'smith', code: '83110', totals: [3, 1] },
        { title: 'smith', code: '83120', totals: [2, 2] },
        { title: 'the "quoted", miller', code: '', totals: [5, 0] },
      ],
      metadata: { title: 'Parish, "1851"', titleColumn: 'title', codeColumn: 'code', scheme: 'hisco', totalsColumns: ['men', '=women'] },
    });
    expect(created.status, await created.clone().text()).toBe(202);
    dataset = (await created.json()) as { datasetId: string; jobId: string };
    expect((await waitForJob(owner, (dataset as { jobId: string }).jobId, 60_000)).state).toBe('completed');
    const to = `/api/datasets/${dataset.datasetId}/predictions`;
    first = await upload(owner, to, 'occcanine run.json', JSON.stringify([
      { string: 'smith', predictions: [{ uris: ['hisco:83110'], conf: 0.9 }] },
      { string: 'the "quoted", miller', predictions: [{ uris: ['hisco:77110'], conf: 0.4 }] },
      { string: 'tailor', predictions: [] },
    ]));
    second = await upload(owner, to, '=gpt run.json', JSON.stringify([{ string: 'smith', predictions: [{ uris: ['hisco:83120'], conf: 0.7 }] }]));
    expect((await save(first.predictionSetId, 'smith', { predictionURIs: ['hisco:83110'] })).status).toBe(200);
  }, 120_000);

  it('Flattened: every set of the dataset, each row with its set, the occurrences and the totals', async () => {
    const { header, rows, response } = await flattened(`/api/datasets/${dataset.datasetId}/export?format=flattened`);
    expect(response.headers.get('content-disposition')).toContain('attachment; filename="Parish, 1851 (flattened).csv"');
    expect(header).toEqual(['prediction_set', 'string', 'occurrences', 'men', "'=women", 'uri', 'scheme', 'code', 'name', 'source', 'confidence', 'tags', 'mapped_by', 'mapped_at']);
    expect(rows.map((row) => [row.prediction_set, row.string, row.occurrences, row.men, row["'=women"], row.uri, row.confidence])).toEqual([
      ['occcanine run', 'smith', '2', '5', '3', 'hisco:83110', '0.9'],
      ['occcanine run', 'the "quoted", miller', '1', '5', '0', '', ''],
      ['occcanine run', 'tailor', '0', '', '', '', ''],
      ["'=gpt run", 'smith', '2', '5', '3', '', ''],
    ]);
  });

  it('Nested: the dataset, its totals columns and each set with its entries, with occurrences and totals', async () => {
    const exported = await nested<NestedDatasetExport>(`/api/datasets/${dataset.datasetId}/export?format=nested`);
    expect(exported.dataset).toBe('Parish, "1851"');
    expect(exported.totalsColumns).toEqual(['men', '=women']);
    expect(exported.predictionSets.map((set) => [set.id, set.name])).toEqual([
      [first.predictionSetId, 'occcanine run'],
      [second.predictionSetId, '=gpt run'],
    ]);
    expect(exported.predictionSets[0]!.entries).toEqual([
      { string: 'smith', predictions: [{ uris: ['hisco:83110'], conf: 0.9 }], mappings: expect.objectContaining({ predictionURIs: ['hisco:83110'], mappedBy: ownerName }), occurrences: 2, totals: [5, 3] },
      { string: 'the "quoted", miller', predictions: [{ uris: ['hisco:77110'], conf: 0.4 }], mappings: expect.objectContaining({ predictionURIs: [] }), occurrences: 1, totals: [5, 0] },
      { string: 'tailor', predictions: [], mappings: expect.objectContaining({ predictionURIs: [] }), occurrences: 0, totals: [] },
    ]);
    // One set of the dataset alone: its entries with the totals.
    const one = await nested<NestedExportEntry[]>(`/api/prediction-sets/${second.predictionSetId}/export?format=nested`);
    expect(one).toEqual([expect.objectContaining({ string: 'smith', occurrences: 2, totals: [5, 3] })]);
  });

  it('answers 404 for a dataset someone else may not see', async () => {
    expect((await stranger.get(`/api/datasets/${dataset.datasetId}/export?format=flattened`)).status).toBe(404);
    expect((await stranger.get(`/api/datasets/${dataset.datasetId}/export?format=nested`)).status).toBe(404);
    expect((await owner.get(`/api/datasets/not-a-uuid/export?format=nested`)).status).toBe(404);
  });
});

describe('bulk acceptance and its undo (issue 11)', () => {
  /** More entries than one page of the job and of the export (5,000). */
  const size = 12_001;
  const entries: FileEntry[] = Array.from({ length: size }, (_, index) => ({
    string: `title ${index}`,
    predictions: index % 7 === 0 ? [] : [{ uris: [index % 2 ? 'hisco:61110' : 'hisco:62105'], conf: (index % 1000) / 1000 }, { uris: ['hisco:83110'], conf: (index % 1000) / 2000 }],
  }));
  const minConf = 0.3;
  /** What the job should take: an unmapped entry whose best prediction is at least minConf, as Postgres compares reals. */
  const qualifies = (entry: FileEntry) => entry.predictions.length > 0 && Math.fround(entry.predictions[0]!.conf) >= Math.fround(minConf);
  let set: { predictionSetId: string };
  let batch: BulkAcceptAccepted;
  /** Mapped by a reviewer before the acceptance: it must keep that mapping. */
  const reviewed = 'title 601';

  beforeAll(async () => {
    set = await upload(owner, '/api/predictions', 'bulk.json', JSON.stringify(entries));
    expect((await save(set.predictionSetId, reviewed, { nodeURIs: ['hisco:83110'] })).status).toBe(200);
  }, 180_000);

  it('refuses someone else, and a minConf outside 0–1', async () => {
    expect((await stranger.post(`/api/prediction-sets/${set.predictionSetId}/bulk-accept`, { minConf })).status).toBe(404);
    expect((await owner.post(`/api/prediction-sets/${set.predictionSetId}/bulk-accept`, { minConf: 1.5 })).status).toBe(400);
    expect((await owner.post(`/api/prediction-sets/${set.predictionSetId}/bulk-accept`, { minConf: '0.5' })).status).toBe(400);
  });

  it('maps every unmapped entry at or above minConf to its best prediction, as one job, logged and counted exactly', async () => {
    const before = await readEntry(set.predictionSetId, 'title 999');
    const socket = io(env.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: owner.cookieHeader }, reconnection: false, forceNew: true });
    const changes: PredictionSetChanged[] = [];
    socket.on('predictionSet:changed', (change) => changes.push(change));
    try {
      const ack = await new Promise<{ ok: boolean }>((resolve) => socket.emit('predictionSet:subscribe', set.predictionSetId, resolve));
      expect(ack.ok).toBe(true);

      // What the screen says it will touch before confirming.
      const preview = await owner.get(`/api/prediction-sets/${set.predictionSetId}/bulk-accept?minConf=${minConf}`);
      expect(await preview.json()).toEqual({ entries: entries.filter((entry) => entry.string !== reviewed && qualifies(entry)).length });
      expect((await owner.get(`/api/prediction-sets/${set.predictionSetId}/bulk-accept?minConf=2`)).status).toBe(400);

      const response = await owner.post(`/api/prediction-sets/${set.predictionSetId}/bulk-accept`, { minConf });
      expect(response.status, await response.clone().text()).toBe(202);
      batch = (await response.json()) as BulkAcceptAccepted;
      const job = await waitForJob(owner, batch.jobId, 120_000);
      expect(job.state, job.error ?? '').toBe('completed');
      const expected = entries.filter((entry) => entry.string !== reviewed && qualifies(entry));
      expect(expected.length).toBeGreaterThan(5_000);
      expect(job.result).toEqual({ accepted: expected.length, batchId: batch.batchId });
      expect(job.progress).toMatchObject({ phase: 'done', done: size, total: size });

      const mapped = await env.app.db.query<{ string: string; prediction_uris: string[]; node_uris: string[]; mapping_how: string }>(
        'SELECT string, prediction_uris, node_uris, mapping_how FROM prediction_entries WHERE set_id = $1 AND mapped ORDER BY position',
        [set.predictionSetId],
      );
      const byString = new Map(entries.map((entry) => [entry.string, entry]));
      expect(mapped.rows.filter((row) => row.mapping_how === 'bulk').map((row) => row.string)).toEqual(expected.map((entry) => entry.string));
      for (const row of mapped.rows.filter((row) => row.mapping_how === 'bulk')) expect(row.prediction_uris).toEqual(byString.get(row.string)!.predictions[0]!.uris);
      expect(mapped.rows.find((row) => row.string === reviewed)).toMatchObject({ node_uris: ['hisco:83110'], prediction_uris: [], mapping_how: 'review' });

      const log = await env.app.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM prediction_mapping_log WHERE batch = $1 AND how = 'bulk'`, [batch.batchId]);
      expect(log.rows[0]!.count).toBe(expected.length);
      const line = await env.app.db.query(`SELECT user_id, before, after FROM prediction_mapping_log WHERE batch = $1 AND string = 'title 999'`, [batch.batchId]);
      expect(line.rows).toEqual([{ user_id: expect.any(String), before: { nodeURIs: [], predictionURIs: [], tags: [] }, after: { nodeURIs: [], predictionURIs: ['hisco:61110'], tags: [] } }]);

      const { kept, counted } = await countsAgainstEntries(set.predictionSetId);
      expect(kept).toEqual(counted);
      const counts = (await (await owner.get(`/api/prediction-sets/${set.predictionSetId}?threshold=1`)).json()) as { mappedCount: number };
      expect(counts.mappedCount).toBe(expected.length + 1);

      // Watchers heard about it; a reviewer who read an accepted entry before is told someone saved since.
      await expect.poll(() => changes.length).toBeGreaterThan(0);
      expect(changes[0]).toEqual({ predictionSetId: set.predictionSetId, strings: [] });
      expect((await save(set.predictionSetId, 'title 999', { nodeURIs: ['hisco:83110'] }, before.predictionEntry.version)).status).toBe(409);
    } finally {
      socket.disconnect();
    }
  }, 180_000);

  it('exports a set of many pages whole, in order', async () => {
    const { rows } = await flattened(`/api/prediction-sets/${set.predictionSetId}/export?format=flattened`);
    expect(rows.map((row) => row.string)).toEqual(entries.map((entry) => entry.string));
    expect(rows.find((row) => row.string === 'title 999')).toMatchObject({ uri: 'hisco:61110', source: 'prediction', confidence: '0.999' });
    const exported = await nested<NestedExportEntry[]>(`/api/prediction-sets/${set.predictionSetId}/export?format=nested`);
    expect(exported).toHaveLength(size);
    expect(exported.map((entry) => entry.string)).toEqual(entries.map((entry) => entry.string));
  });

  it('undoes the batch, leaving alone the entries changed since, and counts stay exact', async () => {
    const changedSince = 'title 998';
    expect((await save(set.predictionSetId, changedSince, { predictionURIs: ['hisco:83110'], tags: ['Master'] })).status).toBe(200);
    const accepted = (await env.app.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM prediction_mapping_log WHERE batch = $1 AND how = 'bulk'`, [batch.batchId])).rows[0]!.count;

    expect((await stranger.post(`/api/prediction-sets/${set.predictionSetId}/bulk-accept/${batch.batchId}/undo`)).status).toBe(404);
    const response = await owner.post(`/api/prediction-sets/${set.predictionSetId}/bulk-accept/${batch.batchId}/undo`);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ undone: accepted - 1, skipped: 1 });

    const stillMapped = await env.app.db.query<{ string: string; prediction_uris: string[]; tags: string[]; mapping_how: string }>(
      'SELECT string, prediction_uris, tags, mapping_how FROM prediction_entries WHERE set_id = $1 AND mapped ORDER BY position',
      [set.predictionSetId],
    );
    expect(stillMapped.rows.map((row) => row.string)).toEqual([reviewed, changedSince]);
    expect(stillMapped.rows[1]).toMatchObject({ prediction_uris: ['hisco:83110'], tags: ['Master'], mapping_how: 'review' });
    const undoLog = await env.app.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM prediction_mapping_log WHERE batch = $1 AND how = 'undo'`, [batch.batchId]);
    expect(undoLog.rows[0]!.count).toBe(accepted - 1);
    const { kept, counted } = await countsAgainstEntries(set.predictionSetId);
    expect(kept).toEqual(counted);
    expect(((await (await owner.get(`/api/prediction-sets/${set.predictionSetId}?threshold=1`)).json()) as { mappedCount: number }).mappedCount).toBe(2);

    // Undone once: nothing more to restore. A batch that is not this set's is a 404.
    expect(await (await owner.post(`/api/prediction-sets/${set.predictionSetId}/bulk-accept/${batch.batchId}/undo`)).json()).toEqual({ undone: 0, skipped: accepted });
    expect((await owner.post(`/api/prediction-sets/${set.predictionSetId}/bulk-accept/00000000-0000-4000-8000-000000000000/undo`)).status).toBe(404);
    expect((await owner.post(`/api/prediction-sets/${set.predictionSetId}/bulk-accept/not-a-batch/undo`)).status).toBe(404);
  });

  it('refuses to undo a batch whose job is still running (it would map entries after the undo)', async () => {
    const running = '11111111-1111-4111-8111-111111111111';
    await env.app.db.query(`INSERT INTO job_runs (id, kind, state, input) VALUES ('predictions.bulk-accept-running', 'predictions.bulk-accept', 'active', $1)`, [
      JSON.stringify({ predictionSetId: set.predictionSetId, minConf: 0.9, batchId: running }),
    ]);
    const response = await owner.post(`/api/prediction-sets/${set.predictionSetId}/bulk-accept/${running}/undo`);
    expect(response.status).toBe(409);
  });
});
