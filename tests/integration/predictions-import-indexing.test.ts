import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPredictionSet } from '../../api/src/predictions/create-prediction-set.js';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import { type PredictionSetDetail, type SearchOptions, searchLimit } from '../../shared/src/contracts/predictions.js';
import { resumeUnfinishedIndexes } from '../../workers/src/predictions-import/unfinished-indexes.js';
import { processorFactories } from '../../workers/src/processor-map.js';
import { indexesFailedMessage } from '../../workers/src/processors/predictions-import.js';
import { workerDeps } from '../../workers/src/start-workers.js';
import { WorkerHost } from '../../workers/src/worker-host.js';
import type { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';
import { waitFor } from '../support/wait-for.js';
import { startWorkerProcess } from '../support/worker-process.js';

/**
 * A prediction set is shown for review as soon as its key and the index of its review order are
 * built; its other indexes (search, the other orders, the filtered walks) are built after, with
 * CREATE INDEX CONCURRENTLY, while the set says 'indexing' (issue 32).
 *
 * To hold an import in that phase, a test keeps a transaction open with a snapshot taken before
 * the set was ready: CREATE INDEX CONCURRENTLY waits for every older snapshot to end before it
 * marks its index valid.
 */

const data = path.resolve(import.meta.dirname, '../../../shared/data');
const toyFile = path.join(data, 'predictions', 'occcanine_toydata_predictions.csv');

/** The indexes a set's partition has once its import is done: its key, its normalised string and its three walks (migrations 024, 027; the search's is its search table's, migration 025). */
const allIndexes = ['norm', 'string', 'walk_conf', 'walk_file', 'walk_tot'];

/** A table's indexes by the suffix after the table's name, with whether each is valid (none while the table is not made). */
async function tableIndexes(db: pg.Pool | pg.Client, table: string): Promise<{ suffix: string; valid: boolean }[]> {
  const result = await db.query<{ name: string; valid: boolean }>(
    `SELECT c.relname AS name, i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = to_regclass($1) ORDER BY 1`,
    [table],
  );
  return result.rows.map((row) => ({ suffix: row.name.slice(table.length + 1), valid: row.valid }));
}

const partitionIndexes = (db: pg.Pool | pg.Client, setId: string) => tableIndexes(db, `prediction_entries_${setId.replace(/-/g, '')}`);
/** The indexes of each half of a set's search table (its hash partitions by string). */
const searchTableIndexes = (db: pg.Pool | pg.Client, setId: string) =>
  Promise.all([0, 1].map((half) => tableIndexes(db, `prediction_search_${setId.replace(/-/g, '')}_${half}`)));

async function setRow(db: pg.Pool, setId: string): Promise<{ state: string; total: number; indexing: boolean; search_table: boolean }> {
  const result = await db.query('SELECT state, total::int, indexing, search_table FROM prediction_sets WHERE id = $1', [setId]);
  return result.rows[0];
}

/** A connection holding a snapshot open (REPEATABLE READ, read once): concurrent index builds wait for it at their end. */
async function holdSnapshot(env: TestEnvironment): Promise<pg.Client> {
  const holder = new pg.Client({ connectionString: env.config.databaseUrl });
  await holder.connect();
  await holder.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
  await holder.query('SELECT 1 FROM prediction_sets LIMIT 1');
  return holder;
}

async function search(client: HttpClient, setId: string, q: string): Promise<string[]> {
  const response = await client.get(`/api/prediction-sets/${setId}/_search?q=${encodeURIComponent(q)}&filter=all&threshold=1`);
  expect(response.status).toBe(200);
  return ((await response.json()) as SearchOptions).options.map((option) => option.string);
}

describe('a prediction set reviewed while its other indexes are built', () => {
  let env: TestEnvironment;
  let reviewer: HttpClient;

  beforeAll(async () => {
    env = await startTestEnvironment({ workers: true });
    await importScheme(env.app.schemes, { scheme: 'hisco', text: fs.readFileSync(path.join(data, 'schemes/hisco.csv'), 'utf8'), format: 'csv', actorId: null });
    reviewer = (await env.signIn('ines', 'member')).client;
  }, 120_000);
  afterAll(async () => {
    await env?.close();
  });

  it('answers searches and walks right while it says indexing, and the same once the indexes are built', { timeout: 120_000 }, async () => {
    const holder = await holdSnapshot(env);
    let released = false;
    try {
      const response = await reviewer.upload('/api/predictions', 'toydata.csv', fs.readFileSync(toyFile), {});
      expect(response.status).toBe(202);
      const accepted = (await response.json()) as { predictionSetId: string; jobId: string };
      const setId = accepted.predictionSetId;

      // Ready for review while the concurrent builds wait for the held snapshot.
      await waitFor('the set to be ready', async () => (await setRow(env.app.db, setId))?.state === 'ready', { timeoutMs: 60_000 });
      expect(await setRow(env.app.db, setId)).toMatchObject({ state: 'ready', indexing: true });
      const summary = (await (await reviewer.get(`/api/prediction-sets/${setId}/summary`)).json()) as PredictionSetDetail;
      expect(summary.predictionSet).toMatchObject({ state: 'ready', indexing: true });
      const building = await partitionIndexes(env.app.db, setId);
      // Its key and its review order's walk (others of its B-trees too when built while the key was).
      expect(building.filter((index) => index.valid).map((index) => index.suffix)).toEqual(expect.arrayContaining(['walk_file', 'string']));

      const queries = ['lab', 'merch', 'clerk', 'farm', 'xqzv'];
      const during = await Promise.all(queries.map((q) => search(reviewer, setId, q)));
      expect(during.slice(0, -1).every((found) => found.length > 0)).toBe(true);
      expect(during.at(-1)).toEqual([]);
      for (const [index, found] of during.entries()) for (const string of found) expect(string.toLowerCase()).toContain(queries[index]);
      const first = await reviewer.get(`/api/prediction-sets/${setId}/entries/_first?threshold=1&filter=unmapped`);
      expect(first.status).toBe(200);

      await holder.query('COMMIT');
      released = true;
      const job = await waitForJob(reviewer, accepted.jobId, 60_000);
      expect(job.state, job.error ?? '').toBe('completed');
      expect(await setRow(env.app.db, setId)).toMatchObject({ state: 'ready', indexing: false, search_table: true });
      expect(await searchTableIndexes(env.app.db, setId)).toEqual([[{ suffix: 'trgm', valid: true }], [{ suffix: 'trgm', valid: true }]]);
      const summaryAfter = (await (await reviewer.get(`/api/prediction-sets/${setId}/summary`)).json()) as PredictionSetDetail;
      expect(summaryAfter.predictionSet.indexing).toBe(false);
      expect(await partitionIndexes(env.app.db, setId)).toEqual(allIndexes.map((suffix) => ({ suffix, valid: true })));
      // The same answers from the search table; for a fragment found more often than a search
      // answers, as many, and which of its matches come first is the scan's.
      const after = await Promise.all(queries.map((q) => search(reviewer, setId, q)));
      for (const [index, found] of after.entries()) {
        expect(found).toHaveLength(during[index]!.length);
        if (found.length < searchLimit) expect(found).toEqual(during[index]);
        for (const string of found) expect(string.toLowerCase()).toContain(queries[index]);
      }
      expect(await (await reviewer.get(`/api/prediction-sets/${setId}/entries/_first?threshold=1&filter=unmapped`)).json()).toEqual(await first.json());
    } finally {
      if (!released) await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    }
  });
  it('stops when the set is deleted while its other indexes are built, leaving none of its tables', { timeout: 120_000 }, async () => {
    const holder = await holdSnapshot(env);
    try {
      const response = await reviewer.upload('/api/predictions', 'toydata.csv', fs.readFileSync(toyFile), {});
      const accepted = (await response.json()) as { predictionSetId: string; jobId: string };
      const setId = accepted.predictionSetId;
      const hex = setId.replace(/-/g, '');
      // Ready, its search table made (nothing holds it), its concurrent builds waiting for the held snapshot.
      await waitFor('the set to be ready with its search table', async () => (await setRow(env.app.db, setId))?.search_table === true, { timeoutMs: 60_000 });
      expect(await setRow(env.app.db, setId)).toMatchObject({ state: 'ready', indexing: true });

      expect((await reviewer.request('DELETE', `/api/prediction-sets/${setId}`)).status).toBe(204);
      const job = await waitForJob(reviewer, accepted.jobId, 60_000);
      expect(job.state, job.error ?? '').toBe('completed');
      expect(await setRow(env.app.db, setId)).toBeUndefined();
      const left = await env.app.db.query("SELECT relname FROM pg_class WHERE relname LIKE '%' || $1 || '%'", [hex]);
      expect(left.rows).toEqual([]);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    }
  });
  it('keeps a ready set whose indexes could not be built reviewable, and builds them again once the fault is gone', { timeout: 120_000 }, async () => {
    const holder = await holdSnapshot(env);
    let released = false;
    let planted: string | null = null;
    try {
      const response = await reviewer.upload('/api/predictions', 'toydata.csv', fs.readFileSync(toyFile), {});
      const accepted = (await response.json()) as { predictionSetId: string; jobId: string };
      const setId = accepted.predictionSetId;
      // Ready, its search table made, its first concurrent build built and waiting for the held snapshot.
      const partition = `prediction_entries_${setId.replace(/-/g, '')}`;
      await waitFor(
        'a concurrent build waiting for the held snapshot',
        async () =>
          Boolean((await env.app.db.query(`SELECT 1 FROM pg_stat_progress_create_index WHERE relid = to_regclass($1) AND phase = 'waiting for old snapshots'`, [partition])).rowCount),
        { timeoutMs: 60_000 },
      );
      // A table under the name of an index still to come (none is begun while one waits): every attempt to build it fails.
      const made = (await partitionIndexes(env.app.db, setId)).map((index) => index.suffix);
      const missing = allIndexes.filter((suffix) => !made.includes(suffix));
      expect(missing.length).toBeGreaterThan(0);
      planted = `${partition}_${missing[0]}`;
      await env.app.db.query(`CREATE TABLE ${pg.escapeIdentifier(planted)} (x int)`);
      await holder.query('COMMIT');
      released = true;

      // Every attempt failed: the job says the set is kept, and the set is, reviewable and still indexing.
      const failed = await waitForJob(reviewer, accepted.jobId, 60_000);
      expect(failed).toMatchObject({ state: 'failed', error: indexesFailedMessage });
      const entries = (await setRow(env.app.db, setId)).total;
      expect(await setRow(env.app.db, setId)).toMatchObject({ state: 'ready', indexing: true, search_table: true });
      expect(entries).toBeGreaterThan(1_000);
      expect((await reviewer.get(`/api/prediction-sets/${setId}/entries/_first?threshold=1&filter=unmapped`)).status).toBe(200);
      expect((await search(reviewer, setId, 'clerk')).length).toBeGreaterThan(0);

      // Not tried again before its wait is over; once it is, one import is queued, which builds what is missing.
      const deps = { db: env.app.db, jobs: env.app.jobs, log: env.app.log };
      expect(await resumeUnfinishedIndexes(deps, 3_600_000)).toEqual([]);
      await env.app.db.query(`DROP TABLE ${pg.escapeIdentifier(planted)}`);
      planted = null;
      const queued = await resumeUnfinishedIndexes(deps, 0);
      expect(queued).toHaveLength(1);
      expect(await resumeUnfinishedIndexes(deps, 0)).toEqual([]);
      const resumed = await waitForJob(reviewer, queued[0]!, 60_000);
      expect(resumed.state, resumed.error ?? '').toBe('completed');
      expect(await setRow(env.app.db, setId)).toMatchObject({ state: 'ready', total: entries, indexing: false, search_table: true });
      expect(await partitionIndexes(env.app.db, setId)).toEqual(allIndexes.map((suffix) => ({ suffix, valid: true })));
      expect(await resumeUnfinishedIndexes(deps, 0)).toEqual([]);
    } finally {
      if (!released) await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
      if (planted) await env.app.db.query(`DROP TABLE IF EXISTS ${pg.escapeIdentifier(planted)}`);
    }
  });
});

describe('a wide OccCANINE CSV read by the wide reader, its entries copied straight into the partition', () => {
  let env: TestEnvironment;
  let reviewer: HttpClient;

  beforeAll(async () => {
    env = await startTestEnvironment({ workers: true });
    await importScheme(env.app.schemes, { scheme: 'hisco', text: fs.readFileSync(path.join(data, 'schemes/hisco.csv'), 'utf8'), format: 'csv', actorId: null });
    reviewer = (await env.signIn('olga', 'member')).client;
  }, 120_000);
  afterAll(async () => {
    await env?.close();
  });

  async function imported(name: string, content: Buffer) {
    const response = await reviewer.upload('/api/predictions', name, content, {});
    expect(response.status).toBe(202);
    const accepted = (await response.json()) as { predictionSetId: string; jobId: string };
    const job = await waitForJob(reviewer, accepted.jobId, 120_000);
    expect(job.state, job.error ?? '').toBe('completed');
    const entries = await env.app.db.query(
      'SELECT string, norm, predictions, best_conf, unknown_uris FROM prediction_entries WHERE set_id = $1 ORDER BY position',
      [accepted.predictionSetId],
    );
    const { phaseSeconds, ...result } = job.result as { phaseSeconds: Record<string, number> };
    return { result, phases: Object.keys(phaseSeconds), entries: entries.rows };
  }

  const csvFiles = fs.readdirSync(path.join(data, 'predictions')).filter((file) => file.endsWith('.csv'));
  it.each(csvFiles)('stores %s as the JavaScript reader does', { timeout: 120_000 }, async (fileName) => {
    const content = fs.readFileSync(path.join(data, 'predictions', fileName));
    const copied = await imported(fileName, content);
    // A blank line at the end (papaparse skips it, the wide reader does not read it) makes the JavaScript reader read the same rows.
    const read = await imported(fileName, Buffer.concat([content, Buffer.from('\n\n')]));
    expect(read.phases).toContain('reading');
    expect(copied.result).toEqual({ ...read.result, bytes: content.length });
    expect(copied.entries).toEqual(read.entries);
    // The files of OccCANINE's wide layout go through the wide reader.
    if (/^row,inputs,hisco_1,prob_1/.test(content.toString('utf8', 0, 100))) expect(copied.phases).toContain('reading wide rows');
  });

  it('reads language prefixes, titles to normalise and probabilities written every way as the JavaScript reader does', { timeout: 120_000 }, async () => {
    const header = 'row,inputs,hisco_1,prob_1,desc_1,hisco_2,prob_2,desc_2';
    const titles = [' en[SEP] Farmer ', 'abcdefghi[SEP]Nine letters', 'e1[SEP]Smith', 'da[SEP]', '[SEP]Baker', 'EN[SEP]Ag Lab', 'nl[SEP]Boer[SEP]knecht',
      'Farm-Labourer ', 'AG  LAB', 'smith & co.', 'Bäcker', 'skomager', 'Wife of  JOHN', 'x', '12 weaver', 'en[SEP]en[SEP]Miller'];
    const probabilities = ['1', '.5', '+0.5', '5e-1', '1.0', '0.50000', '1E-3', '0', '0.123456789012345678', '1.e-1', '+.25', '0.9', '1e0', '0.3', '0.7', '0.000001'];
    const lines = titles.map((title, index) => `${index},${title},61110,${probabilities[index]},Farm Worker,83110,0.01,Smith`);
    const content = Buffer.from(`${[header, ...lines].join('\n')}\n`);
    const copied = await imported('edges.csv', content);
    expect(copied.phases).toContain('reading wide rows');
    const read = await imported('edges.csv', Buffer.concat([content, Buffer.from('\n\n')]));
    expect(read.phases).toContain('reading');
    expect(copied.result).toEqual({ ...read.result, bytes: content.length });
    expect(copied.entries).toEqual(read.entries);
    expect(copied.entries.map((entry) => entry.string)).toContain('Boer[SEP]knecht');
  });

  it('stores every title once whether the filter of titles written takes it for one met before or not', { timeout: 120_000 }, async () => {
    // 400 distinct titles in a file of a few kilobytes: its filter (sized by the file) is small
    // enough to take some of them for titles met before, which are then staged and merged alone.
    const header = 'row,inputs,hisco_1,prob_1,desc_1,hisco_2,prob_2,desc_2';
    const titles = Array.from({ length: 400 }, (_, index) => `Worker ${index.toString(36)}`);
    const lines = titles.map((title, index) => `${index},en[SEP]${title},61110,0.${(index % 90) + 10},x,${index % 2 ? '83110,0.05,y' : ',,No pred'}`);
    const stored = await imported('distinct.csv', Buffer.from(`${[header, ...lines].join('\n')}\n`));
    expect(stored.phases).toContain('reading wide rows');
    expect(stored.phases).toContain('merging repeated titles');
    expect(stored.result).toMatchObject({ rows: 400, entries: 400, emptyTitles: 0 });
    expect(stored.entries.map((entry) => entry.string)).toEqual(titles);
    expect(stored.entries.map((entry) => entry.predictions)).toEqual(
      titles.map((_, index) => [{ uris: ['hisco:61110'], conf: Number(`0.${(index % 90) + 10}`) }, ...(index % 2 ? [{ uris: ['hisco:83110'], conf: 0.05 }] : [])]),
    );
  });

  it('reads a file whose quotes papaparse reads otherwise than CSV by JavaScript, and fails a bad probability naming its line', { timeout: 120_000 }, async () => {
    const header = 'row,inputs,hisco_1,prob_1,desc_1,hisco_2,prob_2,desc_2';
    const quoted = [header, '0,en[SEP]Farm "hand",61110,0.9,Farm Worker,,,No pred', '1,"en[SEP]Smith, ""black""",83110,0.8,Smith,61110,0.1,Farm Worker', '2,en[SEP]  ,61110,0.5,x,,,No pred', '3,en[SEP]Baker,61110,0.2,x,61110,0.3,y', '4,en[SEP]Miller,83110,0.2,x,61110,0.6,y'].join('\n');
    const strayQuote = await imported('quotes.csv', Buffer.from(`${quoted}\n`));
    expect(strayQuote.phases).toContain('reading');
    expect(strayQuote.result).toMatchObject({ rows: 5, entries: 4, emptyTitles: 1 });
    expect(strayQuote.entries.map((entry) => entry.string)).toEqual(['Farm "hand"', 'Smith, "black"', 'Baker', 'Miller']);
    const clean = await imported('clean.csv', Buffer.from(`${quoted.replace('Farm "hand"', 'Farm hand')}\n`));
    expect(clean.phases).toContain('reading wide rows');
    expect(clean.result).toMatchObject({ rows: 5, entries: 4, emptyTitles: 1 });
    // Slots out of order, or naming one code twice, merged and sorted as the JavaScript reader does.
    expect(clean.entries.slice(1).map((entry) => entry.predictions)).toEqual([
      [{ uris: ['hisco:83110'], conf: 0.8 }, { uris: ['hisco:61110'], conf: 0.1 }],
      [{ uris: ['hisco:61110'], conf: 0.3 }],
      [{ uris: ['hisco:61110'], conf: 0.6 }, { uris: ['hisco:83110'], conf: 0.2 }],
    ]);
    expect(clean.entries.slice(1)).toEqual(strayQuote.entries.slice(1));

    // A probability below double precision's range, read as 0 by both readers.
    const tiny = `${header}\n${['Baker', 'Miller', 'Smith', 'Weaver'].map((title, index) => `${index},en[SEP]${title},61110,${index === 3 ? '1e-400' : '0.5'},x,,,No pred`).join('\n')}\n`;
    const underflow = await imported('tiny.csv', Buffer.from(tiny));
    expect(underflow.phases).toContain('reading wide rows');
    expect(underflow.result).toMatchObject({ rows: 4, entries: 4, emptyTitles: 0 });
    expect(underflow.entries.map((entry) => [entry.string, entry.predictions])).toEqual([
      ['Baker', [{ uris: ['hisco:61110'], conf: 0.5 }]],
      ['Miller', [{ uris: ['hisco:61110'], conf: 0.5 }]],
      ['Smith', [{ uris: ['hisco:61110'], conf: 0.5 }]],
      ['Weaver', [{ uris: ['hisco:61110'], conf: 0 }]],
    ]);

    const response = await reviewer.upload('/api/predictions', 'bad.csv', Buffer.from(`${header}\n0,en[SEP]Farm hand,61110,1.5,Farm Worker,,,No pred\n`), {});
    const job = await waitForJob(reviewer, ((await response.json()) as { jobId: string }).jobId, 60_000);
    expect(job).toMatchObject({ state: 'failed' });
    expect(job.error).toContain("Line 2: column prob_1: '1.5' is not a probability from 0 to 1.");
  });
});

describe('predictions.import when its worker is killed (kill -9) in its new phases', () => {
  let env: TestEnvironment;
  let child: ChildProcess | null = null;
  let host: WorkerHost | null = null;
  let dataDir: string;
  let ownerId: string;

  beforeAll(async () => {
    env = await startTestEnvironment({ workers: false });
    // The worker processes get their own DATA_DIR: the test's embedded triple store opens in one
    // process only (so that worker has no HISCO: the file's codes are all unknown to it).
    dataDir = `${env.config.dataDir}-workers`;
    ownerId = (await env.addUser('kim', 'member')).id;
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await host?.close(1_000);
    await env?.close();
    await fs.promises.rm(dataDir, { recursive: true, force: true });
  });

  async function jobRun(jobId: string) {
    const result = await env.app.db.query<{ state: string; progress: { phase: string } | null; error: string | null; result: Record<string, unknown> | null }>(
      'SELECT state, progress, error, result FROM job_runs WHERE id = $1',
      [jobId],
    );
    return result.rows[0]!;
  }

  /** The job's run once it has completed or failed. */
  async function jobFinished(jobId: string) {
    return waitFor(
      'the job to finish',
      async () => {
        const run = await jobRun(jobId);
        return run.state === 'completed' || run.state === 'failed' ? run : null;
      },
      { timeoutMs: 180_000 },
    );
  }

  /** The file's distinct non-empty titles, read independently of the importer (its `inputs` without the `lang[SEP]` prefix, trimmed). */
  function expectedTitles(): number {
    const parsed = Papa.parse<{ inputs?: string }>(fs.readFileSync(toyFile, 'utf8'), { header: true, skipEmptyLines: true });
    return new Set(parsed.data.map((row) => (row.inputs ?? '').replace(/^[a-z]{2,3}\[SEP\]/, '').trim()).filter((title) => title !== '')).size;
  }

  async function storedTitles(setId: string): Promise<number> {
    return (await env.app.db.query<{ n: number }>('SELECT count(DISTINCT string)::int AS n FROM prediction_entries WHERE set_id = $1', [setId])).rows[0]!.n;
  }

  async function retryStalledJob(jobId: string) {
    // As in dataset-ingest.test.ts: the dead worker's lock and stalled-check claim go, and a worker
    // looking for stalled jobs every half second runs the job again.
    const queueKey = `${env.config.redisPrefix}:bull:predictions.import`;
    expect(await env.app.redis.del(`${queueKey}:${jobId}:lock`)).toBe(1);
    await env.app.redis.del(`${queueKey}:stalled-check`);
    host = new WorkerHost({ ...workerDeps(env.app), config: { ...env.config, dataDir } }, processorFactories, { concurrency: 1, lockDurationMs: 10_000, stalledIntervalMs: 500 });
    await host.waitUntilReady();
    try {
      return await jobFinished(jobId);
    } finally {
      await host.close(1_000);
      host = null;
    }
  }

  /** The toy file forty times, each time with its titles numbered: 400,000 rows, long enough a COPY or an index build to be killed in. */
  async function bigFile(): Promise<{ file: string; rows: number; titles: number }> {
    const parsed = Papa.parse<Record<string, string>>(fs.readFileSync(toyFile, 'utf8'), { header: true, skipEmptyLines: true });
    const rows = Array.from({ length: 40 }, (_, copy) => parsed.data.map((row) => ({ ...row, inputs: `${row.inputs} #${copy}` }))).flat();
    const titles = new Set(rows.map((row) => row.inputs!.replace(/^[a-z]{2,3}\[SEP\]/, '').trim()).filter((title) => title !== '')).size;
    await fs.promises.mkdir(path.join(dataDir, 'uploads'), { recursive: true });
    const file = path.join(dataDir, 'uploads', `${crypto.randomUUID()}.csv`);
    await fs.promises.writeFile(file, `${Papa.unparse(rows, { columns: parsed.meta.fields, newline: '\n' })}\n`);
    return { file, rows: rows.length, titles };
  }
  /** The big file's import started on a worker process of its own (the one the test kills). */
  async function startBigImport(): Promise<{ file: string; rows: number; titles: number; setId: string; jobId: string }> {
    const big = await bigFile();
    child = (await startWorkerProcess(env, { DATA_DIR: dataDir, WORKER_CONCURRENCY: '1' })).child;
    const accepted = await createPredictionSet({ db: env.app.db, jobs: env.app.jobs, config: { ...env.config, dataDir } }, ownerId, null, { path: big.file, originalName: 'big.csv' }, crypto.randomUUID());
    return { ...big, setId: accepted.predictionSetId, jobId: accepted.jobId };
  }

  /** The killed import retried: the job completes, and the set is ready with exactly the file's titles, its upload removed. */
  async function expectRetryStoresExactly(started: { file: string; rows: number; titles: number; setId: string; jobId: string }): Promise<void> {
    const { file, rows, titles, setId, jobId } = started;
    const finished = await retryStalledJob(jobId);
    expect(finished).toMatchObject({ state: 'completed', error: null, progress: { phase: 'done' }, result: { rows, entries: titles } });
    expect(await setRow(env.app.db, setId)).toMatchObject({ state: 'ready', total: titles, indexing: false });
    expect(await storedTitles(setId)).toBe(titles);
    expect(fs.existsSync(file)).toBe(false);
  }

  /**
   * Kills the worker while a statement of its import waits for a lock the test holds: once the
   * table `after` exists, a lock on `table` is taken in `mode` and, when a statement like
   * `waiting` waits for it, the worker is killed; nothing of the set may be visible then. Answers
   * once the lock is let go and the dead worker's statement is gone.
   */
  async function killWhileLocked(setId: string, lock: { after: string; table: string; mode: string; waiting: string }): Promise<void> {
    const holder = new pg.Client({ connectionString: env.config.databaseUrl });
    await holder.connect();
    try {
      await waitFor(`the table ${lock.after}`, async () => Boolean((await env.app.db.query('SELECT to_regclass($1) AS found', [lock.after])).rows[0]?.found), { timeoutMs: 120_000, intervalMs: 10 });
      await holder.query('BEGIN');
      await holder.query(`LOCK TABLE ${pg.escapeIdentifier(lock.table)} IN ${lock.mode} MODE`);
      await waitFor(
        `a statement like ${lock.waiting} waiting for the lock`,
        async () => Boolean((await env.app.db.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE $1`, [lock.waiting])).rowCount),
        { timeoutMs: 120_000 },
      );
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child!.kill('SIGKILL');
      await exited;
      expect(await setRow(env.app.db, setId)).toMatchObject({ state: 'importing', total: 0 });
      expect(await storedTitles(setId)).toBe(0);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    }
    await waitFor('the dead connection to go', async () => !(await env.app.db.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE $1 AND state = 'active'`, [lock.waiting])).rowCount, { timeoutMs: 30_000 });
  }

  it('leaves nothing visible when killed while its entries are copied into the partition, and the retry stores exactly its titles', { timeout: 240_000 }, async () => {
    const started = await startBigImport();
    const { setId } = started;
    const partition = `prediction_entries_${setId.replace(/-/g, '')}`;
    await waitFor(
      'the COPY of the entries',
      async () => ((await env.app.db.query<{ tuples: number }>('SELECT tuples_processed AS tuples FROM pg_stat_progress_copy WHERE relid = to_regclass($1)', [partition])).rows[0]?.tuples ?? 0) > 0,
      { timeoutMs: 120_000, intervalMs: 10 },
    );
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    expect(await setRow(env.app.db, setId)).toMatchObject({ state: 'importing', total: 0, indexing: false });
    expect(await storedTitles(setId)).toBe(0);
    await waitFor('the dead connection to go', async () => !(await env.app.db.query('SELECT 1 FROM pg_stat_progress_copy WHERE relid = to_regclass($1)', [partition])).rowCount, { timeoutMs: 10_000 });

    await expectRetryStoresExactly(started);
    const tables = await env.app.db.query<{ name: string }>("SELECT relname AS name FROM pg_class WHERE relname LIKE '%' || $1", [setId.replace(/-/g, '')]);
    expect(tables.rows.map((row) => row.name.replace(/_[0-9a-f]{32}.*$/, ''))).toContain('prediction_entries');
    expect(tables.rows.some((row) => /^prediction_staging_/.test(row.name))).toBe(false);
  });

  it('leaves nothing visible when killed while the indexes its review needs are built, and the retry stores exactly its titles', { timeout: 240_000 }, async () => {
    const started = await startBigImport();
    const { setId } = started;
    // A lock on the standalone partition, taken while it is filled, holds its index builds (they wait for it): the kill lands in them.
    const partition = `prediction_entries_${setId.replace(/-/g, '')}`;
    await killWhileLocked(setId, { after: partition, table: partition, mode: 'ROW EXCLUSIVE', waiting: 'CREATE %INDEX%' });

    await expectRetryStoresExactly(started);
  });

  it("shows the set once its key is built, cancelling a B-tree begun in the key's shadow and building it after", { timeout: 240_000 }, async () => {
    const started = await startBigImport();
    const { setId, titles, jobId } = started;
    const partition = `prediction_entries_${setId.replace(/-/g, '')}`;
    // A table made in an open transaction under an index's name holds the build of that index
    // (its name waits for the transaction): one holds the key, the other the walk by totals, the
    // B-tree the order lane begins after the review's walk by position.
    const hold = async (suffix: string) => {
      const holder = new pg.Client({ connectionString: env.config.databaseUrl });
      await holder.connect();
      await holder.query('BEGIN');
      await holder.query(`CREATE TABLE ${pg.escapeIdentifier(`${partition}_${suffix}`)} (x int)`);
      return holder;
    };
    await waitFor(`the table ${partition}`, async () => Boolean((await env.app.db.query('SELECT to_regclass($1) AS found', [partition])).rows[0]?.found), { timeoutMs: 120_000, intervalMs: 10 });
    const keyHolder = await hold('string');
    const shadowHolder = await hold('walk_tot');
    try {
      const waiting = (suffix: string) => async () =>
        Boolean((await env.app.db.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1`, [`CREATE %INDEX %${partition}_${suffix}%`])).rowCount);
      await waitFor('the key waiting', waiting('string'), { timeoutMs: 120_000 });
      await waitFor('the walk by totals waiting, begun while the key is built', waiting('walk_tot'), { timeoutMs: 60_000 });

      // The key built, the walk by totals is cancelled: the set is shown while its build would still wait.
      await keyHolder.query('ROLLBACK');
      await waitFor('the set to be ready', async () => (await setRow(env.app.db, setId))?.state === 'ready', { timeoutMs: 60_000 });
      expect(await setRow(env.app.db, setId)).toMatchObject({ state: 'ready', total: titles, indexing: true });
      const shown = await partitionIndexes(env.app.db, setId);
      expect(shown).toEqual(expect.arrayContaining([{ suffix: 'string', valid: true }, { suffix: 'walk_file', valid: true }]));
      expect(shown.map((index) => index.suffix)).not.toContain('walk_tot');
    } finally {
      await keyHolder.query('ROLLBACK').catch(() => undefined);
      await shadowHolder.query('ROLLBACK').catch(() => undefined);
      await Promise.all([keyHolder.end(), shadowHolder.end()]);
    }

    // Let go, the walk by totals is built with the other indexes after the set is shown.
    const finished = await jobFinished(jobId);
    expect(finished).toMatchObject({ state: 'completed', error: null, result: { entries: titles } });
    expect(await setRow(env.app.db, setId)).toMatchObject({ state: 'ready', total: titles, indexing: false });
    expect(await storedTitles(setId)).toBe(titles);
    expect(await partitionIndexes(env.app.db, setId)).toEqual(allIndexes.map((suffix) => ({ suffix, valid: true })));
    // Its worker process goes, as the other tests' killed ones do, before the next test starts its own.
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child!.kill('SIGKILL');
    await exited;
  });

  it('leaves nothing visible when killed while its repeated titles are merged into the partition, and the retry stores exactly its titles', { timeout: 240_000 }, async () => {
    const started = await startBigImport();
    const { setId, titles } = started;
    // A lock on the staging table that its COPY does not wait for and the merge's ANALYZE does: the
    // kill lands in the merge. It is taken once the partition exists, after the staging table's
    // halves (creating a half waits for the lock too).
    const hex = setId.replace(/-/g, '');
    await killWhileLocked(setId, { after: `prediction_entries_${hex}`, table: `prediction_staging_${hex}`, mode: 'SHARE UPDATE EXCLUSIVE', waiting: 'ANALYZE %prediction_staging_%' });

    await expectRetryStoresExactly(started);
    expect((await env.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM prediction_entries WHERE set_id = $1', [setId])).rows[0]!.n).toBe(titles);
  });

  it('leaves the set reviewable and searched right when killed while its search table is made, and the retry makes it afresh', { timeout: 240_000 }, async () => {
    const admin = (await env.signIn('ada', 'admin')).client;
    const started = await startBigImport();
    const { setId, titles } = started;
    const hex = setId.replace(/-/g, '');
    const searchTable = `prediction_search_${hex}`;
    // A fragment found more often than a search answers (which of its matches come first is the
    // scan's), whole titles found a few times each (every match answered), and a fragment of none.
    let titlesSought: string[] = [];
    const searched = async () => Promise.all(['farm', 'xqzv', ...titlesSought].map((q) => search(admin, setId, q)));
    // What a killed attempt leaves: a search table of other strings. Held by the test (once the
    // import is past its start, which drops leftovers), it holds the making of the set's search
    // table, which drops it first: the kill lands there, the set ready.
    await waitFor('the partition', async () => Boolean((await env.app.db.query('SELECT to_regclass($1) AS found', [`prediction_entries_${hex}`])).rows[0]?.found), {
      timeoutMs: 120_000,
      intervalMs: 10,
    });
    await env.app.db.query(`CREATE TABLE ${pg.escapeIdentifier(searchTable)} AS SELECT 'Farm leftover of a killed attempt'::text AS string`);
    const holder = new pg.Client({ connectionString: env.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`LOCK TABLE ${pg.escapeIdentifier(searchTable)} IN ACCESS SHARE MODE`);
      const making = `DROP TABLE IF EXISTS "${searchTable}"%`;
      await waitFor(
        'the making of the search table waiting for the lock',
        async () => Boolean((await env.app.db.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE $1`, [making])).rowCount),
        { timeoutMs: 120_000 },
      );
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child!.kill('SIGKILL');
      await exited;
      // Postgres ends the dead worker's statements (here at once, as it would once it noticed).
      await env.app.db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND (query ILIKE $1 OR query ILIKE 'CREATE INDEX CONCURRENTLY%')`, [making]);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    }

    // Ready, all its entries, searched in its partition (not in the leftover table) and found right.
    expect(await setRow(env.app.db, setId)).toMatchObject({ state: 'ready', total: titles, indexing: true, search_table: false });
    expect(await storedTitles(setId)).toBe(titles);
    const sought = await env.app.db.query<{ string: string }>('SELECT string FROM (SELECT string, row_number() OVER (ORDER BY position) AS n FROM prediction_entries WHERE set_id = $1) e WHERE n IN (1, 5000, 90000) ORDER BY n', [setId]);
    titlesSought = sought.rows.map((row) => row.string);
    expect(titlesSought).toHaveLength(3);
    const during = await searched();
    expect(during[0]!.length).toBeGreaterThan(0);
    expect(during[0]!.every((string) => string.toLowerCase().includes('farm') && !string.includes('leftover'))).toBe(true);
    expect(during[1]).toEqual([]);
    for (const [index, title] of titlesSought.entries()) {
      expect(during[index + 2]).toContain(title);
      expect(during[index + 2]!.length).toBeLessThan(searchLimit);
    }

    await expectRetryStoresExactly(started);
    expect(await setRow(env.app.db, setId)).toMatchObject({ search_table: true });
    const made = await env.app.db.query<{ n: number; leftovers: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE string LIKE '%leftover%')::int AS leftovers FROM ${pg.escapeIdentifier(searchTable)}`,
    );
    expect(made.rows[0]).toEqual({ n: titles, leftovers: 0 });
    expect(await searchTableIndexes(env.app.db, setId)).toEqual([[{ suffix: 'trgm', valid: true }], [{ suffix: 'trgm', valid: true }]]);
    const after = await searched();
    expect(after[0]!.every((string) => string.toLowerCase().includes('farm') && !string.includes('leftover'))).toBe(true);
    expect(after.slice(1)).toEqual(during.slice(1));
  });

  it('leaves the set complete and reviewable, and the retry builds the rest of its indexes', { timeout: 240_000 }, async () => {
    await fs.promises.mkdir(path.join(dataDir, 'uploads'), { recursive: true });
    const file = path.join(dataDir, 'uploads', `${crypto.randomUUID()}.csv`);
    await fs.promises.copyFile(toyFile, file);
    child = (await startWorkerProcess(env, { DATA_DIR: dataDir, WORKER_CONCURRENCY: '1' })).child;

    const holder = await holdSnapshot(env);
    let released = false;
    try {
      const accepted = await createPredictionSet(
        { db: env.app.db, jobs: env.app.jobs, config: { ...env.config, dataDir } },
        ownerId,
        null,
        { path: file, originalName: 'toydata.csv' },
        crypto.randomUUID(),
      );
      const setId = accepted.predictionSetId;

      // Kill it while its first concurrent build waits, the set ready already.
      await waitFor(
        'a concurrent index build on the ready set',
        async () => {
          // A concurrent build: the plain builds before the set is ready (its key, its order) do not count.
          const building = await env.app.db.query(`SELECT 1 FROM pg_stat_progress_create_index WHERE relid = to_regclass($1) AND command = 'CREATE INDEX CONCURRENTLY'`, [
            `prediction_entries_${setId.replace(/-/g, '')}`,
          ]);
          return Boolean(building.rowCount);
        },
        { timeoutMs: 120_000 },
      );
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      // Postgres ends the dead worker's statement (here at once, as it would once it noticed): the
      // index it was building is left invalid.
      await env.app.db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_progress_create_index WHERE relid = to_regclass($1)`,
        [`prediction_entries_${setId.replace(/-/g, '')}`],
      );
      await holder.query('COMMIT');
      released = true;
      await waitFor('the dead connection to go', async () => !(await env.app.db.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'CREATE INDEX CONCURRENTLY%'`)).rowCount, {
        timeoutMs: 10_000,
      });

      // The set as it was made ready: all its entries, its counts, reviewable; it says indexing,
      // and the half-built index is not used.
      const entries = expectedTitles();
      expect(entries).toBeGreaterThan(1_000);
      expect(await storedTitles(setId)).toBe(entries);
      expect(await setRow(env.app.db, setId)).toMatchObject({ state: 'ready', total: entries, indexing: true });
      const counted = await env.app.db.query<{ n: number }>('SELECT sum(entries)::int AS n FROM prediction_set_counts WHERE set_id = $1', [setId]);
      expect(counted.rows[0]!.n).toBe(entries);
      const halfMade = await partitionIndexes(env.app.db, setId);
      expect(halfMade.filter((index) => !index.valid).length).toBe(1);

      const finished = await retryStalledJob(accepted.jobId);
      expect(finished).toMatchObject({ state: 'completed', error: null, progress: { phase: 'done' }, result: { entries } });
      expect(await setRow(env.app.db, setId)).toMatchObject({ state: 'ready', total: entries, indexing: false });
      expect(await storedTitles(setId)).toBe(entries);
      expect(await partitionIndexes(env.app.db, setId)).toEqual(allIndexes.map((suffix) => ({ suffix, valid: true })));
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      if (!released) await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    }
  });
});
