import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestLockNamespace } from '../../workers/src/dataset-ingest/dataset-ingest-queries.js';
import { ingestDataset } from '../../workers/src/dataset-ingest/ingest-dataset.js';
import { datasetMetadata, type DatasetMetadataInput } from '../../shared/src/contracts/datasets.js';
import { jobIdFor } from '../../shared/src/jobs/job-kinds.js';
import type { ProcessorFactories } from '../../workers/src/processor.js';
import { finalFailureHooks, processorFactories } from '../../workers/src/processor-map.js';
import { workerDeps } from '../../workers/src/start-workers.js';
import { WorkerHost } from '../../workers/src/worker-host.js';
import { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import type { JobRun } from '../../shared/src/contracts/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';
import { waitFor } from '../support/wait-for.js';
import { startWorkerProcess } from '../support/worker-process.js';

/**
 * The `dataset.ingest` job for real: files stored under DATA_DIR/uploads, a `datasets` row made
 * straight in the database (as `POST /api/datasets` makes it), the job enqueued through the
 * app's JobQueues, run by real BullMQ workers against Postgres and Redis. Expected rows are
 * computed here independently (papaparse's synchronous parse, or while generating a file).
 */

const root = path.resolve(import.meta.dirname, '../..');
const titlesDir = path.resolve(root, '../shared/data/titles');

interface StoredRow {
  totals: number[];
  occurrences: number;
}

/** Expected or stored rows keyed by title and code. */
type Rows = Map<string, StoredRow>;
const rowKey = (title: string, code: string) => `${title}\u0000${code}`;

function addRow(rows: Rows, title: string, code: string, totals: number[]): void {
  const key = rowKey(title, code);
  const row = rows.get(key);
  if (!row) rows.set(key, { totals: [...totals], occurrences: 1 });
  else {
    row.occurrences++;
    totals.forEach((value, index) => (row.totals[index]! += value));
  }
}

/** What a whole-number totals cell means (empty is 0), computed independently of the ingest code. */
function totalOf(cell: string | undefined): number {
  const text = (cell ?? '').trim();
  if (text === '') return 0;
  if (!/^[-+]?\d+$/.test(text)) throw new Error(`not a whole number: ${text}`);
  return Number(text);
}

async function storedRows(env: TestEnvironment, datasetId: string): Promise<Rows> {
  const result = await env.app.db.query<{ title: string; code: string; totals: string[]; occurrences: number }>(
    'SELECT title, code, totals, occurrences FROM dataset_titles WHERE dataset_id = $1',
    [datasetId],
  );
  return new Map(result.rows.map((row) => [rowKey(row.title, row.code), { totals: row.totals.map(Number), occurrences: Number(row.occurrences) }]));
}

/** Every table named after the dataset (its partition, a staging table), with whether it is attached. */
async function datasetTables(env: TestEnvironment, datasetId: string): Promise<string[]> {
  const hex = datasetId.replace(/-/g, '');
  const result = await env.app.db.query<{ relname: string; relispartition: boolean }>(
    `SELECT relname, relispartition FROM pg_class WHERE relkind IN ('r', 'p') AND relname LIKE '%' || $1 ORDER BY relname`,
    [hex],
  );
  return result.rows.map((row) => `${row.relname.replace(hex, '<id>')}${row.relispartition ? ' (attached)' : ''}`);
}

interface DatasetState {
  state: string;
  error: string | null;
  row_count: number | null;
  title_count: number | null;
  byte_size: number | null;
}

async function datasetState(env: TestEnvironment, datasetId: string): Promise<DatasetState> {
  const result = await env.app.db.query<DatasetState>('SELECT state, error, row_count, title_count, byte_size FROM datasets WHERE id = $1', [datasetId]);
  return result.rows[0]!;
}

/**
 * Stores the file as an upload, creates its dataset row and enqueues `dataset.ingest`, as the API
 * does. The file is the content given, or a file already written, hard-linked in (not written again).
 */
async function startIngest(
  env: TestEnvironment,
  ownerId: string,
  content: string | Buffer | { linkFrom: string },
  metadata: Partial<DatasetMetadataInput>,
  options: { format?: 'csv' | 'json'; dataDir?: string; datasetId?: string } = {},
): Promise<{ datasetId: string; jobId: string; file: string }> {
  const datasetId = options.datasetId ?? crypto.randomUUID();
  const uploads = path.join(options.dataDir ?? env.config.dataDir, 'uploads');
  await fs.promises.mkdir(uploads, { recursive: true });
  const file = path.join(uploads, `${datasetId}.${options.format === 'json' ? 'jsonl' : 'csv'}`);
  if (typeof content === 'string' || Buffer.isBuffer(content)) await fs.promises.writeFile(file, content);
  else {
    await fs.promises.link(content.linkFrom, file).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EXDEV') throw error;
      await fs.promises.copyFile(content.linkFrom, file); // TMPDIR on another file system than DATA_DIR
    });
  }
  const stored = { ...datasetMetadata.parse({ title: 'Ingest test', titleColumn: 'title', ...metadata }), originalName: 'test.csv' };
  const jobId = jobIdFor('dataset.ingest', datasetId);
  await env.app.db.query(
    `INSERT INTO datasets (id, owner_id, title, metadata, state, job_id, byte_size) VALUES ($1, $2, $3, $4, 'ingesting', $5, $6)`,
    [datasetId, ownerId, stored.title, JSON.stringify(stored), jobId, (await fs.promises.stat(file)).size],
  );
  await env.app.jobs.enqueue(env.app.db, 'dataset.ingest', { datasetId, path: file, format: options.format ?? 'csv' }, { ownerId, requestKey: datasetId });
  return { datasetId, jobId, file };
}

