import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../api/src/lib/log.js';
import { createSchemeContext } from '../../api/src/schemes/scheme-context.js';
import { EmbeddedStore } from '../../api/src/sparql/embedded-store.js';
import type { SchemeTree } from '../../shared/src/contracts/schemes.js';
import { HttpClient } from '../support/http-client.js';
import { runCli as runBuiltCli } from '../support/cli-process.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

/**
 * `npm run import:scheme` (the built CLI, as people run it): in this process when nobody has the
 * embedded store open, and as a `scheme.import` job of the running app when the app holds it.
 */


let env: TestEnvironment;
let admin: HttpClient;
let files: string;

const csv = 'code,label,parent,description\n1,Farmers,,\n11,Dairy farmers,1,Keep cows for milk\n12,"Shepherds, sheep",1,\n2,Smiths,,\n';

/** The built CLI with the test environment's settings (its database, Redis prefix and, unless given, DATA_DIR). */
const runCli = (args: string[], dataDir = env.config.dataDir) => runBuiltCli(env, 'api/dist/cli/import-scheme.js', args, dataDir);

function writeFile(name: string, content: string): string {
  const file = path.join(files, name);
  fs.writeFileSync(file, content);
  return file;
}

async function tree(scheme: string): Promise<SchemeTree> {
  const response = await admin.get(`/api/schemes/${scheme}/tree`);
  expect(response.status).toBe(200);
  return (await response.json()) as SchemeTree;
}

async function jobRunCount(): Promise<number> {
  return Number((await env.app.db.query<{ count: string }>(`SELECT count(*) FROM job_runs WHERE kind = 'scheme.import'`)).rows[0]!.count);
}

beforeAll(async () => {
  env = await startTestEnvironment({ workers: true });
  const user = await env.addUser('ada', 'admin');
  admin = new HttpClient(env.url);
  await admin.login('ada', user.password);
  files = fs.mkdtempSync(path.join(env.config.dataDir, '..', `${path.basename(env.config.dataDir)}-cli-files-`));
});

afterAll(async () => {
  await env?.close();
  if (files) fs.rmSync(files, { recursive: true, force: true });
});

describe('import:scheme with nobody holding the store (in this process)', () => {
  // The app of the test environment holds its own DATA_DIR; this one is free.
  const freeDataDir = () => path.join(files, 'free-data');

  it('imports a CSV, prints progress and a summary, and releases the store', async () => {
    const run = await runCli(['--scheme', 'hisco', '--file', writeFile('small.csv', csv)], freeDataDir());
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('done 4/4 codes');
    expect(run.stdout).toMatch(/Imported 4 codes into HISCO \(4 added, 0 kept, 0 removed\) in \d+\.\d s\./);
    expect(fs.existsSync(path.join(freeDataDir(), 'store', 'lock'))).toBe(false);

    // The store opens again (the lock was released) and holds the codes.
    const store = await EmbeddedStore.open({ directory: path.join(freeDataDir(), 'store'), log: createLogger('silent') });
    try {
      const schemes = createSchemeContext({ store, db: env.app.db, redis: env.app.redis, redisPrefix: env.config.redisPrefix, baseIri: env.config.baseIri });
      const codes = Object.values(await schemes.repository.readCodes('hisco'));
      expect(codes.map((code) => [code.label, code.name]).sort()).toEqual([
        ['1', 'Farmers'],
        ['11', 'Dairy farmers'],
        ['12', 'Shepherds, sheep'],
        ['2', 'Smiths'],
      ]);
      expect(codes.find((code) => code.label === '11')).toMatchObject({ parent: codes.find((code) => code.label === '1')!.value, description: 'Keep cows for milk' });
    } finally {
      await store.close();
    }
  });

  it('refuses an invalid file with its problems by line, exit 1, and changes nothing', async () => {
    const before = fs.readFileSync(path.join(freeDataDir(), 'store', 'snapshot.nq'), 'utf8');
    const run = await runCli(['--scheme', 'hisco', '--file', writeFile('broken.csv', 'code,label,parent,description\n1,Farmers,,\n11,Dairy farmers,9,\n')], freeDataDir());
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("line 3: parent '9' of '11' is not a code of this file");
    expect(run.stdout).not.toContain('Imported');
    expect(fs.readFileSync(path.join(freeDataDir(), 'store', 'snapshot.nq'), 'utf8')).toBe(before);
    expect(fs.existsSync(path.join(freeDataDir(), 'store', 'lock'))).toBe(false);
  });

  it('answers usage mistakes with exit 2', async () => {
    const unknown = await runCli(['--scheme', 'nope', '--file', writeFile('x.csv', csv)], freeDataDir());
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown scheme 'nope'");
    expect(unknown.stderr).toContain('hisco, pst2');
    expect((await runCli(['--scheme', 'hisco'], freeDataDir())).code).toBe(2);
    const noFormat = await runCli(['--scheme', 'hisco', '--file', writeFile('x.txt', csv)], freeDataDir());
    expect(noFormat.code).toBe(2);
    expect(noFormat.stderr).toContain('--format');
  });
});

describe('import:scheme while the app holds the embedded store (as a job)', () => {
  it('queues a scheme.import job, follows it to the end, and the app serves the codes', async () => {
    const run = await runCli(['--scheme', 'pst', '--file', writeFile('pst.csv', csv)]);
    expect(run.code, run.stderr + run.stdout).toBe(0);
    expect(run.stdout).toMatch(/has the store open: queued the import as job scheme\.import-/);
    expect(run.stdout).toContain('done 4/4 codes');
    expect(run.stdout).toMatch(/Imported 4 codes into PST \(4 added, 0 kept, 0 removed\)/);

    const pst = await tree('pst');
    expect(Object.values(pst.lookup).map((code) => code.label).sort()).toEqual(['1', '11', '12', '2']);
    const jobId = /job (scheme\.import-\S+?)\.?$/m.exec(run.stdout)![1]!;
    const row = (await env.app.db.query<{ state: string; result: unknown }>('SELECT state, result FROM job_runs WHERE id = $1', [jobId])).rows[0];
    expect(row).toEqual({ state: 'completed', result: { codes: 4, added: 4, kept: 0, removed: 0 } });
    // The worker removes the copied upload once the job is over.
    expect(fs.readdirSync(path.join(env.config.dataDir, 'uploads'))).toEqual([]);
  });

  it('refuses an invalid file before queueing anything, and the store is unchanged', async () => {
    const before = await tree('pst');
    const jobs = await jobRunCount();
    const run = await runCli(['--scheme', 'pst', '--file', writeFile('broken-pst.csv', 'code,label,parent,description\n1,Farmers,,\n11,Dairy farmers,9,\n')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("line 3: parent '9' of '11' is not a code of this file");
    expect(await jobRunCount()).toBe(jobs);
    expect(await tree('pst')).toEqual(before);
  });
});
