import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetLimits, type DatasetAccepted, type DatasetList, type DatasetMetadataInput, type DatasetSummary, type DatasetTitle, type DatasetTitlesPage } from '../../shared/src/contracts/datasets.js';
import { csrfCookieName, csrfHeaderName } from '../../shared/src/contracts/auth.js';
import { HttpClient } from '../support/http-client.js';
import { JobSocket } from '../support/job-socket.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';
import { startWorkers } from '../../workers/src/start-workers.js';
import type { WorkerHost } from '../../workers/src/worker-host.js';
import { JobEventsEmitter } from '../../workers/src/job-events-emitter.js';
import type { JobRun } from '../../shared/src/contracts/jobs.js';
import { waitFor } from '../support/wait-for.js';

/**
 * The dataset endpoints against the real Postgres and Redis, without workers: uploads stay
 * queued, so what the API alone does (store, validate, list, permissions, delete) is checked
 * deterministically. Rows are put in place the way the ingest job leaves them (an attached
 * partition), so paging and deleting are tested here too; the end-to-end run through the real
 * worker is in the last block.
 */

let env: TestEnvironment;
let alice: HttpClient;
let bea: HttpClient;
let admin: HttpClient;
let beaId: string;
const sockets: JobSocket[] = [];
const fileLimit = 64_000;

const metadata: DatasetMetadataInput = {
  title: 'UK Census 1881 (sample)',
  titleColumn: 'occupation',
  codeColumn: 'hisco',
  scheme: 'hisco',
  totalsColumns: ['men', 'women'],
  language: 'en',
};
const csv = 'occupation,hisco,men,women\nFarmer,61110,3,1\nBaker,77610,2,0\nFarmer,61110,1,1\n';

beforeAll(async () => {
  env = await startTestEnvironment({ workers: false, env: { DATASET_FILE_LIMIT: `${fileLimit / 1000}kb`, BODY_LIMIT: '64kb' } });
  const users = { alice: await env.addUser('alice', 'member'), bea: await env.addUser('bea', 'member'), root: await env.addUser('root', 'admin') };
  beaId = users.bea.id;
  alice = new HttpClient(env.url);
  bea = new HttpClient(env.url);
  admin = new HttpClient(env.url);
  expect((await alice.login('alice', users.alice.password)).status).toBe(200);
  expect((await bea.login('bea', users.bea.password)).status).toBe(200);
  expect((await admin.login('root', users.root.password)).status).toBe(200);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await env?.close();
});