describe('dataset.ingest in a worker', () => {
  let env: TestEnvironment;
  let ownerId: string;
  let owner: HttpClient;

  beforeAll(async () => {
    env = await startTestEnvironment({ workers: true });
    const user = await env.addUser('ingrid', 'member');
    ownerId = user.id;
    owner = new HttpClient(env.url);
    expect((await owner.login('ingrid', user.password)).status).toBe(200);
  });
  afterAll(async () => {
    await env?.close();
  });

  /** A stored upload and its dataset row, without a job. */
  async function startIngestRow(content: string | Buffer, metadata: Partial<DatasetMetadataInput>) {
    const datasetId = crypto.randomUUID();
    const file = path.join(env.config.dataDir, 'uploads', `${datasetId}.csv`);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(file, content);
    const stored = datasetMetadata.parse({ title: 'Spill test', titleColumn: 'title', ...metadata });
    await env.app.db.query(`INSERT INTO datasets (id, owner_id, title, metadata) VALUES ($1, $2, $3, $4)`, [datasetId, ownerId, stored.title, JSON.stringify(stored)]);
    return { datasetId, file };
  }

  async function ingest(content: string | Buffer, metadata: Partial<DatasetMetadataInput> = {}, format: 'csv' | 'json' = 'csv') {
    const started = await startIngest(env, ownerId, content, metadata, { format });
    const job = await waitForJob(owner, started.jobId);
    return { ...started, job, dataset: await datasetState(env, started.datasetId) };
  }

  async function ingestReady(content: string | Buffer, metadata: Partial<DatasetMetadataInput> = {}, format: 'csv' | 'json' = 'csv') {
    const done = await ingest(content, metadata, format);
    expect(done.job.error).toBeNull();
    expect(done.dataset).toMatchObject({ state: 'ready', error: null });
    expect(fs.existsSync(done.file)).toBe(false);
    return { ...done, rows: await storedRows(env, done.datasetId) };
  }

  /**
   * The file fails its dataset with this message, at once (one attempt), leaving no rows, no
   * tables and no upload; and the worker still runs the next job.
   */
  async function expectRefused(content: string | Buffer, metadata: Partial<DatasetMetadataInput>, message: string) {
    const done = await ingest(content, metadata);
    expect(done.job.state).toBe('failed');
    expect(done.job.error).toBe(message);
    expect(done.dataset).toMatchObject({ state: 'failed', error: message, row_count: null, title_count: null });
    const attempts = await env.app.db.query<{ attempts: number }>('SELECT attempts FROM job_runs WHERE id = $1', [done.jobId]);
    expect(attempts.rows[0]!.attempts).toBe(1);
    expect((await storedRows(env, done.datasetId)).size).toBe(0);
    expect(await datasetTables(env, done.datasetId)).toEqual([]);
    expect(fs.existsSync(done.file)).toBe(false);

    const next = await ingestReady('title,code\nbaker,1\n', { codeColumn: 'code' });
    expect([...next.rows.keys()]).toEqual([rowKey('baker', '1')]);
  }

  it('ingests a real title file: its distinct (title, code) rows with summed totals', async () => {
    const file = path.join(titlesDir, 'histocc_se_raw_to_standard.csv');
    const content = await fs.promises.readFile(file);
    const parsed = Papa.parse<Record<string, string>>(content.toString('utf8'), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const expected: Rows = new Map();
    for (const row of parsed.data) addRow(expected, row.title!.trim(), row.standard_title!.trim(), [totalOf(row.n)]);

    const done = await ingestReady(content, { titleColumn: 'title', codeColumn: 'standard_title', totalsColumns: ['n'] });
    expect(done.job.result).toEqual({ rows: parsed.data.length, titles: expected.size, bytes: content.length, encoding: 'utf-8' });
    expect(done.dataset).toMatchObject({ row_count: parsed.data.length, title_count: expected.size, byte_size: content.length });
    expect(done.job.progress).toMatchObject({ phase: 'done', done: expected.size, total: expected.size });
    expect(done.rows.size).toBe(expected.size);
    expect(done.rows).toEqual(expected);
    expect(await datasetTables(env, done.datasetId)).toEqual(['dataset_titles_<id> (attached)']);
  });

  it("groups a real file's repeated titles: one row per distinct (title, code), occurrences and sums added up", async () => {
    const toy = await fs.promises.readFile(path.join(titlesDir, 'occcanine_toydata_en.csv'));
    const toyRows = Papa.parse<Record<string, string>>(toy.toString('utf8'), { header: true, skipEmptyLines: true }).data;
    const expectedToy: Rows = new Map();
    for (const row of toyRows) addRow(expectedToy, row.title!.trim(), row.hisco!.trim(), []);
    const toyDone = await ingestReady(toy, { titleColumn: 'title', codeColumn: 'hisco' });
    expect(toyRows.length).toBeGreaterThan(expectedToy.size);
    expect(toyDone.dataset).toMatchObject({ row_count: toyRows.length, title_count: expectedToy.size });
    expect(toyDone.rows).toEqual(expectedToy);

    // Titles only (no code column), a numeric column as totals.
    const danish = await fs.promises.readFile(path.join(titlesDir, 'occcanine_dk_occupations_unlabelled.csv'));
    const danishRows = Papa.parse<Record<string, string>>(danish.toString('utf8'), { header: true, skipEmptyLines: true }).data;
    const expectedDanish: Rows = new Map();
    for (const row of danishRows) addRow(expectedDanish, row.title!.trim(), '', [totalOf(row.row_id)]);
    const danishDone = await ingestReady(danish, { titleColumn: 'title', totalsColumns: ['row_id'] });
    expect(danishRows.length).toBeGreaterThan(expectedDanish.size);
    expect(danishDone.rows).toEqual(expectedDanish);
  });

  it('groups titles that differ only by surrounding spaces and sums their totals', async () => {
    const csv = 'title,code,men,women\n  Smith ,HS1,2,3\nSmith,HS1,5,\n"Smith ",HS1, 1 ,1\nSmith,HS2,1,1\n\tSmith\t, HS1 ,0,4\n';
    const done = await ingestReady(csv, { codeColumn: 'code', totalsColumns: ['men', 'women'] });
    expect(done.rows).toEqual(
      new Map([
        [rowKey('Smith', 'HS1'), { totals: [8, 8], occurrences: 4 }],
        [rowKey('Smith', 'HS2'), { totals: [1, 1], occurrences: 1 }],
      ]),
    );
    expect(done.dataset).toMatchObject({ row_count: 5, title_count: 2 });
  });

  it('refuses ragged rows, naming the line', async () => {
    await expectRefused('title,code\nbaker,1\nsmith\nmiller,2\n', { codeColumn: 'code' }, 'Line 3 has 1 field; the header has 2.');
    await expectRefused('title,code\nbaker,1\nsmith,2,3\n', { codeColumn: 'code' }, 'Line 3 has 3 fields; the header has 2.');
  });

  it('reads a semicolon-delimited file', async () => {
    const done = await ingestReady('title;code;n\nBäcker;7411;3\nBäcker;7411;4\n"Müller; Meister";7412;1\n', { codeColumn: 'code', totalsColumns: ['n'] });
    expect(done.rows).toEqual(
      new Map([
        [rowKey('Bäcker', '7411'), { totals: [7], occurrences: 2 }],
        [rowKey('Müller; Meister', '7412'), { totals: [1], occurrences: 1 }],
      ]),
    );
  });

  it('reads quoted fields with line breaks and doubled quotes, and counts physical lines after them', async () => {
    const rows = 'title,code,n\n"Smith, ""the elder""\nof York",1,2\nplain,2,3\n"Smith, ""the elder""\nof York",1,5\n';
    const done = await ingestReady(rows, { codeColumn: 'code', totalsColumns: ['n'] });
    expect(done.rows).toEqual(
      new Map([
        [rowKey('Smith, "the elder"\nof York', '1'), { totals: [7], occurrences: 2 }],
        [rowKey('plain', '2'), { totals: [3], occurrences: 1 }],
      ]),
    );
    // Lines 2–3 and 5–6 are one row each: the ragged row is on line 7.
    await expectRefused(`${rows}bad,1\n`, { codeColumn: 'code', totalsColumns: ['n'] }, 'Line 7 has 2 fields; the header has 3.');
    await expectRefused('title,code\nbaker,1\n"smith,2\nmiller,3\n', { codeColumn: 'code' }, 'Line 3: a quoted field is never closed (a " is missing).');
  });

  it('skips a UTF-8 byte-order mark: the first column is named without it', async () => {
    const done = await ingestReady('\uFEFFtitle,code\nbaker,1\n', { titleColumn: 'title', codeColumn: 'code' });
    expect(done.rows).toEqual(new Map([[rowKey('baker', '1'), { totals: [], occurrences: 1 }]]));
    expect(done.job.result).toMatchObject({ encoding: 'utf-8' });
  });

  it('decodes a Latin-1 (windows-1252) file', async () => {
    const latin1 = Buffer.concat([Buffer.from('title,code\nM\xfcller,1\nB\xe4cker,2\nM\xfcller,1\nCaf\xe9 owner ', 'latin1'), Buffer.from([0x80]), Buffer.from(',3\n')]);
    const done = await ingestReady(latin1, { codeColumn: 'code' });
    expect(done.job.result).toMatchObject({ encoding: 'windows-1252', rows: 4, titles: 3 });
    expect(done.rows).toEqual(
      new Map([
        [rowKey('Müller', '1'), { totals: [], occurrences: 2 }],
        [rowKey('Bäcker', '2'), { totals: [], occurrences: 1 }],
        [rowKey('Café owner €', '3'), { totals: [], occurrences: 1 }],
      ]),
    );
  });

  it('reads the file again as windows-1252 when invalid UTF-8 turns up after the first MiB', async () => {
    const ascii = 'title,code\n' + 'weaver,1\n'.repeat(130_000);
    expect(ascii.length).toBeGreaterThan(1024 * 1024);
    const done = await ingestReady(Buffer.concat([Buffer.from(ascii), Buffer.from('M\xfcller,2\n', 'latin1')]), { codeColumn: 'code' });
    expect(done.job.result).toMatchObject({ encoding: 'windows-1252', rows: 130_001, titles: 2 });
    expect(done.rows.get(rowKey('Müller', '2'))).toEqual({ totals: [], occurrences: 1 });
    expect(done.rows.get(rowKey('weaver', '1'))).toEqual({ totals: [], occurrences: 130_000 });
  });

  it('reads the file again as windows-1252 after it had written pairs to the partition: they are not counted twice', async () => {
    // 35,000 distinct titles, twice (over a MiB): they outgrow a small grouping memory, and their
    // second rows are late rows, which outgrow theirs: rows reach both tables (COPYs ended, so
    // committed) before the bad byte.
    let csv = 'title,code\n';
    for (let row = 0; row < 70_000; row++) csv += `weaver no. ${row % 35_000},1\n`;
    const bytes = Buffer.concat([Buffer.from(csv), Buffer.from('M\xfcller,2\nweaver no. 7,1\n', 'latin1')]);
    expect(bytes.length).toBeGreaterThan(1024 * 1024);
    const { datasetId, file } = await startIngestRow(bytes, { codeColumn: 'code' });
    const result = await ingestDataset(env.app.db, { datasetId, path: file, format: 'csv' }, { groupBytes: 256 * 1024 });
    expect(result).toMatchObject({ encoding: 'windows-1252', rows: 70_002, titles: 35_001 });
    const rows = await storedRows(env, datasetId);
    expect(rows.size).toBe(35_001);
    expect(rows.get(rowKey('Müller', '2'))).toEqual({ totals: [], occurrences: 1 });
    expect(rows.get(rowKey('weaver no. 7', '1'))).toEqual({ totals: [], occurrences: 3 });
    expect(rows.get(rowKey('weaver no. 34999', '1'))).toEqual({ totals: [], occurrences: 2 });
  });

  it('refuses a file whose UTF-8 start is followed by bytes that are not UTF-8, instead of garbling it', async () => {
    const utf8 = 'title,code\nÉbéniste,1\n' + 'weaver,1\n'.repeat(130_000);
    await expectRefused(Buffer.concat([Buffer.from(utf8), Buffer.from('M\xfcller,2\n', 'latin1')]), { codeColumn: 'code' }, 'The file starts in UTF-8 but has bytes further on that are not UTF-8 (a mix of encodings). Save the whole file as UTF-8 and upload it again.');
  });

  it('refuses a header of more than 10,000 columns', async () => {
    await expectRefused(`title,${'n,'.repeat(10_000)}x\nweaver${',1'.repeat(10_001)}\n`, {}, 'The header has 10,002 columns; a dataset file may have at most 10,000.');
  });

  it('refuses an empty file and a header without rows', async () => {
    await expectRefused('', {}, 'The file is empty.');
    await expectRefused('\uFEFF', {}, 'The file is empty.');
    await expectRefused('\n\n', {}, 'The file is empty.');
    await expectRefused('title,code\n', { codeColumn: 'code' }, 'The file has a header but no rows.');
    await expectRefused('title,code\n\n\n', { codeColumn: 'code' }, 'The file has a header but no rows.');
  });

  it('refuses a 100,000-character title, and reads one in a column it does not use', async () => {
    const long = 'x'.repeat(100_000);
    await expectRefused(`title,code\nbaker,1\n${long},2\n`, { codeColumn: 'code' }, 'Line 3: the title is 100,000 characters long; at most 2,000 are allowed.');
    await expectRefused(`title,code\nbaker,1\nsmith,"${long}"\n`, { codeColumn: 'code' }, 'Line 3: the code is 100,000 characters long; at most 2,000 are allowed.');
    const done = await ingestReady(`title,code,notes\nbaker,1,"${long}, with a comma"\nsmith,2,short\n`, { codeColumn: 'code' });
    expect([...done.rows.keys()].sort()).toEqual([rowKey('baker', '1'), rowKey('smith', '2')]);
  });

  it('refuses a binary file renamed .csv', async () => {
    const gzip = zlib.gzipSync(Buffer.from('title,code\nbaker,1\n'.repeat(1_000)));
    await expectRefused(gzip, {}, 'This is not a text CSV file (it contains binary data).');
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), crypto.randomBytes(4_096)]);
    await expectRefused(png, {}, 'This is not a text CSV file (it contains binary data).');
  });

  it('refuses a chosen column the header does not have, listing the header', async () => {
    await expectRefused('title,code\nbaker,1\n', { titleColumn: 'occupation' }, "The title column 'occupation' is not in the file's header ('title', 'code').");
    await expectRefused('title,code\nbaker,1\n', { codeColumn: 'hisco' }, "The code column 'hisco' is not in the file's header ('title', 'code').");
    await expectRefused('title,n\nbaker,1\n', { totalsColumns: ['n', 'men'] }, "The totals column 'men' is not in the file's header ('title', 'n').");
  });

  it('refuses totals that are not whole numbers, naming line, value and column', async () => {
    await expectRefused('title,n\nbaker,3\nsmith,abc\n', { totalsColumns: ['n'] }, "Line 3: 'abc' in totals column 'n' is not a whole number.");
    await expectRefused('title,n\nbaker,3\nsmith,"1,5"\n', { totalsColumns: ['n'] }, "Line 3: '1,5' in totals column 'n' is not a whole number.");
    await expectRefused('title,n\nbaker,2.5\n', { totalsColumns: ['n'] }, "Line 2: '2.5' in totals column 'n' is not a whole number.");
  });

  it('writes pairs to the partition while it reads, and merges the late ones in, when the distinct rows outgrow the grouping memory', async () => {
    // Straight through the ingest command, with a small memory budget for the grouping.
    const expected: Rows = new Map();
    let csv = 'title,code,n\n';
    for (let row = 0; row < 60_000; row++) {
      const title = `title ${(row * 7_919) % 20_000}`;
      const code = String(row % 3);
      csv += `${row % 10 === 0 ? ` ${title} ` : title},${code},${row % 5}\n`;
      addRow(expected, title, code, [row % 5]);
    }
    const { datasetId, file } = await startIngestRow(csv, { codeColumn: 'code', totalsColumns: ['n'] });
    const phases: string[] = [];
    const result = await ingestDataset(
      env.app.db,
      { datasetId, path: file, format: 'csv' },
      { groupBytes: 256 * 1024, report: async (progress) => void phases.push(`${progress.phase}: ${progress.message ?? ''}`) },
    );
    expect(result).toEqual({ rows: 60_000, titles: expected.size, bytes: Buffer.byteLength(csv), encoding: 'utf-8' });
    // Most pairs were written while the file was read; the rest at the end; rows of pairs written already were merged in.
    expect(phases).toContainEqual(expect.stringMatching(/^grouping: 60,000 rows, [1-9][\d,]* distinct written, [\d,]+ more$/));
    expect(phases).toContainEqual(expect.stringMatching(/^grouping: 60,000 rows, [1-9][\d,]* lines to add up$/));
    expect(await storedRows(env, datasetId)).toEqual(expected);
    expect(await datasetState(env, datasetId)).toMatchObject({ state: 'ready', row_count: 60_000, title_count: expected.size });
    expect(await datasetTables(env, datasetId)).toEqual(['dataset_titles_<id> (attached)']);
  });

  it('refuses sums past 2^53 when the pairs outgrow the memory too', async () => {
    // 20 rows of 999,999,999,999,999 for one title, far apart: each batch of the small grouping
    // memory holds a few of them; the late pairs' sum, in memory or in the merge, passes 2^53 (~2^54).
    let csv = 'title,code,n\n';
    for (let row = 0; row < 60_000; row++) csv += row % 3_000 === 0 ? 'rich,1,999999999999999\n' : `title ${row},1,1\n`;
    const { datasetId, file } = await startIngestRow(csv, { codeColumn: 'code', totalsColumns: ['n'] });
    await expect(ingestDataset(env.app.db, { datasetId, path: file, format: 'csv' }, { groupBytes: 256 * 1024 })).rejects.toThrow(
      /^(Line \d+: the totals of|The totals of the title) 'rich' add up past 2\^53, more than can be summed exactly\.$/,
    );
    expect(await datasetTables(env, datasetId)).toEqual([]);
  });

  it('reads the JSON form of an upload (one row per line)', async () => {
    const lines = [
      { title: ' Smith ', code: 'HS1', totals: [1, '2'] },
      { title: 'Smith', code: 'HS1', totals: [3, ''] },
      { title: 'Baker', code: null, totals: [0, 7] },
    ].map((row) => JSON.stringify(row));
    const done = await ingestReady(lines.join('\n') + '\n', { totalsColumns: ['men', 'women'] }, 'json');
    expect(done.rows).toEqual(
      new Map([
        [rowKey('Smith', 'HS1'), { totals: [4, 2], occurrences: 2 }],
        [rowKey('Baker', ''), { totals: [0, 7], occurrences: 1 }],
      ]),
    );
  });
});

