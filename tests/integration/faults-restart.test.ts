import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRun } from '../../shared/src/contracts/jobs.js';
import { lostJobMessage } from '../../workers/src/job-reconciler.js';
import { type AppProcess, startAppProcess } from '../e2e/support/app-process.js';
import { HttpClient } from '../support/http-client.js';
import { type PrivatePostgres, type PrivateRedis, startPrivatePostgres, startPrivateRedis } from '../support/private-services.js';
import { waitFor } from '../support/wait-for.js';

/**
 * The whole app as `npm start` runs it (api, web app and workers in one process) against a
 * PostgreSQL and a Redis of this test's own, while a large prediction file is imported: the
 * database restarts under its COPY, or Redis loses every key. The process stays up and the job
 * ends: completed with exact counts after the restart, failed with a message when its queue
 * record is gone, with nothing half-made left behind.
 */

const header = 'row,inputs,hisco_1,prob_1,desc_1,hisco_2,prob_2,desc_2,hisco_3,prob_3,desc_3,hisco_4,prob_4,desc_4,hisco_5,prob_5,desc_5,occ1';
const rows = 600_000;
const distinctTitles = 250_000;

let postgres: PrivatePostgres;
let redis: PrivateRedis;
let app: AppProcess;
let client: HttpClient;
let db: pg.Pool;
let predictionFile: Buffer;
let workDir: string;

/** An OccCANINE file of `rows` rows naming `distinctTitles` titles, each title's rows the same prediction. */
function occcanineFile(): Buffer {
  const lines = [header];
  for (let row = 0; row < rows; row++) {
    const title = `fault test worker ${(row * 7919) % distinctTitles}`;
    lines.push(`${row},en[SEP]${title},61110,0.91,Farmer,,,No pred,,,No pred,,,No pred,,,No pred,${title}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function uploadPredictions(): Promise<{ predictionSetId: string; jobId: string }> {
  const response = await client.upload('/api/predictions', 'faults.csv', predictionFile);
  expect(response.status, await response.clone().text()).toBe(202);
  return (await response.json()) as { predictionSetId: string; jobId: string };
}

/** Waits until the import's COPY into its staging table is under way. */
async function untilCopying(): Promise<void> {
  await waitFor('the import to COPY its rows', async () => (await db.query('SELECT 1 FROM pg_stat_progress_copy')).rowCount! > 0, {
    timeoutMs: 120_000,
    intervalMs: 20,
  });
}

async function finishedJob(jobId: string, timeoutMs: number): Promise<JobRun> {
  return waitFor(
    `job ${jobId} to finish`,
    async () => {
      const response = await client.get(`/api/jobs/${encodeURIComponent(jobId)}`).catch(() => null);
      if (response?.status !== 200) return null;
      const job = (await response.json()) as JobRun;
      return job.state === 'completed' || job.state === 'failed' ? job : null;
    },
    { timeoutMs, intervalMs: 250 },
  );
}

/** Waits until a job run is failed, read from the database (the queue may no longer know it); answers its row. */
async function failedJobRun(jobId: string, timeoutMs: number): Promise<{ state: string; error: string | null }> {
  return waitFor(
    `job run ${jobId} to fail`,
    async () => {
      const found = await db.query<{ state: string; error: string | null }>('SELECT state, error FROM job_runs WHERE id = $1', [jobId]);
      return found.rows[0]?.state === 'failed' ? found.rows[0] : null;
    },
    { timeoutMs, intervalMs: 250 },
  );
}

async function leftoverTables(setId: string): Promise<string[]> {
  const compact = setId.replace(/-/g, '');
  const found = await db.query<{ name: string }>(`SELECT relname AS name FROM pg_class WHERE relname LIKE $1 AND relkind IN ('r', 'p')`, [`%${compact}%`]);
  return found.rows.map((row) => row.name);
}

function uploads(): string[] {
  const directory = path.join(workDir, 'data', 'uploads');
  return fs.existsSync(directory) ? fs.readdirSync(directory) : [];
}

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'og-faults-'));
  fs.mkdirSync(path.join(workDir, 'seed'));
  predictionFile = occcanineFile();
  app = await startAppProcess({
    DATABASE_URL: postgres.url('occupation_graph'),
    REDIS_URL: redis.url,
    DATA_DIR: path.join(workDir, 'data'),
    // No schemes to seed: the test is about the import, and a seed would take the first minute.
    SEED_DIR: path.join(workDir, 'seed'),
    WORKER_CONCURRENCY: '1',
    JOB_RECONCILE_INTERVAL_MS: '2000',
    LOG_LEVEL: 'info',
  });
  db = new pg.Pool({ connectionString: postgres.url('occupation_graph'), max: 2 });
  db.on('error', () => undefined);
  client = new HttpClient(app.url.replace('localhost', '127.0.0.1'));
  const login = await client.login(app.admin.username, app.admin.password);
  expect(login.status).toBe(200);
}, 180_000);

afterAll(async () => {
  await db?.end().catch(() => undefined);
  await app?.stop().catch(() => undefined);
  await Promise.all([postgres?.destroy(), redis?.destroy()]);
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe('a PostgreSQL restart during an import', () => {
  it('leaves the process up, and the retried import ends with exactly the file\'s entries', { timeout: 300_000 }, async () => {
    const { predictionSetId, jobId } = await uploadPredictions();
    await untilCopying();
    await db.end();
    await postgres.stop();
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(app.alive(), app.output()).toBe(true);
    await postgres.start();
    db = new pg.Pool({ connectionString: postgres.url('occupation_graph'), max: 2 });
    db.on('error', () => undefined);

    const job = await finishedJob(jobId, 240_000);
    expect(app.alive(), app.output()).toBe(true);
    expect(job.state, job.error ?? '').toBe('completed');
    const attempts = await db.query<{ attempts: number }>('SELECT attempts FROM job_runs WHERE id = $1', [jobId]);
    expect(attempts.rows[0]!.attempts).toBeGreaterThan(1);
    expect(job.result).toMatchObject({ rows, entries: distinctTitles, emptyTitles: 0 });
    const set = await db.query('SELECT state, total FROM prediction_sets WHERE id = $1', [predictionSetId]);
    expect(set.rows[0]).toEqual({ state: 'ready', total: distinctTitles });
    const stored = await db.query<{ entries: number; strings: number }>(
      'SELECT count(*)::int AS entries, count(DISTINCT string)::int AS strings FROM prediction_entries WHERE set_id = $1',
      [predictionSetId],
    );
    expect(stored.rows[0]).toEqual({ entries: distinctTitles, strings: distinctTitles });
    const compact = predictionSetId.replace(/-/g, '');
    expect((await leftoverTables(predictionSetId)).sort()).toEqual([`prediction_entries_${compact}`, `prediction_search_${compact}`, `prediction_search_${compact}_0`, `prediction_search_${compact}_1`]);
    expect(uploads()).toEqual([]);
    // The session kept in PostgreSQL still works: logged-in calls answer again.
    expect((await client.get('/api/auth/validate')).status).toBe(200);
  });
});

describe('Redis losing its data during an import', () => {
  it('leaves the process up and fails the job, its set and its upload with a message', { timeout: 300_000 }, async () => {
    const { predictionSetId, jobId } = await uploadPredictions();
    await untilCopying();
    await redis.kill();
    await redis.start();

    const run = await failedJobRun(jobId, 120_000).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}\n${app.output().slice(-6000)}`);
    });
    expect(app.alive(), app.output()).toBe(true);
    expect(run.error).toBe(lostJobMessage);
    const set = await db.query('SELECT state, error FROM prediction_sets WHERE id = $1', [predictionSetId]);
    expect(set.rows[0]).toEqual({ state: 'failed', error: lostJobMessage });
    await waitFor('the import\'s tables to go', async () => (await leftoverTables(predictionSetId)).length === 0, { timeoutMs: 30_000 });
    expect(uploads()).toEqual([]);

    // The app works on: a new import after the loss completes.
    const again = await uploadPredictions();
    const job = await finishedJob(again.jobId, 240_000);
    expect(job.state, job.error ?? '').toBe('completed');
    expect(job.result).toMatchObject({ rows, entries: distinctTitles });
  });
});