const uploadsDir = () => path.join(env.config.dataDir, 'uploads');
const uploadedFiles = (): string[] => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).sort() : []);
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string; details?: unknown } }).error;
const countDatasets = async () => (await env.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM datasets')).rows[0]!.n;

function uploadDataset(client: HttpClient, fields: { metadata?: unknown } = { metadata }, file = csv, name = 'census.csv', headers: Record<string, string> = {}) {
  const form: Record<string, string> = {};
  if (fields.metadata !== undefined) form.metadata = typeof fields.metadata === 'string' ? fields.metadata : JSON.stringify(fields.metadata);
  return client.upload('/api/datasets', name, file, form, headers);
}

async function createDataset(client: HttpClient, title = metadata.title): Promise<DatasetAccepted> {
  const response = await uploadDataset(client, { metadata: { ...metadata, title } });
  expect(response.status, await response.clone().text()).toBe(202);
  return (await response.json()) as DatasetAccepted;
}

async function listOf(client: HttpClient): Promise<DatasetSummary[]> {
  const response = await client.get('/api/datasets');
  expect(response.status).toBe(200);
  return ((await response.json()) as DatasetList).datasets;
}

async function jobInputOf(jobId: string): Promise<{ datasetId: string; path: string; format: string }> {
  const row = await env.app.db.query<{ input: { datasetId: string; path: string; format: string } }>('SELECT input FROM job_runs WHERE id = $1', [jobId]);
  return row.rows[0]!.input;
}

const hexOf = (id: string) => id.replace(/-/g, '');

/** Leaves the dataset as the ingest job does when it succeeds: its rows in an attached partition, state ready. */
async function putRows(datasetId: string, rows: DatasetTitle[]): Promise<void> {
  const table = `dataset_titles_${hexOf(datasetId)}`;
  const db = env.app.db;
  await db.query(`CREATE TABLE ${table} (LIKE dataset_titles INCLUDING DEFAULTS, CHECK (dataset_id = '${datasetId}'))`);
  await db.query(
    `INSERT INTO ${table} (dataset_id, title, code, totals, occurrences)
     SELECT $1, r.title, r.code, ARRAY(SELECT jsonb_array_elements_text(r.totals)::bigint), r.occurrences
       FROM jsonb_to_recordset($2::jsonb) AS r(title text, code text, totals jsonb, occurrences bigint)`,
    [datasetId, JSON.stringify(rows)],
  );
  await db.query(`CREATE INDEX ON ${table} (title, code)`);
  await db.query(`ALTER TABLE dataset_titles ATTACH PARTITION ${table} FOR VALUES IN ('${datasetId}')`);
  await db.query(
    `UPDATE datasets SET state = 'ready', row_count = $2, title_count = $3, ready_at = now() WHERE id = $1`,
    [datasetId, rows.reduce((sum, row) => sum + row.occurrences, 0), rows.length],
  );
}

async function tablesOf(datasetId: string): Promise<string[]> {
  const result = await env.app.db.query<{ relname: string }>("SELECT relname FROM pg_class WHERE relkind IN ('r', 'p') AND strpos(relname, $1) > 0", [hexOf(datasetId)]);
  return result.rows.map((row) => row.relname);
}

async function allTitles(client: HttpClient, datasetId: string, limit: number): Promise<{ titles: DatasetTitle[]; pages: number }> {
  const titles: DatasetTitle[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query: string = `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await client.get(`/api/datasets/${datasetId}/titles?${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    const page = (await response.json()) as DatasetTitlesPage;
    expect(page.titles.length).toBeLessThanOrEqual(limit);
    titles.push(...page.titles);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor);
  return { titles, pages };
}

describe('POST /api/datasets (multipart)', () => {
  it('stores the file, answers 202 with ids at once, and lists the dataset as ingesting', async () => {
    const accepted = await createDataset(alice);
    expect(accepted.jobId).toMatch(/^dataset\.ingest-/);
    expect(accepted.datasetId).toMatch(/^[0-9a-f-]{36}$/);

    const input = await jobInputOf(accepted.jobId);
    expect(input).toEqual({ datasetId: accepted.datasetId, path: expect.stringMatching(/\.csv$/), format: 'csv' });
    expect(fs.readFileSync(input.path, 'utf8')).toBe(csv);
    expect(path.dirname(input.path)).toBe(uploadsDir());

    const listed = (await listOf(alice)).find((dataset) => dataset.id === accepted.datasetId)!;
    expect(listed).toMatchObject({
      state: 'ingesting',
      isOwner: true,
      owner: { username: 'alice' },
      prediction_sets: [],
      collaborators: [],
      error: null,
      titleCount: null,
      byteSize: Buffer.byteLength(csv),
      ingest: { jobId: accepted.jobId, jobState: 'queued', progress: null },
      metadata: { ...metadata, originalName: 'census.csv', wikidataQid: null, provenance: null },
    });
    const one = await alice.get(`/api/datasets/${accepted.datasetId}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(listed);
  });

  it('lists newest first', async () => {
    const older = await createDataset(alice, 'Older');
    const newer = await createDataset(alice, 'Newer');
    const ids = (await listOf(alice)).map((dataset) => dataset.id);
    expect(ids.indexOf(newer.datasetId)).toBeLessThan(ids.indexOf(older.datasetId));
  });

  it('joins the dataset it already made when a request is repeated with the same Idempotency-Key', async () => {
    const before = uploadedFiles().length;
    const first = await uploadDataset(alice, { metadata }, csv, 'census.csv', { 'idempotency-key': 'upload-1' });
    const second = await uploadDataset(alice, { metadata }, csv, 'census.csv', { 'idempotency-key': 'upload-1' });
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    const [a, b] = [(await first.json()) as DatasetAccepted, (await second.json()) as DatasetAccepted];
    expect(b).toEqual(a);
    expect(uploadedFiles().length).toBe(before + 1);
    const rows = await env.app.db.query('SELECT id FROM datasets WHERE job_id = $1', [a.jobId]);
    expect(rows.rowCount).toBe(1);
    // Another user's same key is another request.
    const other = (await (await uploadDataset(bea, { metadata }, csv, 'census.csv', { 'idempotency-key': 'upload-1' })).json()) as DatasetAccepted;
    expect(other.datasetId).not.toBe(a.datasetId);
    expect((await uploadDataset(alice, { metadata }, csv, 'census.csv', { 'idempotency-key': 'not a key!' })).status).toBe(400);
  });

  it('answers 409 when an Idempotency-Key is reused after its dataset was deleted, storing nothing', async () => {
    const first = (await (await uploadDataset(alice, { metadata }, csv, 'census.csv', { 'idempotency-key': 'reused-1' })).json()) as DatasetAccepted;
    expect((await alice.request('DELETE', `/api/datasets/${first.datasetId}`)).status).toBe(204);
    const [files, datasets] = [uploadedFiles(), await countDatasets()];
    const again = await uploadDataset(alice, { metadata }, csv, 'census.csv', { 'idempotency-key': 'reused-1' });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toMatch(/deleted/);
    expect(uploadedFiles()).toEqual(files);
    expect(await countDatasets()).toBe(datasets);
  });

  it('keeps control characters out of the stored file name', async () => {
    // RFC 5987 lets a client send any byte in a file name; busboy decodes %00 to a NUL.
    const boundary = 'og-boundary-7f3a';
    const body = [
      `--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n${JSON.stringify(metadata)}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=utf-8''cen%00sus%0A.csv\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const response = await alice.request('POST', '/api/datasets', { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(response.status, await response.clone().text()).toBe(202);
    const accepted = (await response.json()) as DatasetAccepted;
    const dataset = (await (await alice.get(`/api/datasets/${accepted.datasetId}`)).json()) as { metadata: { originalName: string } };
    expect(dataset.metadata.originalName).toBe('census.csv');
  });

  it.each([
    ['no metadata field', undefined, 'validation_failed', 'metadata'],
    ['metadata that is not JSON', '{title:', 'malformed_json', null],
    ['an empty title', { ...metadata, title: '  ' }, 'validation_failed', 'title'],
    ['neither a title nor a code column', { ...metadata, titleColumn: null, codeColumn: null }, 'validation_failed', 'titleColumn'],
    ['an unknown scheme', { ...metadata, scheme: 'nope' }, 'validation_failed', 'scheme'],
    ['a totals column chosen twice', { ...metadata, totalsColumns: ['men', 'men'] }, 'validation_failed', 'totalsColumns'],
    ['a bad Wikidata QID', { ...metadata, wikidataQid: '42' }, 'validation_failed', 'wikidataQid'],
    ['a NUL in a column name', { ...metadata, titleColumn: 'title\u0000' }, 'validation_failed', 'titleColumn'],
  ])('refuses %s with 400 and stores nothing', async (_, given, code, detailPath) => {
    const [files, datasets] = [uploadedFiles(), await countDatasets()];
    const response = await uploadDataset(alice, { metadata: given });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe(code);
    if (detailPath) expect(error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: detailPath })]));
    expect(uploadedFiles()).toEqual(files);
    expect(await countDatasets()).toBe(datasets);
  });

  it('accepts only .csv files', async () => {
    const [files, datasets] = [uploadedFiles(), await countDatasets()];
    const response = await uploadDataset(alice, { metadata }, csv, 'census.xlsx');
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toContain('.csv');
    expect(uploadedFiles()).toEqual(files);
    expect(await countDatasets()).toBe(datasets);
  });

  it('answers 413 for a file over DATASET_FILE_LIMIT and keeps nothing of it', async () => {
    const [files, datasets] = [uploadedFiles(), await countDatasets()];
    const big = `occupation,hisco,men,women\n${'Farmer,61110,1,1\n'.repeat(fileLimit / 16 + 100)}`;
    const response = await uploadDataset(alice, { metadata }, big);
    expect(response.status).toBe(413);
    expect((await errorOf(response)).code).toBe('payload_too_large');
    expect(uploadedFiles()).toEqual(files);
    expect(await countDatasets()).toBe(datasets);
  });

  it('leaves nothing behind when the upload is cut off half-way, and keeps serving', async () => {
    const [files, datasets] = [uploadedFiles(), await countDatasets()];
    const boundary = 'cutoffboundary7MA4YWxkTrZu0gW';
    const content = `occupation,hisco,men,women\n${'Farmer,61110,1,1\n'.repeat(2_000)}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n${JSON.stringify(metadata)}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="census.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const length = head.length + Buffer.byteLength(content) + tail.length;
    const { hostname: host, port } = new URL(env.url);
    const socket = net.connect(Number(port), host);
    await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.write(
      [
        'POST /api/datasets HTTP/1.1',
        `Host: ${host}:${port}`,
        `Cookie: ${alice.cookieHeader}`,
        `${csrfHeaderName}: ${alice.cookies.get(csrfCookieName)}`,
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        `Content-Length: ${length}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(head);
    socket.write(content.slice(0, content.length / 2));
    // The server has started writing the file; then the client goes away.
    await waitFor('the partial upload to reach the disk', () => uploadedFiles().length > files.length, { intervalMs: 25 });
    socket.destroy();

    await waitFor('the partial upload to be removed', () => uploadedFiles().length === files.length, { intervalMs: 25 });
    expect(uploadedFiles()).toEqual(files);
    expect(await countDatasets()).toBe(datasets);
    expect((await alice.get('/api/datasets')).status).toBe(200);
  });

  it('needs a session and the CSRF token', async () => {
    const files = uploadedFiles();
    expect((await uploadDataset(new HttpClient(env.url))).status).toBe(401);
    const response = await alice.upload('/api/datasets', 'census.csv', csv, { metadata: JSON.stringify(metadata) }, {}, { csrf: false });
    expect(response.status).toBe(403);
    expect((await errorOf(response)).code).toBe('csrf_rejected');
    expect(uploadedFiles()).toEqual(files);
  });
});

describe('GET /api/datasets/limits', () => {
  it('tells a signed-in user the largest file an upload may send: DATASET_FILE_LIMIT, in bytes', async () => {
    for (const client of [alice, admin]) {
      const response = await client.get('/api/datasets/limits');
      expect(response.status).toBe(200);
      const body: unknown = await response.json();
      expect(body).toEqual({ fileLimitBytes: fileLimit });
      expect(datasetLimits.safeParse(body).success).toBe(true);
    }
    // The limit it names is the one uploads meet: a file of exactly that size is taken, one byte more is refused.
    const header = 'occupation,hisco,men,women\n';
    const datasets = await countDatasets();
    const over = await uploadDataset(alice, { metadata }, `${header}${'x'.repeat(fileLimit + 1 - header.length)}`);
    expect(over.status).toBe(413);
    expect(await countDatasets()).toBe(datasets);
    const atLimit = await uploadDataset(alice, { metadata }, `${header}${'x'.repeat(fileLimit - header.length)}`);
    expect(atLimit.status, await atLimit.clone().text()).toBe(202);
    expect(await countDatasets()).toBe(datasets + 1);
  });

  it('needs a session, like every dataset endpoint', async () => {
    const response = await new HttpClient(env.url).get('/api/datasets/limits');
    expect(response.status).toBe(401);
    expect(await response.json()).not.toHaveProperty('fileLimitBytes');
  });
});

describe('POST /api/datasets (JSON form, SPEC §7)', () => {
  const data = [
    { title: 'Farmer', code: '61110', totals: [3, '1'] },
    { title: 'Baker', code: null, totals: [2, ''] },
  ];

  it('writes the rows as JSON lines for the same job, with column names filled in', async () => {
    const response = await alice.post('/api/datasets', { data, metadata: { title: '  Scripted ', scheme: 'hisco' } });
    expect(response.status, await response.clone().text()).toBe(202);
    const accepted = (await response.json()) as DatasetAccepted;
    const input = await jobInputOf(accepted.jobId);
    expect(input.format).toBe('json');
    const lines = fs.readFileSync(input.path, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as unknown);
    expect(lines).toEqual([
      { title: 'Farmer', code: '61110', totals: [3, '1'] },
      { title: 'Baker', code: '', totals: [2, ''] },
    ]);
    const dataset = (await (await alice.get(`/api/datasets/${accepted.datasetId}`)).json()) as DatasetSummary;
    expect(dataset.metadata).toMatchObject({ title: 'Scripted', titleColumn: 'title', codeColumn: 'code', totalsColumns: ['total 1', 'total 2'], originalName: null });
    expect(dataset.state).toBe('ingesting');
  });

  it('keeps the column names it is given, and an explicit null', async () => {
    const response = await alice.post('/api/datasets', {
      data: [{ title: 'Farmer', code: '61110', totals: [] }],
      metadata: { title: 'Titles only', codeColumn: null, titleColumn: 'Occupation' },
    });
    expect(response.status).toBe(202);
    const { datasetId, jobId } = (await response.json()) as DatasetAccepted;
    expect(JSON.parse(fs.readFileSync((await jobInputOf(jobId)).path, 'utf8'))).toEqual({ title: 'Farmer', code: '', totals: [] });
    const dataset = (await (await alice.get(`/api/datasets/${datasetId}`)).json()) as DatasetSummary;
    expect(dataset.metadata).toMatchObject({ titleColumn: 'Occupation', codeColumn: null, totalsColumns: [] });
  });

  it('refuses bad bodies with 400 (413 over BODY_LIMIT) and stores nothing', async () => {
    const [files, datasets] = [uploadedFiles(), await countDatasets()];
    const ragged = await alice.post('/api/datasets', { data: [data[0], { title: 'X', code: '1', totals: [1] }], metadata: { title: 'T' } });
    expect(ragged.status).toBe(400);
    expect((await errorOf(ragged)).details).toEqual([expect.objectContaining({ path: 'data.1.totals' })]);
    expect((await alice.post('/api/datasets', { data: [], metadata: { title: 'T' } })).status).toBe(400);
    expect((await alice.post('/api/datasets', { data, metadata: { title: '' } })).status).toBe(400);
    expect((await alice.post('/api/datasets', { data, metadata: 'x' })).status).toBe(400);
    expect((await alice.post('/api/datasets', { rows: data, metadata: { title: 'T' } })).status).toBe(400);
    const tooBig = await alice.post('/api/datasets', { data: Array.from({ length: 5_000 }, () => data[0]), metadata: { title: 'T' } });
    expect(tooBig.status).toBe(413);
    expect(uploadedFiles()).toEqual(files);
    expect(await countDatasets()).toBe(datasets);
  });
});

describe('who may see and change a dataset', () => {
  let shared: DatasetAccepted;
  const rows: DatasetTitle[] = [{ title: 'Farmer', code: '61110', totals: [4, 2], occurrences: 2 }];

  beforeAll(async () => {
    shared = await createDataset(alice, 'Alice private');
    await putRows(shared.datasetId, rows);
  });

  it("hides a member's dataset from another member everywhere (404, not listed)", async () => {
    const id = shared.datasetId;
    expect((await listOf(bea)).map((dataset) => dataset.id)).not.toContain(id);
    for (const response of [
      await bea.get(`/api/datasets/${id}`),
      await bea.get(`/api/datasets/${id}/titles`),
      await bea.request('DELETE', `/api/datasets/${id}`),
      await bea.post(`/api/datasets/${id}/collaborators`, { username: 'bea' }),
      await bea.request('DELETE', `/api/datasets/${id}/collaborators/${beaId}`),
    ]) {
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toEqual({ code: 'not_found', message: 'No such dataset.' });
    }
    expect((await bea.get('/api/datasets/not-a-uuid')).status).toBe(404);
    expect((await alice.get('/api/datasets/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('does not let another member follow its ingest job live', async () => {
    const socket = new JobSocket(env.url, bea.cookieHeader);
    sockets.push(socket);
    await socket.connected();
    expect(await socket.subscribe(shared.jobId)).toEqual({ ok: false, error: 'No such job.' });
  });

  it('shares it with a collaborator, who sees it and its rows but may not delete or share it', async () => {
    const id = shared.datasetId;
    const unknown = await alice.post(`/api/datasets/${id}/collaborators`, { username: 'nobody' });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe('There is no user named "nobody".');
    expect((await alice.post(`/api/datasets/${id}/collaborators`, { username: '' })).status).toBe(400);
    expect((await alice.post(`/api/datasets/${id}/collaborators`, { username: 'alice' })).status).toBe(400);

    const added = await alice.post(`/api/datasets/${id}/collaborators`, { username: 'BEA' });
    expect(added.status).toBe(200);
    expect(((await added.json()) as DatasetSummary).collaborators).toEqual([{ id: beaId, username: 'bea', name: expect.any(String) }]);
    expect((await alice.post(`/api/datasets/${id}/collaborators`, { username: 'bea' })).status).toBe(200);

    const seen = (await listOf(bea)).find((dataset) => dataset.id === id);
    expect(seen).toMatchObject({ isOwner: false, owner: { username: 'alice' }, state: 'ready', titleCount: 1 });
    expect((await bea.get(`/api/datasets/${id}`)).status).toBe(200);
    expect((await allTitles(bea, id, 10)).titles).toEqual(rows);

    const socket = new JobSocket(env.url, bea.cookieHeader);
    sockets.push(socket);
    await socket.connected();
    expect(await socket.subscribe(shared.jobId)).toMatchObject({ ok: true, job: { id: shared.jobId } });

    for (const response of [
      await bea.request('DELETE', `/api/datasets/${id}`),
      await bea.post(`/api/datasets/${id}/collaborators`, { username: 'root' }),
      await bea.request('DELETE', `/api/datasets/${id}/collaborators/${beaId}`),
    ]) {
      expect(response.status).toBe(403);
      expect((await errorOf(response)).code).toBe('forbidden');
    }
    expect((await bea.get(`/api/datasets/${id}`)).status).toBe(200);
  });

  it('stops sharing when the owner removes the collaborator, and their open page stops hearing its ingest', async () => {
    const id = shared.datasetId;
    const [beaSocket, aliceSocket] = [new JobSocket(env.url, bea.cookieHeader), new JobSocket(env.url, alice.cookieHeader)];
    sockets.push(beaSocket, aliceSocket);
    await Promise.all([beaSocket.connected(), aliceSocket.connected()]);
    expect((await beaSocket.subscribe(shared.jobId)).ok).toBe(true);
    expect((await aliceSocket.subscribe(shared.jobId)).ok).toBe(true);

    expect((await alice.request('DELETE', `/api/datasets/${id}/collaborators/${beaId}`)).status).toBe(204);
    // An event for the job's room (as a worker sends it): the owner hears it, the removed collaborator not.
    const run = (await (await alice.get(`/api/jobs/${shared.jobId}`)).json()) as JobRun;
    const emitter = new JobEventsEmitter(env.app.redis, env.config.redisPrefix);
    await waitFor('the owner to hear the job event', () => {
      emitter.emit('job:progress', run, null);
      return aliceSocket.received.some((event) => event.job.id === shared.jobId);
    });
    await beaSocket.settle(emitter, beaId);
    expect(beaSocket.received.filter((event) => event.job.id === shared.jobId)).toEqual([]);
    expect((await alice.request('DELETE', `/api/datasets/${id}/collaborators/${beaId}`)).status).toBe(404);
    expect((await bea.get(`/api/datasets/${id}`)).status).toBe(404);
    expect((await listOf(bea)).map((dataset) => dataset.id)).not.toContain(id);
  });

  it('lets an admin see every dataset and delete it', async () => {
    const everything = (await listOf(admin)).map((dataset) => dataset.id);
    expect(everything).toContain(shared.datasetId);
    expect(everything.length).toBe(await countDatasets());
    expect((await admin.get(`/api/datasets/${shared.datasetId}/titles`)).status).toBe(200);
    expect((await admin.request('DELETE', `/api/datasets/${shared.datasetId}`)).status).toBe(204);
    expect((await alice.get(`/api/datasets/${shared.datasetId}`)).status).toBe(404);
    expect(await tablesOf(shared.datasetId)).toEqual([]);
  });
});

describe('GET /api/datasets/{id}/titles', () => {
  it('answers 409 with the state while the dataset is still being ingested', async () => {
    const { datasetId } = await createDataset(alice, 'Not yet');
    const response = await alice.get(`/api/datasets/${datasetId}/titles`);
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toEqual({ code: 'conflict', message: 'The dataset is still being ingested.', details: { state: 'ingesting', error: null } });
  });

  it('pages through every row exactly once, in (title, code) order', async () => {
    const { datasetId } = await createDataset(alice, 'Paged');
    const rows: DatasetTitle[] = [];
    for (let index = 0; index < 250; index += 1) {
      const title = ['Farmer', 'farmer', 'Ébéniste', 'Weaver "master"', 'Clerk, \\ court', '日本の大工', ''][index % 7]! + (index % 3 ? ` ${index % 11}` : '');
      rows.push({ title, code: String(index % 13), totals: [index, index * 2], occurrences: 1 + (index % 4) });
    }
    const unique = [...new Map(rows.map((row) => [`${row.title}\u0000${row.code}`, row])).values()];
    await putRows(datasetId, unique);

    const expected = (
      await env.app.db.query<{ title: string; code: string }>('SELECT title, code FROM dataset_titles WHERE dataset_id = $1 ORDER BY title, code', [datasetId])
    ).rows.map((row) => `${row.title}\u0000${row.code}`);
    expect(expected).toHaveLength(unique.length);

    for (const limit of [3, 7, 100, unique.length, 10_000]) {
      const { titles, pages } = await allTitles(alice, datasetId, limit);
      expect(titles.map((row) => `${row.title}\u0000${row.code}`)).toEqual(expected);
      expect(pages).toBe(Math.max(1, Math.ceil(unique.length / limit)));
    }
    const byKey = new Map(unique.map((row) => [`${row.title}\u0000${row.code}`, row]));
    for (const row of (await allTitles(alice, datasetId, 50)).titles) expect(row).toEqual(byKey.get(`${row.title}\u0000${row.code}`));

    const first = (await (await alice.get(`/api/datasets/${datasetId}/titles`)).json()) as DatasetTitlesPage;
    expect(first.titles).toHaveLength(100);
  });

  it('refuses a bad limit or cursor with 400', async () => {
    const { datasetId } = await createDataset(alice, 'Cursorless');
    await putRows(datasetId, [{ title: 'A', code: '', totals: [], occurrences: 1 }]);
    for (const query of ['limit=0', 'limit=10001', 'limit=abc', 'cursor=%%%', 'cursor=bm90LWEtY3Vyc29y']) {
      const response = await alice.get(`/api/datasets/${datasetId}/titles?${query}`);
      expect(response.status, query).toBe(400);
    }
  });
});

describe('DELETE /api/datasets/{id}', () => {
  it('drops the partition, any staging table, the row and the upload', async () => {
    const { datasetId, jobId } = await createDataset(alice, 'To delete');
    const { path: upload } = await jobInputOf(jobId);
    await putRows(datasetId, [{ title: 'Farmer', code: '61110', totals: [1, 2], occurrences: 1 }]);
    await env.app.db.query(`CREATE TABLE dataset_staging_${hexOf(datasetId)}_2 (title text)`);
    expect((await tablesOf(datasetId)).sort()).toEqual([`dataset_staging_${hexOf(datasetId)}_2`, `dataset_titles_${hexOf(datasetId)}`]);

    const response = await alice.request('DELETE', `/api/datasets/${datasetId}`);
    expect(response.status).toBe(204);
    expect(await tablesOf(datasetId)).toEqual([]);
    expect((await env.app.db.query('SELECT 1 FROM dataset_titles WHERE dataset_id = $1', [datasetId])).rowCount).toBe(0);
    expect((await env.app.db.query('SELECT 1 FROM datasets WHERE id = $1', [datasetId])).rowCount).toBe(0);
    expect(fs.existsSync(upload)).toBe(false);
    expect((await alice.get(`/api/datasets/${datasetId}`)).status).toBe(404);
    expect((await alice.request('DELETE', `/api/datasets/${datasetId}`)).status).toBe(404);
  });

  it('takes a still-queued ingest job out of the queue and records why', async () => {
    const { datasetId, jobId } = await createDataset(alice, 'Queued');
    const queue = env.app.jobs.queue('dataset.ingest');
    expect(await (await queue.getJob(jobId))?.getState()).toBe('waiting');
    expect((await alice.request('DELETE', `/api/datasets/${datasetId}`)).status).toBe(204);
    expect(await queue.getJob(jobId)).toBeUndefined();
    const job = await alice.get(`/api/jobs/${jobId}`);
    expect(await job.json()).toMatchObject({ state: 'failed', error: 'The dataset was deleted before it was ingested.' });
  });
});

/** Last, as it starts the workers: they also take up the jobs queued by the tests above. */
describe('through the real ingest worker', () => {
  let workers: WorkerHost | null = null;
  beforeAll(async () => {
    workers = await startWorkers(env.app);
  });
  afterAll(async () => workers?.close(1_000));

  it('ingests an upload; its rows page through once each, in order, with summed totals; deleting drops them', async () => {
    const titles = ['Farmer', 'Agricultural labourer', 'Baker', 'Ébéniste', 'Weaver, silk', 'Clerk "senior"'];
    const lines = ['occupation,hisco,men,women'];
    const expected = new Map<string, DatasetTitle>();
    for (let index = 0; index < 1_500; index += 1) {
      const title = titles[(index * index) % titles.length]!;
      const code = String(61_110 + (index % 7));
      const [men, women] = [index % 5, index % 3];
      lines.push(`${title.includes(',') || title.includes('"') ? `"${title.replace(/"/g, '""')}"` : title},${code},${men},${women}`);
      const key = `${title}\u0000${code}`;
      const row = expected.get(key) ?? { title, code, totals: [0, 0], occurrences: 0 };
      row.totals = [row.totals[0]! + men, row.totals[1]! + women];
      row.occurrences += 1;
      expected.set(key, row);
    }
    const response = await uploadDataset(alice, { metadata: { ...metadata, title: 'Ingested' } }, `${lines.join('\n')}\n`);
    expect(response.status).toBe(202);
    const { datasetId, jobId } = (await response.json()) as DatasetAccepted;
    const job = await waitForJob(alice, jobId);
    expect(job.state, job.error ?? '').toBe('completed');

    const dataset = (await (await alice.get(`/api/datasets/${datasetId}`)).json()) as DatasetSummary;
    expect(dataset).toMatchObject({ state: 'ready', rowCount: 1_500, titleCount: expected.size, ingest: { jobState: 'completed' } });
    const { titles: paged } = await allTitles(alice, datasetId, 4);
    const keys = paged.map((row) => `${row.title}\u0000${row.code}`);
    expect(new Set(keys).size).toBe(keys.length);
    const ordered = await env.app.db.query<{ title: string; code: string }>('SELECT title, code FROM dataset_titles WHERE dataset_id = $1 ORDER BY title, code', [datasetId]);
    expect(keys).toEqual(ordered.rows.map((row) => `${row.title}\u0000${row.code}`));
    expect(new Map(paged.map((row) => [`${row.title}\u0000${row.code}`, row]))).toEqual(expected);

    expect((await alice.request('DELETE', `/api/datasets/${datasetId}`)).status).toBe(204);
    expect(await tablesOf(datasetId)).toEqual([]);
    expect((await env.app.db.query('SELECT 1 FROM dataset_titles WHERE dataset_id = $1', [datasetId])).rowCount).toBe(0);
  });

  it("lists each ready prediction set's progress under its own threshold, exactly, and its moves as mappings are saved", async () => {
    const created = await alice.post('/api/datasets', { data: [{ title: 'Farmer', code: '61110', totals: [1] }], metadata: { title: 'With prediction sets' } });
    expect(created.status, await created.clone().text()).toBe(202);
    const { datasetId, jobId } = (await created.json()) as DatasetAccepted;
    expect((await waitForJob(alice, jobId)).state).toBe('completed');
    // Below the set's 0.75: 0.1, 0.7499 (in the thousandth the threshold falls in), no predictions (0) and no confidence (below any threshold); not 0.75 and 0.9.
    const entries = [
      { string: 'farmer', predictions: [{ uris: ['hisco:61110'], conf: 0.9 }] },
      { string: 'baker', predictions: [{ uris: ['hisco:77610'], conf: 0.1 }] },
      { string: 'weaver', predictions: [{ uris: ['hisco:75400'], conf: 0.7499 }] },
      { string: 'miller', predictions: [{ uris: ['hisco:77120'], conf: 0.75 }] },
      { string: 'clerk', predictions: [{ uris: ['hisco:39310'], conf: null }] },
      { string: 'idle', predictions: [] },
    ];
    const importSet = async (name: string, content: string) => {
      const response = await alice.upload(`/api/datasets/${datasetId}/predictions`, name, content, {});
      expect(response.status, await response.clone().text()).toBe(202);
      const accepted = (await response.json()) as { predictionSetId: string; jobId: string };
      await waitForJob(alice, accepted.jobId);
      return accepted.predictionSetId;
    };
    const setId = await importSet('parish.json', JSON.stringify(entries));
    const failedId = await importSet('broken.json', '[{"string": "smith", "predictions": [{"uris": ["hisco:83110"], "conf": 7}]}]');
    const listed = async () => (await listOf(alice)).find((dataset) => dataset.id === datasetId)!.prediction_sets;
    const progressOf = async (id: string) => (await listed()).find((set) => set.id === id)!.progress;

    expect((await listed()).map((set) => [set.id, set.state, set.progress])).toEqual([
      [setId, 'ready', { belowThreshold: 4, mapped: 0 }],
      [failedId, 'failed', null],
    ]);
    // The same as the review's counts, and the dataset's own answer says it too.
    expect(await (await alice.get(`/api/prediction-sets/${setId}?threshold=0.75`)).json()).toEqual({ totalBelowThreshold: 4, mappedCount: 0 });
    expect(((await (await alice.get(`/api/datasets/${datasetId}`)).json()) as DatasetSummary).prediction_sets[0]!.progress).toEqual({ belowThreshold: 4, mapped: 0 });

    const entryPath = (string: string) => `/api/prediction-sets/${setId}/entries/${encodeURIComponent(string)}`;
    const save = async (string: string, uris: string[]) => {
      const read = (await (await alice.get(`${entryPath(string)}?filter=all`)).json()) as { predictionEntry: { version: number } };
      const saved = await alice.post(entryPath(string), { mappings: { nodeURIs: [], predictionURIs: uris, tags: [] }, version: read.predictionEntry.version });
      expect(saved.status, await saved.clone().text()).toBe(200);
    };
    await save('baker', ['hisco:77610']);
    expect(await progressOf(setId)).toEqual({ belowThreshold: 4, mapped: 1 });
    await save('weaver', ['hisco:75400']);
    // Above the threshold: mapped, but not counted.
    await save('miller', ['hisco:77120']);
    expect(await progressOf(setId)).toEqual({ belowThreshold: 4, mapped: 2 });
    await save('baker', []);
    expect(await progressOf(setId)).toEqual({ belowThreshold: 4, mapped: 1 });

    // Under the threshold stored for the set.
    expect((await alice.request('PATCH', `/api/prediction-sets/${setId}?threshold=0.7`)).status).toBe(200);
    expect(await progressOf(setId)).toEqual({ belowThreshold: 3, mapped: 0 });
    // A threshold inside a thousandth: 0.75 is below 0.7505, in the thousandth read from the entries.
    expect((await alice.request('PATCH', `/api/prediction-sets/${setId}?threshold=0.7505`)).status).toBe(200);
    expect(await progressOf(setId)).toEqual({ belowThreshold: 5, mapped: 2 });
    expect((await alice.request('PATCH', `/api/prediction-sets/${setId}?threshold=1`)).status).toBe(200);
    expect(await progressOf(setId)).toEqual({ belowThreshold: 6, mapped: 2 });
  });

  it('ingests the JSON form the same way', async () => {
    const data = [
      { title: 'Farmer', code: '61110', totals: [3, '1'] },
      { title: 'Baker', code: null, totals: [2, ''] },
      { title: 'Farmer', code: '61110', totals: ['4', 5] },
    ];
    const response = await alice.post('/api/datasets', { data, metadata: { title: 'Scripted, ingested' } });
    expect(response.status).toBe(202);
    const { datasetId, jobId } = (await response.json()) as DatasetAccepted;
    const job = await waitForJob(alice, jobId);
    expect(job.state, job.error ?? '').toBe('completed');
    expect((await allTitles(alice, datasetId, 10)).titles).toEqual([
      { title: 'Baker', code: '', totals: [2, 0], occurrences: 1 },
      { title: 'Farmer', code: '61110', totals: [7, 6], occurrences: 2 },
    ]);
  });
});