/** The first 32 bits of the MD5 of a row's title and code, as a signed number (as Postgres reads them in the checksum). */
const keyHash = (title: string, code: string) => BigInt(parseInt(crypto.createHash('md5').update(`${title}\t${code}`).digest('hex').slice(0, 8), 16) | 0);
/** A row's numbers weighted into one, so that a checksum notices a total in the wrong column. */
const weighted = (occurrences: number, totals: number[]) => BigInt(occurrences + 3 * totals[0]! + 7 * totals[1]! + 11 * totals[2]!);

/**
 * A census-like CSV of about `bytes` from the real titles — skewed, some quoted, some with
 * surrounding spaces — where most rows also carry a running number in the title, so the file has
 * more distinct rows than the ingest groups in memory. Answers what the ingest must store, worked
 * out while writing (no parsing): rows, distinct rows, sums, and a checksum over the distinct
 * rows (the sum of each row's key hash times its weighted numbers, which adds up the same per
 * row or per group).
 */
function writeCensusFile(file: string, bytes: number) {
  const pool: { title: string; code: string }[] = [];
  for (const name of fs.readdirSync(titlesDir).filter((entry) => entry.endsWith('.csv')).sort()) {
    const parsed = Papa.parse<string[]>(fs.readFileSync(path.join(titlesDir, name), 'utf8'), { skipEmptyLines: true });
    for (const row of parsed.data.slice(1)) if (row[0]?.trim()) pool.push({ title: row[0], code: (row[1] ?? '').slice(0, 20).trim() });
  }
  let seed = 7;
  const random = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const repeated = new Set<string>();
  const sums = [0, 0, 0, 0];
  let checksum = 0n;
  let numbered = 0;
  let rows = 0;
  let written = 0;
  let piece = 'occupation,hisco,men,women,total\n';
  const out = fs.openSync(file, 'w');
  while (written + piece.length < bytes) {
    const source = pool[Math.floor(pool.length * random() ** 3)]!;
    // A running number makes the title unique (the ⟨⟩ no real title has).
    const title = random() < 0.75 ? `${source.title.trim()} ⟨${++numbered}⟩` : source.title.trim();
    if (!title.includes('⟨')) repeated.add(`${title}\u0000${source.code}`);
    const men = Math.floor(random() * 40);
    const women = random() < 0.01 ? '' : String(Math.floor(random() * 40));
    const totals = [men, totalOf(women), men + totalOf(women)];
    piece += `${quote(random() < 0.02 ? `  ${title} ` : title)},${quote(source.code)},${men},${women},${totals[2]}\n`;
    [1, ...totals].forEach((value, index) => (sums[index]! += value));
    checksum += keyHash(title, source.code) * weighted(1, totals);
    rows++;
    if (piece.length > 1 << 20) {
      written += fs.writeSync(out, piece);
      piece = '';
    }
  }
  fs.writeSync(out, piece);
  fs.closeSync(out);
  return { rows, titles: numbered + repeated.size, sums, checksum: String(checksum) };
}