describe('job runs the queue no longer has', () => {
  it('are failed by the reconciler within its interval, their set marked failed and their upload removed', { timeout: 120_000 }, async () => {
    // A queued import whose queue record is gone (as after a Redis restart between the enqueue and the worker).
    const { predictionSetId, jobId } = await uploadPredictions();
    await finishedJob(jobId, 240_000);
    const setId = (await db.query<{ id: string }>(
      `INSERT INTO prediction_sets (owner_id, name, slug, state)
       SELECT owner_id, name || ' (lost)', slug || '-lost', 'importing' FROM prediction_sets WHERE id = $1 RETURNING id`,
      [predictionSetId],
    )).rows[0]!.id;
    const upload = path.join(workDir, 'data', 'uploads', 'lost-job.csv');
    fs.writeFileSync(upload, 'row,inputs\n');
    const lostId = `predictions.import:lost-${setId}`;
    await db.query(
      `INSERT INTO job_runs (id, kind, state, owner_id, input, updated_at) SELECT $1, 'predictions.import', 'active', owner_id, $2, now() - interval '1 minute'
         FROM prediction_sets WHERE id = $3`,
      [lostId, JSON.stringify({ predictionSetId: setId, path: upload, originalName: 'lost.csv' }), setId],
    );
    const run = await failedJobRun(lostId, 30_000);
    expect(run.error).toBe(lostJobMessage);
    expect((await db.query('SELECT state, error FROM prediction_sets WHERE id = $1', [setId])).rows[0]).toEqual({ state: 'failed', error: lostJobMessage });
    expect(fs.existsSync(upload)).toBe(false);
    // The finished import of the same set is left as it was.
    expect((await db.query('SELECT state FROM job_runs WHERE id = $1', [jobId])).rows[0]).toEqual({ state: 'completed' });
  });
});
