import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import { seedSchemes } from '../../api/src/schemes/seed-schemes.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

/**
 * Seeding at start-up (`npm start`): every scheme that has no code yet gets its seed file; a
 * scheme that has codes, imported by hand or seeded before, is left exactly as it is.
 */

let env: TestEnvironment;
let seedDir: string;

const csv = (rows: string[]) => ['code,label,parent,description', ...rows].join('\n') + '\n';

beforeAll(async () => {
  seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'og-seed-'));
  fs.mkdirSync(path.join(seedDir, 'schemes'));
  fs.writeFileSync(path.join(seedDir, 'schemes', 'hisco.csv'), csv(['0,Seeded root,,', '01,Seeded child,0,', '02,Another seeded child,0,']));
  fs.writeFileSync(path.join(seedDir, 'schemes', 'isco08.csv'), csv(['1,Managers,,', '11,Chief executives,1,']));
  env = await startTestEnvironment({ env: { SEED_DIR: seedDir } });
});
afterAll(async () => {
  await env?.close();
  fs.rmSync(seedDir, { recursive: true, force: true });
});

const codeNames = async (scheme: 'hisco' | 'isco08' | 'pst2') =>
  Object.values((await env.app.schemes.trees.get(scheme)).tree.lookup)
    .map((code) => code.name)
    .sort();

describe('seeding the schemes at start-up', () => {
  it('seeds the schemes that are still empty and leaves one imported by hand as it is', async () => {
    await importScheme(env.app.schemes, { scheme: 'hisco', text: csv(['0,Imported by hand,,']), format: 'csv', actorId: null });

    await seedSchemes(env.app);

    expect(await codeNames('hisco')).toEqual(['Imported by hand']);
    expect(await codeNames('isco08')).toEqual(['Chief executives', 'Managers']);
    expect(await codeNames('pst2')).toEqual([]); // no seed file: stays empty
  });

  it('does nothing on the next start: seeded schemes keep their edits', async () => {
    await importScheme(env.app.schemes, { scheme: 'isco08', text: csv(['1,Managers (edited),,']), format: 'csv', actorId: null });

    await seedSchemes(env.app);

    expect(await codeNames('isco08')).toEqual(['Managers (edited)']);
    expect(await codeNames('hisco')).toEqual(['Imported by hand']);
  });
});
