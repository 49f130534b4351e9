import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import { runCli } from '../support/cli-process.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

/** `npm run import:crosswalk` (the built CLI): here the app (this test's environment, with workers) holds the store, so its workers run the job. */

const data = path.resolve(import.meta.dirname, '../../../shared/data');
const escoIsco = path.join(data, 'crosswalks/esco-isco08.csv');
const socIsco = path.join(data, 'crosswalks/soc2020-isco08.csv');
let env: TestEnvironment;
const importCrosswalk = (args: string[]) => runCli(env, 'workers/dist/cli/import-crosswalk.js', args);

beforeAll(async () => {
  env = await startTestEnvironment({ workers: true });
  for (const scheme of ['esco', 'isco08', 'soc2020'] as const) {
    await importScheme(env.app.schemes, { scheme, text: fs.readFileSync(path.join(data, 'schemes', `${scheme}.csv`), 'utf8'), format: 'csv', actorId: null });
  }
});
afterAll(async () => env?.close());

describe('npm run import:crosswalk', () => {
  it('imports the real ESCO → ISCO-08 file through the running app, then finds every link present', async () => {
    const rows = fs.readFileSync(escoIsco, 'utf8').trim().split('\n').length - 1;
    const first = await importCrosswalk(['--source', 'esco', '--target', 'isco08', '--relation', 'broadMatch', '--file', escoIsco]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('its workers run the import');
    expect(first.stdout).toMatch(new RegExp(`Imported ${rows} links \\(0 already present, 0 rows refused\\)`));
    const again = await importCrosswalk(['--source', 'esco', '--target', 'isco08', '--file', escoIsco]);
    expect(again.stdout).toMatch(new RegExp(`Imported 0 links \\(${rows} already present, 0 rows refused\\)`));
  });

  it('reads the weight column it is told, counts made shares of each source code’s total, and says which columns it read as what', async () => {
    const rows = fs.readFileSync(socIsco, 'utf8').trim().split('\n').length - 1;
    const run = await importCrosswalk(['--source', 'soc2020', '--target', 'isco08', '--weight-column', 'n_index_entries', '--file', socIsco]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`Imported ${rows} links \\(0 already present, 0 rows refused\\)`));
    expect(run.stdout).toContain("weights from n_index_entries (counts, as shares of each source code's total)");
    // SOC 2020 1111 → ISCO-08 1112: 33 of the group's 51 index entries.
    const weights = await env.app.db.query<{ weight: number }>(`SELECT weight FROM link_records WHERE second_iri LIKE '%/soc2020/1111' AND first_iri LIKE '%/isco08/1112'`);
    expect(weights.rows).toHaveLength(1);
    expect(weights.rows[0]!.weight).toBeCloseTo(33 / 51, 12);
  });

  it('answers usage mistakes with exit 2 and a line that says what is wrong', async () => {
    const same = await importCrosswalk(['--source', 'esco', '--target', 'esco', '--file', escoIsco]);
    expect(same.code).toBe(2);
    expect(same.stderr).toContain('--target: A crosswalk joins two different schemes');
    const relation = await importCrosswalk(['--source', 'esco', '--target', 'isco08', '--relation', 'sameAs', '--file', escoIsco]);
    expect(relation.code).toBe(2);
    expect(relation.stderr).toContain('--relation');
    expect((await importCrosswalk(['--source', 'esco'])).code).toBe(2);
  });
});
