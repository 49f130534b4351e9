import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCrosswalks } from '../../api/src/links/seed-crosswalks.js';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import { seedSchemes } from '../../api/src/schemes/seed-schemes.js';
import type { CrosswalkSets, LinkMaps } from '../../shared/src/contracts/links.js';
import { jobIdFor } from '../../shared/src/jobs/job-kinds.js';
import type { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

/**
 * Seeding the crosswalks at start-up (`npm start`): every crosswalk of the data whose two sides are
 * schemes of the app, each as a set with its origin and licence from the data's README, once per
 * database; a seed that failed is tried again on the next start.
 */

const data = path.resolve(import.meta.dirname, '../../../shared/data');
const readRows = (file: string) => Papa.parse<Record<string, string>>(fs.readFileSync(path.join(data, 'crosswalks', file), 'utf8'), { header: true, skipEmptyLines: true }).data;

/** The crosswalks of today's data between schemes of the app, and what their seed must read. */
const seeded = [
  { file: 'esco-isco08.csv', source: 'esco', target: 'isco08' },
  { file: 'esco-onet.csv', source: 'esco', target: 'onet' },
  { file: 'hisco-occ1950.csv', source: 'hisco', target: 'occ1950' },
  { file: 'naf2-nace2.csv', source: 'naf2', target: 'nace2' },
  { file: 'soc2020-isco08.csv', source: 'soc2020', target: 'isco08' },
] as const;

const seedJobId = (source: string, target: string, retry = 0) => jobIdFor('crosswalk.import', `seed-${source}-${target}${retry ? `-retry-${retry}` : ''}`);
const seedRuns = async (env: TestEnvironment) => (await env.app.db.query<{ id: string; state: string }>(`SELECT id, state FROM job_runs WHERE starts_with(id, 'crosswalk.import-seed-') ORDER BY id`)).rows;
const setsOf = async (client: HttpClient, a: string, b: string) => ((await (await client.get(`/api/crosswalks/sets?schemes=${a},${b}`)).json()) as CrosswalkSets).sets;

describe('seeding the crosswalks of ../shared/data at start-up', () => {
  let env: TestEnvironment;
  let admin: HttpClient;
  beforeAll(async () => {
    env = await startTestEnvironment({ workers: true, env: { SEED_DIR: data } });
    admin = (await env.signIn('ada', 'admin')).client;
    await seedSchemes(env.app);
  }, 300_000);
  afterAll(async () => {
    await env?.close();
  });

  it('seeds the five crosswalks between our schemes as sets, with their source and licence, weights and relations', async () => {
    await seedCrosswalks(env.app);
    for (const { source, target } of seeded) {
      const job = await waitForJob(admin, seedJobId(source, target), 240_000);
      expect(job.state, `${source}-${target}: ${job.error ?? ''}`).toBe('completed');
    }
    expect((await seedRuns(env)).map((run) => run.id)).toEqual(seeded.map(({ source, target }) => seedJobId(source, target)).sort());

    const readme = fs.readFileSync(path.join(data, 'README.md'), 'utf8');
    for (const { file, source, target } of seeded) {
      const sets = await setsOf(admin, source, target);
      expect(sets, file).toHaveLength(1);
      const [set] = sets;
      expect(set).toMatchObject({ name: file, fileName: file, source, target, createdBy: null, refused: expect.any(Number) });
      // Its README row: `| \`file\` | rows | source | licence | notes |`.
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${file}\``))!.split('|').map((cell) => cell.trim().replace(/`/g, ''));
      expect(set!.origin).toBe(row[3]);
      expect(set!.license).toBe(row[4]);
      expect(set!.links).toBe(set!.imported);
      expect(set!.imported + set!.alreadyPresent + set!.refused).toBe(readRows(file).length);
    }
    const pairs = ((await (await admin.get('/api/links/pairs')).json()) as { pairs: { schemes: string[]; count: number }[] }).pairs;
    expect(pairs).toHaveLength(5);
    const total = ((await (await admin.get('/api/links/count')).json()) as { count: number }).count;
    expect(total).toBe(pairs.reduce((sum, pair) => sum + pair.count, 0));

    // SOC 2020 → ISCO-08: the counts (n_index_entries) as shares of each SOC code's total.
    const socIsco = readRows('soc2020-isco08.csv');
    const weights = await env.app.db.query<{ soc: string; sum: number; n: number }>(
      `SELECT second_iri AS soc, sum(weight) AS sum, count(*)::integer AS n FROM link_records WHERE starts_with(second_iri, $1) AND starts_with(first_iri, $2) GROUP BY second_iri`,
      [env.app.schemes.iris.codePrefix('soc2020'), env.app.schemes.iris.codePrefix('isco08')],
    );
    expect(weights.rows).toHaveLength(new Set(socIsco.map((row) => row.source_code)).size);
    for (const row of weights.rows) expect(row.sum, row.soc).toBeCloseTo(1, 12);
    const total1111 = socIsco.filter((row) => row.source_code === '1111').reduce((sum, row) => sum + Number(row.n_index_entries), 0);
    const [chief] = (await env.app.db.query<{ weight: number }>('SELECT weight FROM link_records WHERE first_iri = $1 AND second_iri = $2', [env.app.schemes.iris.code('isco08', '1112'), env.app.schemes.iris.code('soc2020', '1111')])).rows;
    expect(chief!.weight).toBeCloseTo(33 / total1111, 12);

    // HISCO → OCC1950: weights from n_titles (each HISCO code has one OCC1950 code: all 1).
    const hiscoWeights = await env.app.db.query<{ weight: number | null }>('SELECT DISTINCT weight FROM link_records WHERE starts_with(first_iri, $1)', [env.app.schemes.iris.codePrefix('hisco')]);
    expect(hiscoWeights.rows).toEqual([{ weight: 1 }]);

    // ESCO → O*NET: match_type read as the relation, exactISCO as exactMatch (none refused for its relation).
    const escoOnet = readRows('esco-onet.csv');
    const relations = ((await (await admin.get('/api/links/maps?schemes=esco,onet')).json()) as LinkMaps).relations;
    const narrow = escoOnet.find((row) => row.match_type === 'narrowMatch' && relations[`esco:${row.source_code} onet:${row.target_code}`])!;
    expect(relations[`esco:${narrow.source_code} onet:${narrow.target_code}`]).toBe('narrowMatch');
    const exactIsco = escoOnet.filter((row) => row.match_type === 'exactISCO');
    expect(exactIsco.length).toBeGreaterThan(0);
    for (const row of exactIsco) expect(relations[`esco:${row.source_code} onet:${row.target_code}`], row.source_code).toBe('exactMatch');
    const [escoOnetSet] = await setsOf(admin, 'esco', 'onet');
    const refusedForRelation = await env.app.db.query('SELECT 1 FROM crosswalk_refusals WHERE job_id = $1 AND reason = $2', [escoOnetSet!.jobId, 'bad relation']);
    expect(refusedForRelation.rowCount).toBe(0);

    // Rows that name no relation take the file's shape: each ESCO occupation has one ISCO group, shared by several → broadMatch;
    // SOC 2020 → ISCO-08 is many-to-many → closeMatch.
    const escoIsco = ((await (await admin.get('/api/links/maps?schemes=esco,isco08')).json()) as LinkMaps).relations;
    expect(new Set(Object.entries(escoIsco).filter(([key]) => key.startsWith('esco:')).map(([, relation]) => relation))).toEqual(new Set(['broadMatch']));
    const nafNace = ((await (await admin.get('/api/links/maps?schemes=naf2,nace2')).json()) as LinkMaps).relations;
    // (The maps read from the scheme first in name order: from NACE, a NAF sub-class is a narrower match.)
    expect(new Set(Object.entries(nafNace).filter(([key]) => key.startsWith('nace2:')).map(([, relation]) => relation))).toEqual(new Set(['narrowMatch']));
    expect(Object.keys(nafNace).filter((key) => key.startsWith('nace2:'))).toHaveLength(readRows('naf2-nace2.csv').length);
    const socRelations = ((await (await admin.get('/api/links/maps?schemes=soc2020,isco08')).json()) as LinkMaps).relations;
    expect(new Set(Object.entries(socRelations).filter(([key]) => key.startsWith('isco08:')).map(([, relation]) => relation))).toEqual(new Set(['closeMatch']));
  }, 600_000);

  it('adds nothing on the next start, even after a seeded set was taken back', async () => {
    const [naf] = await setsOf(admin, 'naf2', 'nace2');
    const removal = await admin.request('DELETE', `/api/crosswalks/sets/${naf!.id}`);
    expect(removal.status).toBe(202);
    expect((await waitForJob(admin, ((await removal.json()) as { jobId: string }).jobId, 120_000)).state).toBe('completed');
    const runs = await seedRuns(env);
    const count = ((await (await admin.get('/api/links/count')).json()) as { count: number }).count;

    await seedCrosswalks(env.app);

    expect(await seedRuns(env)).toEqual(runs);
    expect(await setsOf(admin, 'naf2', 'nace2')).toEqual([]);
    expect(((await (await admin.get('/api/links/count')).json()) as { count: number }).count).toBe(count);
  });
});

describe('a seeded crosswalk that fails', () => {
  let env: TestEnvironment;
  let admin: HttpClient;
  let seedDir: string;
  beforeAll(async () => {
    seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'og-seed-crosswalks-'));
    fs.mkdirSync(path.join(seedDir, 'crosswalks'));
    env = await startTestEnvironment({ workers: true, env: { SEED_DIR: seedDir } });
    for (const scheme of ['soc2020', 'isco08'] as const) {
      await importScheme(env.app.schemes, { scheme, text: fs.readFileSync(path.join(data, 'schemes', `${scheme}.csv`), 'utf8'), format: 'csv', actorId: null });
    }
    admin = (await env.signIn('ada', 'admin')).client;
  }, 120_000);
  afterAll(async () => {
    await env?.close();
    fs.rmSync(seedDir, { recursive: true, force: true });
  });

  it('is tried again on the next start, and then not again', async () => {
    const file = path.join(seedDir, 'crosswalks', 'soc2020-isco08.csv');
    // A count that is not one fails the import (and nothing of it is imported).
    fs.writeFileSync(file, ['source_code,target_code,n_entries', '1111,1112,3', '1112,1112,lots', ''].join('\n'));
    await seedCrosswalks(env.app);
    const failed = await waitForJob(admin, seedJobId('soc2020', 'isco08'), 60_000);
    expect(failed.state).toBe('failed');
    expect(await setsOf(admin, 'soc2020', 'isco08')).toEqual([]);

    fs.writeFileSync(file, ['source_code,target_code,n_entries', '1111,1112,3', '1111,1114,1', '1112,1112,2', ''].join('\n'));
    await seedCrosswalks(env.app);
    const retried = await waitForJob(admin, seedJobId('soc2020', 'isco08', 1), 60_000);
    expect(retried.state, retried.error ?? '').toBe('completed');
    expect(retried.result).toMatchObject({ imported: 3, refused: 0 });
    const [set] = await setsOf(admin, 'soc2020', 'isco08');
    expect(set).toMatchObject({ fileName: 'soc2020-isco08.csv', jobId: seedJobId('soc2020', 'isco08', 1), links: 3, origin: null, license: null });

    await seedCrosswalks(env.app);
    expect((await seedRuns(env)).map((run) => run.state)).toEqual(['failed', 'completed']);
  });
});
