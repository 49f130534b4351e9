import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeStrayUploads } from '../../api/src/jobs/remove-stray-uploads.js';
import { uploadsDirectory } from '../../api/src/lib/uploads.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';
import { waitFor } from '../support/wait-for.js';
import { startWorkerProcess } from '../support/worker-process.js';

const hourMs = 60 * 60 * 1000;

/** Writes an upload file and dates its last write `ageMs` back. */
function upload(directory: string, name: string, ageMs: number): string {
  fs.mkdirSync(directory, { recursive: true });
  const file = path.join(directory, name);
  fs.writeFileSync(file, 'title,code\nBaker,\n');
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
  return file;
}

let env: TestEnvironment;
beforeAll(async () => {
  env = await startTestEnvironment({ workers: true });
  // The hourly clean-up's schedule runs it once as the workers start: let that run end first.
  await waitFor('the clean-up the schedule starts with', async () =>
    Number((await env.app.db.query("SELECT count(*) AS n FROM job_runs WHERE kind = 'session.cleanup' AND state = 'completed'")).rows[0].n) > 0,
  );
});
afterAll(async () => env?.close());

describe('stray upload files (a crash mid-upload leaves its partial file behind)', () => {
  it('removes files older than an hour that no job still to run refers to, and keeps the rest', async () => {
    const config = { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'og-stray-')) };
    const uploads = uploadsDirectory(config);
    const stray = upload(uploads, 'crashed-mid-upload.csv', 2 * hourMs);
    const finishedJob = upload(uploads, 'read-by-a-finished-job.csv', 2 * hourMs);
    const queued = upload(uploads, 'waiting-for-its-job.csv', 3 * hourMs);
    const receiving = upload(uploads, 'still-being-received.csv', 5_000);
    await env.app.db.query(
      `INSERT INTO job_runs (id, kind, state, input) VALUES
        ('dataset.ingest-queued', 'dataset.ingest', 'queued', $1), ('dataset.ingest-done', 'dataset.ingest', 'completed', $2)`,
      [JSON.stringify({ path: queued }), JSON.stringify({ path: finishedJob })],
    );
    expect(await removeStrayUploads(config, env.app.db)).toBe(2);
    expect([stray, finishedJob, queued, receiving].map((file) => fs.existsSync(file))).toEqual([false, false, true, true]);
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('is part of the hourly clean-up job', async () => {
    const stray = upload(uploadsDirectory(env.config), 'left-by-a-crash.csv', 2 * hourMs);
    const { client } = await env.signIn('ada', 'admin');
    const { jobId } = (await (await client.post('/api/admin/sessions/cleanup')).json()) as { jobId: string };
    expect(await waitForJob(client, jobId)).toMatchObject({ state: 'completed', result: { strayUploads: 1 } });
    expect(fs.existsSync(stray)).toBe(false);
  });

  it('runs when a process starts', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'og-stray-'));
    const stray = upload(uploadsDirectory({ dataDir }), 'partial.csv', 2 * hourMs);
    const workers = await startWorkerProcess(env, { DATA_DIR: dataDir });
    try {
      expect(fs.existsSync(stray)).toBe(false);
      expect(workers.output()).toContain('removed upload files no job refers to');
    } finally {
      await workers.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