/**
 * An 80 MB census file (over a million distinct rows: more than the grouping holds in memory, so
 * an ingest writes pairs to its partition while it reads), written once for all the tests here that
 * need one; they hard-link it in as their upload.
 */
let census: Promise<ReturnType<typeof writeCensusFile> & { file: string }> | null = null;
const censusColumns = { titleColumn: 'occupation', codeColumn: 'hisco', totalsColumns: ['men', 'women', 'total'] };
function censusFile() {
  census ??= fs.promises.mkdtemp(path.join(os.tmpdir(), 'og-census-')).then((dir) => {
    const file = path.join(dir, 'census.csv');
    return { file, ...writeCensusFile(file, 80 * 1024 * 1024) };
  });
  return census;
}
afterAll(async () => {
  if (census) await fs.promises.rm(path.dirname((await census).file), { recursive: true, force: true });
});

describe('dataset.ingest when its worker is killed half-way', () => {
  let env: TestEnvironment;
  let child: ChildProcess | null = null;
  let host: WorkerHost | null = null;
  let dataDir: string;

  beforeAll(async () => {
    env = await startTestEnvironment({ workers: false });
    // The worker processes get their own DATA_DIR: the test's embedded triple store opens in one process only.
    dataDir = `${env.config.dataDir}-workers`;
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await host?.close(1_000);
    await env?.close();
    await fs.promises.rm(dataDir, { recursive: true, force: true });
  });

  async function jobRun(jobId: string) {
    const result = await env.app.db.query<{ state: string; progress: { phase: string; done: number; total: number } | null; attempts: number; error: string | null }>(
      'SELECT state, progress, attempts, error FROM job_runs WHERE id = $1',
      [jobId],
    );
    return result.rows[0]!;
  }


  it('is picked up by another worker and ends with exactly the right rows', { timeout: 240_000 }, async () => {
    const owner = await env.addUser('kai', 'member');
    // Over a million distinct rows: more than the grouping holds in memory, so the worker writes
    // pairs to its partition while it reads, a COPY that the kill cuts off.
    const census = await censusFile();
    expect(census.titles).toBeGreaterThan(1_000_000);
    await fs.promises.mkdir(dataDir, { recursive: true });
    child = (await startWorkerProcess(env, { DATA_DIR: dataDir, WORKER_CONCURRENCY: '1' })).child;

    const { datasetId, jobId, file } = await startIngest(env, owner.id, { linkFrom: census.file }, censusColumns, { dataDir });

    // Kill it while its COPY into the (standalone) partition runs.
    const partition = `dataset_titles_${datasetId.replace(/-/g, '')}`;
    await waitFor(
      'the ingest to copy rows into its partition',
      async () => {
        const copying = await env.app.db.query<{ tuples: number }>(
          'SELECT tuples_processed AS tuples FROM pg_stat_progress_copy WHERE relid = to_regclass($1)',
          [partition],
        );
        return (copying.rows[0]?.tuples ?? 0) > 0;
      },
      { timeoutMs: 120_000 },
    );
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    // Nothing of it is visible: the partition is standalone (and the cut-off COPY rolled back),
    // its tables are left behind for the retry to drop.
    expect(await datasetState(env, datasetId)).toMatchObject({ state: 'ingesting', row_count: null });
    expect((await storedRows(env, datasetId)).size).toBe(0);
    expect(await datasetTables(env, datasetId)).toEqual(['dataset_staging_<id>', 'dataset_titles_<id>']);
    await waitFor('the dead connection to go', async () => !(await env.app.db.query('SELECT 1 FROM pg_stat_progress_copy WHERE relid = to_regclass($1)', [partition])).rowCount, { timeoutMs: 10_000 });

    // Let the time pass that BullMQ waits before it trusts a job is stalled: the dead worker's job
    // lock (60 s) and its claim on the next stalled-jobs check (30 s) expire now. Then a worker
    // that looks for stalled jobs every half second puts the job back in the queue and runs it.
    const queueKey = `${env.config.redisPrefix}:bull:dataset.ingest`;
    expect(await env.app.redis.del(`${queueKey}:${jobId}:lock`)).toBe(1);
    await env.app.redis.del(`${queueKey}:stalled-check`);
    host = new WorkerHost(
      { ...workerDeps(env.app), config: { ...env.config, dataDir } },
      processorFactories,
      { concurrency: 1, lockDurationMs: 10_000, stalledIntervalMs: 500 },
    );
    await host.waitUntilReady();
    const finished = await waitFor(
      'the retried job to finish',
      async () => {
        const run = await jobRun(jobId);
        return run.state === 'completed' || run.state === 'failed' ? run : null;
      },
      { timeoutMs: 180_000 },
    );
    expect(finished).toMatchObject({ state: 'completed', error: null, progress: { phase: 'done' } });

    // Exactly the file's rows: the count of distinct rows, the sums and the checksum.
    expect(await datasetState(env, datasetId)).toMatchObject({ state: 'ready', error: null, row_count: census.rows, title_count: census.titles });
    const stored = await env.app.db.query<{ titles: number; sums: string[]; checksum: string }>(
      `SELECT count(*)::int AS titles,
              ARRAY[sum(occurrences), sum(totals[1]), sum(totals[2]), sum(totals[3])]::text[] AS sums,
              sum((('x' || substr(md5(title || E'\t' || code), 1, 8))::bit(32)::int)::numeric
                  * (occurrences + 3 * totals[1] + 7 * totals[2] + 11 * totals[3]))::text AS checksum
         FROM dataset_titles WHERE dataset_id = $1`,
      [datasetId],
    );
    expect({ ...stored.rows[0], sums: stored.rows[0]!.sums.map(Number) }).toEqual({ titles: census.titles, sums: census.sums, checksum: census.checksum });
    expect(await datasetTables(env, datasetId)).toEqual(['dataset_titles_<id> (attached)']);
    expect(fs.existsSync(file)).toBe(false);
  });
});


