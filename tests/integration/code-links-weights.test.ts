import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import { codeLinks, type CodeLink } from '../../shared/src/contracts/schemes.js';
import { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

/** `GET /api/schemes/{scheme}/codes/{value}/links` (Explore's read) gives a weighted link its weight, and whose share it is from the code asked about. */

const data = path.resolve(import.meta.dirname, '../../../shared/data');
const socIsco = fs.readFileSync(path.join(data, 'crosswalks/soc2020-isco08.csv'));

let env: TestEnvironment;
let admin: HttpClient;
beforeAll(async () => {
  env = await startTestEnvironment({ workers: true });
  for (const scheme of ['soc2020', 'isco08'] as const) {
    await importScheme(env.app.schemes, { scheme, text: fs.readFileSync(path.join(data, 'schemes', `${scheme}.csv`), 'utf8'), format: 'csv', actorId: null });
  }
  admin = (await env.signIn('ada', 'admin')).client;
  const response = await admin.upload('/api/crosswalks', 'soc2020-isco08.csv', socIsco, { source: 'soc2020', target: 'isco08', weightColumn: 'n_index_entries' });
  expect(response.status, await response.clone().text()).toBe(202);
  const job = await waitForJob(admin, ((await response.json()) as { jobId: string }).jobId, 120_000);
  expect(job.state).toBe('completed');
});
afterAll(async () => {
  await env?.close();
});

async function linksOf(scheme: string, value: string): Promise<CodeLink[]> {
  const response = await new HttpClient(env.url).get(`/api/schemes/${scheme}/codes/${value}/links`);
  expect(response.status).toBe(200);
  return codeLinks.parse(await response.json()).links;
}

describe('a code’s links with their weights', () => {
  it('gives each link of a SOC 2020 group its share of the group (counts made shares), summing to 1', async () => {
    const links = await linksOf('soc2020', '1111');
    // 1111's rows: 33, 1, 14 and 3 index entries.
    expect(Object.fromEntries(links.map((link) => [link.value, [link.weight, link.weightOf]]))).toEqual({
      '1112': [33 / 51, 'code'],
      '1114': [1 / 51, 'code'],
      '1120': [14 / 51, 'code'],
      '1213': [3 / 51, 'code'],
    });
    expect(links.reduce((sum, link) => sum + link.weight!, 0)).toBeCloseTo(1, 10);
  });

  it('says from the ISCO-08 side that the weight is the linked SOC group’s share', async () => {
    const link = (await linksOf('isco08', '1112')).find((each) => each.scheme === 'soc2020' && each.value === '1111');
    expect(link).toMatchObject({ relation: 'closeMatch', weight: 33 / 51, weightOf: 'linked' });
  });

  it('gives a link without a weight none', async () => {
    await admin.post('/api/links', { sourceScheme: 'soc2020', sourceNodeID: '1111', targetScheme: 'isco08', targetNodeID: '2111' });
    const link = (await linksOf('soc2020', '1111')).find((each) => each.value === '2111');
    expect(link).toBeDefined();
    expect(link).not.toHaveProperty('weight');
    expect(link).not.toHaveProperty('weightOf');
  });
});