describe('dataset.ingest when its dataset is deleted while it runs', () => {
  let env: TestEnvironment;
  let ownerId: string;
  let owner: HttpClient;

  beforeAll(async () => {
    env = await startTestEnvironment({ workers: true });
    const user = await env.addUser('dora', 'member');
    ownerId = user.id;
    owner = new HttpClient(env.url);
    expect((await owner.login('dora', user.password)).status).toBe(200);
  });
  afterAll(async () => {
    await env?.close();
  });

  /**
   * Deletes the dataset through the API while its job runs; answers the job once it ended. How
   * soon it stops is measured by the bench (`npm run bench`, "stops after its dataset's delete").
   */
  async function deleteWhileRunning(datasetId: string, jobId: string): Promise<JobRun> {
    expect(((await (await owner.get(`/api/jobs/${jobId}`)).json()) as { state: string }).state).toBe('active');
    expect((await owner.request('DELETE', `/api/datasets/${datasetId}`)).status).toBe(204);
    return waitForJob(owner, jobId, 30_000);
  }

  /** The job stopped because of the delete: it ended as completed (nothing failed: the dataset is gone) in its 'deleted' phase, not by reading on to the end. */
  function expectStoppedByTheDelete(job: JobRun) {
    expect(job).toMatchObject({ state: 'completed', error: null, progress: { phase: 'deleted' } });
  }

  /** Nothing of the dataset is left: no row, no tables (partition or staging), no upload, no connection holding its lock. */
  async function expectNothingLeft(datasetId: string, file: string) {
    expect((await env.app.db.query('SELECT 1 FROM datasets WHERE id = $1', [datasetId])).rowCount).toBe(0);
    expect(await datasetTables(env, datasetId)).toEqual([]);
    expect(fs.existsSync(file)).toBe(false);
    // The ingest's connection is closed as the job ends, not before: give it a moment to go.
    await waitFor('the ingest to let go of its advisory lock', async () => (await advisoryLocks()).length === 0, { timeoutMs: 5_000 });
  }

  async function advisoryLocks(): Promise<{ granted: boolean }[]> {
    const locks = await env.app.db.query<{ granted: boolean }>(
      `SELECT granted FROM pg_locks
        WHERE locktype = 'advisory' AND classid = $1 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [ingestLockNamespace],
    );
    return locks.rows;
  }

  it('stops when deleted while it reads a large file, leaving no tables and no upload; the worker takes the next job', { timeout: 180_000 }, async () => {
    const census = await censusFile();
    const { datasetId, jobId, file } = await startIngest(env, ownerId, { linkFrom: census.file }, censusColumns);
    const partition = `dataset_titles_${datasetId.replace(/-/g, '')}`;
    await waitFor(
      'the ingest to copy rows into its partition',
      async () => {
        const copying = await env.app.db.query<{ tuples: number }>(
          'SELECT tuples_processed AS tuples FROM pg_stat_progress_copy WHERE datname = current_database() AND relid = to_regclass($1)',
          [partition],
        );
        return (copying.rows[0]?.tuples ?? 0) > 0;
      },
      { timeoutMs: 60_000 },
    );

    expectStoppedByTheDelete(await deleteWhileRunning(datasetId, jobId));
    await expectNothingLeft(datasetId, file);

    const next = await startIngest(env, ownerId, 'title,code\nbaker,1\n', { codeColumn: 'code' });
    expect(await waitForJob(owner, next.jobId)).toMatchObject({ state: 'completed', error: null });
    expect(await datasetState(env, next.datasetId)).toMatchObject({ state: 'ready', row_count: 1, title_count: 1 });
  });

  // The cancel itself is what the next test proves; this one, that stopping in the middle of a long statement leaves nothing.
  it('stops when deleted while its partition is indexed, leaving no tables', { timeout: 180_000 }, async () => {
    const census = await censusFile();
    const { datasetId, jobId, file } = await startIngest(env, ownerId, { linkFrom: census.file }, censusColumns);
    const indexing = `CREATE UNIQUE INDEX "dataset_titles_${datasetId.replace(/-/g, '')}_title_code"%`;
    const running = async () =>
      (await env.app.db.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND query LIKE $1`, [indexing]))
        .rowCount;
    await waitFor('the ingest to index its partition', running, { timeoutMs: 60_000 });

    expectStoppedByTheDelete(await deleteWhileRunning(datasetId, jobId));
    expect(await running()).toBe(0);
    await expectNothingLeft(datasetId, file);
  });

  it('cancels a statement that waits (here for the lock an earlier attempt still holds): only the cancel can end it', async () => {
    const datasetId = crypto.randomUUID();
    const holder = await env.app.db.connect();
    let file: string;
    try {
      await holder.query('SELECT pg_advisory_lock($1, hashtext($2))', [ingestLockNamespace, datasetId]);
      const started = await startIngest(env, ownerId, 'title,code\nbaker,1\n', { codeColumn: 'code' }, { datasetId });
      file = started.file;
      await waitFor('the ingest to wait for the lock', async () => (await advisoryLocks()).some((lock) => !lock.granted));

      // The lock stays held: the ingest would wait for it for minutes.
      expectStoppedByTheDelete(await deleteWhileRunning(datasetId, started.jobId));
    } finally {
      await holder.query('SELECT pg_advisory_unlock_all()');
      holder.release();
    }
    await expectNothingLeft(datasetId, file);
  });
});

describe('dataset.ingest failing for good', () => {
  let env: TestEnvironment;
  let ownerId: string;
  const serverFailureMessage = 'The ingest failed on the server (the details are in its log). Upload the file again, or ask an administrator.';

  beforeAll(async () => {
    env = await startTestEnvironment({ workers: false });
    ownerId = (await env.addUser('fay', 'member')).id;
  });
  afterAll(async () => {
    await env?.close();
  });

  /** Runs `work` with a worker host of the app's final-failure hooks, and the given processors. */
  async function withWorkerHost(factories: ProcessorFactories, work: () => Promise<void>) {
    const host = new WorkerHost(workerDeps(env.app), factories, {
      concurrency: 1,
      finalFailureHooks,
    });
    try {
      await host.waitUntilReady();
      await work();
    } finally {
      await host.close(1_000);
    }
  }

  async function failedRun(jobId: string) {
    return waitFor(
      'the job to fail for good',
      async () => {
        const result = await env.app.db.query<{ state: string; attempts: number; error: string | null }>('SELECT state, attempts, error FROM job_runs WHERE id = $1', [jobId]);
        return result.rows[0]?.state === 'failed' ? result.rows[0] : null;
      },
      { timeoutMs: 30_000 },
    );
  }

  /** The dataset says the server failed it (not the detail), and the tables an attempt left and the upload are gone. */
  async function expectFailedByServer(datasetId: string, file: string) {
    expect(await datasetState(env, datasetId)).toMatchObject({ state: 'failed', error: serverFailureMessage, row_count: null });
    expect(await datasetTables(env, datasetId)).toEqual([]);
    expect(fs.existsSync(file)).toBe(false);
  }

  it('after a server fault on every attempt, the dataset fails with a plain message and its tables and upload go', { timeout: 60_000 }, async () => {
    const { datasetId, jobId, file } = await startIngest(env, ownerId, 'title,code\nbaker,1\n', { codeColumn: 'code' });
    await env.app.db.query(`CREATE TABLE dataset_staging_${datasetId.replace(/-/g, '')} (title text)`);
    const failing: ProcessorFactories = {
      ...processorFactories,
      'dataset.ingest': () => async () => {
        throw new Error('Connection terminated unexpectedly');
      },
    };
    await withWorkerHost(failing, async () => {
      expect(await failedRun(jobId)).toEqual({ state: 'failed', attempts: 3, error: 'Connection terminated unexpectedly' });
    });
    await expectFailedByServer(datasetId, file);
  });

  it('when BullMQ fails the job without running it (it stalled once too often), the same happens', async () => {
    // Queued with no worker yet, then marked as BullMQ marks a job whose workers kept dying.
    const { datasetId, jobId, file } = await startIngest(env, ownerId, 'title,code\nbaker,1\n', { codeColumn: 'code' });
    await env.app.db.query(`CREATE TABLE dataset_staging_${datasetId.replace(/-/g, '')} (title text)`);
    expect(await env.app.redis.hset(`${env.config.redisPrefix}:bull:dataset.ingest:${jobId}`, 'defa', 'job stalled more than allowable limit')).toBe(1);
    await withWorkerHost(processorFactories, async () => {
      expect(await failedRun(jobId)).toMatchObject({ state: 'failed', error: 'job stalled more than allowable limit' });
    });
    await expectFailedByServer(datasetId, file);
  });
});
