import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import { seedCrosswalks } from '../../api/src/links/seed-crosswalks.js';
import type { ConversionCodeDetail, ConversionQueryAnswer, ConversionRequest, ConversionResult } from '../../shared/src/contracts/conversions.js';
import { jobIdFor } from '../../shared/src/jobs/job-kinds.js';
import type { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

const data = path.resolve(import.meta.dirname, '../../../shared/data');

let env: TestEnvironment;
let owner: HttpClient;
let admin: HttpClient;
let stranger: HttpClient;
let escoDataset: string;
let hiscoDataset: string;
/** The ESCO-coded rows: (title, ESCO code, ISCO-08 code by the crosswalk file, persons). */
let escoRows: { title: string; code: string; isco: string; persons: number }[];

function readCsv(file: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(fs.readFileSync(path.join(data, file), 'utf8'), { header: true, skipEmptyLines: true }).data;
}

async function createDataset(client: HttpClient, rows: { title: string; code: string; totals: number[] }[], metadata: Record<string, unknown>): Promise<string> {
  const created = await client.post('/api/datasets', { data: rows, metadata: { titleColumn: 'title', ...metadata } });
  expect(created.status, await created.clone().text()).toBe(202);
  const accepted = (await created.json()) as { datasetId: string; jobId: string };
  expect((await waitForJob(client, accepted.jobId, 120_000)).state).toBe('completed');
  return accepted.datasetId;
}

async function convert(datasetId: string, request: Partial<ConversionRequest>, client = owner): Promise<ConversionResult> {
  const response = await client.post(`/api/datasets/${datasetId}/conversions`, { targetScheme: 'isco08', ...request });
  expect(response.status, await response.clone().text()).toBe(202);
  const accepted = (await response.json()) as { conversionId: string; jobId: string };
  const job = await waitForJob(client, accepted.jobId, 120_000);
  expect(job.state, job.error ?? '').toBe('completed');
  const result = await client.get(`/api/conversions/${accepted.conversionId}/result?format=json`);
  expect(result.status).toBe(200);
  return (await result.json()) as ConversionResult;
}

/** Converted + not converted = the data's sums, exactly, for rows and every totals column. */
function expectTotalsAddUp(result: ConversionResult, dataset: { occurrences: number; totals: number[] }) {
  const summary = result.conversion.summary!;
  expect(summary.dataset).toEqual(dataset);
  const notConverted = summary.notConverted.reduce((sum, entry) => sum + entry.occurrences, 0);
  expect(summary.converted.occurrences + notConverted).toBe(dataset.occurrences);
  dataset.totals.forEach((total, column) => {
    const converted = result.rows.reduce((sum, row) => sum + row.totals[column]!, 0);
    expect(converted).toBe(summary.converted.totals[column]);
    expect(converted + summary.notConverted.reduce((sum, entry) => sum + entry.totals[column]!, 0)).toBe(total);
  });
  expect(result.rows.reduce((sum, row) => sum + row.occurrences, 0)).toBe(summary.converted.occurrences);
}

beforeAll(async () => {
  env = await startTestEnvironment({ workers: true });
  for (const scheme of ['esco', 'isco08', 'hisco'] as const) {
    await importScheme(env.app.schemes, { scheme, text: fs.readFileSync(path.join(data, `schemes/${scheme}.csv`), 'utf8'), format: 'csv', actorId: null });
  }
  admin = (await env.signIn('ada', 'admin')).client;
  owner = (await env.signIn('olive', 'member')).client;
  stranger = (await env.signIn('sid', 'member')).client;
  await seedCrosswalks(env.app);
  expect((await waitForJob(admin, jobIdFor('crosswalk.import', 'seed-esco-isco08'), 120_000)).state).toBe('completed');

  // ESCO labels whose occupation the crosswalk file links to exactly one ISCO-08 code.
  const crosswalk = readCsv('crosswalks/esco-isco08.csv');
  const linksOf = new Map<string, string[]>();
  for (const row of crosswalk) linksOf.set(row.source_code!, [...(linksOf.get(row.source_code!) ?? []), row.target_code!]);
  escoRows = readCsv('titles/esco_occupation_labels_en.csv')
    .filter((row) => linksOf.get(row.esco_code!)?.length === 1)
    .slice(0, 4_000)
    .map((row, index) => ({ title: row.title!, code: row.esco_code!, isco: linksOf.get(row.esco_code!)![0]!, persons: (index % 7) + 1 }));
  escoDataset = await createDataset(
    owner,
    [
      ...escoRows.map((row) => ({ title: row.title, code: row.code, totals: [row.persons] })),
      { title: 'a code ESCO lacks', code: 'not-an-esco-code', totals: [5] },
      { title: 'an uncoded title', code: '', totals: [2] },
    ],
    { title: 'ESCO-coded labels', codeColumn: 'code', scheme: 'esco', totalsColumns: ['persons'] },
  );

  // HISCO codes for the paths: two hops through ESCO, default to parent, unlinkable, and a code linked twice.
  const link = async (body: Record<string, string>) => {
    const response = await admin.post('/api/links', body);
    expect(response.status, await response.clone().text()).toBeLessThan(300);
  };
  const escoOfficer = crosswalk.find((row) => row.target_code === '0110')!.source_code!;
  await link({ sourceScheme: 'hisco', sourceNodeID: '58220', targetScheme: 'esco', targetNodeID: escoOfficer });
  await link({ sourceScheme: 'hisco', sourceNodeID: '831', targetScheme: 'isco08', targetNodeID: '7221' });
  await link({ sourceScheme: 'hisco', sourceNodeID: '83110', targetScheme: 'isco08', targetNodeID: 'default-to-parent' });
  await link({ sourceScheme: 'hisco', sourceNodeID: '61110', targetScheme: 'isco08', targetNodeID: 'unlinkable' });
  // Unlinkable wins over a path through another scheme.
  await link({ sourceScheme: 'hisco', sourceNodeID: '61110', targetScheme: 'esco', targetNodeID: escoOfficer });
  await link({ sourceScheme: 'hisco', sourceNodeID: '21110', targetScheme: 'isco08', targetNodeID: '2111', relation: 'closeMatch' });
  await link({ sourceScheme: 'hisco', sourceNodeID: '21110', targetScheme: 'isco08', targetNodeID: '2112', relation: 'relatedMatch' });
  await link({ sourceScheme: 'hisco', sourceNodeID: '21110', targetScheme: 'isco08', targetNodeID: '1111', relation: 'relatedMatch' });
  hiscoDataset = await createDataset(
    owner,
    [
      { title: 'policeman', code: '58220', totals: [7, 1] },
      { title: 'blacksmith', code: '83110', totals: [11, 2] },
      { title: 'farmer', code: '61110', totals: [13, 3] },
      { title: 'chemist', code: '21110', totals: [10, 5] },
      { title: 'chymist', code: '21110', totals: [1, 0] },
      { title: 'weaver', code: '75220', totals: [4, 4] },
    ],
    { title: 'HISCO census', codeColumn: 'code', scheme: 'hisco', totalsColumns: ['men', 'women'] },
  );
}, 300_000);
afterAll(async () => {
  await env?.close();
});

describe('converting a dataset through the link graph (issue 14)', () => {
  it('converts ESCO-coded labels to ISCO-08 at each depth, with totals matching the crosswalk file exactly', async () => {
    const persons = escoRows.reduce((sum, row) => sum + row.persons, 0) + 5 + 2;
    for (const [targetDepth, digits] of [['root', 1], ['root+1', 2], ['root+2', 3], ['max', 4]] as const) {
      const result = await convert(escoDataset, { targetDepth });
      expectTotalsAddUp(result, { occurrences: escoRows.length + 2, totals: [persons] });
      const expected = new Map<string, number>();
      for (const row of escoRows) expected.set(row.isco.slice(0, digits), (expected.get(row.isco.slice(0, digits)) ?? 0) + row.persons);
      expect(Object.fromEntries(result.rows.map((row) => [row.targetCode, row.totals[0]]))).toEqual(Object.fromEntries(expected));
      expect(result.conversion.summary!.notConverted.map((entry) => [entry.reason, entry.totals[0]])).toEqual([
        ['unknown code', 5],
        ['not coded', 2],
      ]);
      expect(result.conversion.summary!.problematic).toBe(0);
    }
  });

  it('lists sample titles with each target, the most frequent first', async () => {
    const result = await convert(escoDataset, { targetDepth: 'max' });
    const officers = result.rows.find((row) => row.targetCode === '0110')!;
    expect(officers.sampleTitles.length).toBeGreaterThan(0);
    expect(escoRows.filter((row) => row.isco === '0110').map((row) => row.title)).toEqual(expect.arrayContaining(officers.sampleTitles));
  });

  it('follows two hops, default to parent and unlinkable markers, and says so', async () => {
    const result = await convert(hiscoDataset, { targetDepth: 'max' });
    const code = (uri: string) => result.codes.find((item) => item.uri === uri)!;
    expect(code('hisco:58220').targets).toEqual([expect.objectContaining({ code: '0110', path: 'two-hop', relation: null })]);
    expect(code('hisco:83110').targets).toEqual([expect.objectContaining({ code: '7221', path: 'default-to-parent' })]);
    expect(code('hisco:61110')).toMatchObject({ reason: 'unlinkable', targets: [] });
    expect(code('hisco:75220')).toMatchObject({ reason: 'no link', targets: [] });
    expect(result.conversion.summary!.byPath).toEqual({ direct: 2, 'two-hop': 1, 'default-to-parent': 1 });
    expect(result.conversion.summary!.notConverted.map((entry) => [entry.reason, entry.codes, entry.totals])).toEqual([
      ['no link', 1, [4, 4]],
      ['unlinkable', 1, [13, 3]],
    ]);
    expectTotalsAddUp(result, { occurrences: 6, totals: [46, 15] });
  });

  it('splits a code with several targets by each weighting, or sends it to their closest common parent, always adding up', async () => {
    const chemist = (result: ConversionResult) => result.codes.find((item) => item.uri === 'hisco:21110')!;
    const sums = (result: ConversionResult) => Object.fromEntries(result.rows.map((row) => [row.targetCode, row.totals]));

    const equal = await convert(hiscoDataset, { targetDepth: 'max', weighting: 'equal' });
    expect(chemist(equal).problematic).toBe(true);
    expect(chemist(equal).targets.map((target) => [target.code, target.share])).toEqual([
      ['1111', 1 / 3],
      ['2111', 1 / 3],
      ['2112', 1 / 3],
    ]);
    // 11 men and 5 women in thirds, whole people: the largest remainders get the odd ones.
    expect([sums(equal)['1111'], sums(equal)['2111'], sums(equal)['2112']]).toEqual([
      [4, 2],
      [4, 2],
      [3, 1],
    ]);
    expectTotalsAddUp(equal, { occurrences: 6, totals: [46, 15] });

    // At depth 3 the two 211x codes are one: two targets left (111, 211).
    const closest = await convert(hiscoDataset, { targetDepth: 'max', aggregation: 'closest-common-parent' });
    expect(chemist(closest).targets.map((target) => target.code)).toEqual(['1111', '2111', '2112']); // no common parent across major groups: split
    const modal = await convert(hiscoDataset, { targetDepth: 'max', weighting: 'modal' });
    expect(chemist(modal).targets).toEqual([expect.objectContaining({ code: '2111', share: 1 })]); // the strongest relation (closeMatch)
    expectTotalsAddUp(modal, { occurrences: 6, totals: [46, 15] });

    const reference = await createDataset(
      owner,
      [
        { title: 'legislator', code: '1111', totals: [] },
        { title: 'physicist', code: '2111', totals: [] },
        { title: 'astronomer', code: '2111', totals: [] },
        { title: 'meteorologist', code: '2112', totals: [] },
      ],
      { title: 'ISCO-08 reference', codeColumn: 'code', scheme: 'isco08' },
    );
    const proportional = await convert(hiscoDataset, { targetDepth: 'max', weighting: 'reference', referenceDatasetId: reference });
    expect(chemist(proportional).targets.map((target) => [target.code, target.share])).toEqual([
      ['1111', 0.25],
      ['2111', 0.5],
      ['2112', 0.25],
    ]);
    expectTotalsAddUp(proportional, { occurrences: 6, totals: [46, 15] });
    const modalByReference = await convert(hiscoDataset, { targetDepth: 'max', weighting: 'modal', referenceDatasetId: reference });
    expect(chemist(modalByReference).targets).toEqual([expect.objectContaining({ code: '2111', share: 1 })]);

    // Without the legislator link's major group: a common parent exists at depth 3.
    const depth2 = await convert(hiscoDataset, { targetDepth: 'root+1', aggregation: 'closest-common-parent' });
    expect(chemist(depth2).targets.map((target) => target.code)).toEqual(['11', '21']);
  });

  it('walks problematic codes first, stores a decision that changes the result at once, and restores the original', async () => {
    const result = await convert(hiscoDataset, { targetDepth: 'max' });
    expect(result.codes[0]).toMatchObject({ uri: 'hisco:21110', problematic: true });
    const address = `/api/conversions/${result.conversion.id}/codes/${encodeURIComponent('hisco:21110')}`;
    const detail = (await (await owner.get(address)).json()) as ConversionCodeDetail;
    expect(detail.original.sort()).toEqual(['1111', '2111', '2112']);
    expect(detail.nodes.filter((node) => node.isLink).map((node) => node.value).sort()).toEqual(['1111', '2111', '2112']);
    expect(detail.nodes.find((node) => node.value === '211')).toMatchObject({ parent: '21', isLink: false });
    expect(detail.explanation.join(' ')).toContain('problematic');

    const decided = await owner.request('PUT', address, { json: { targets: ['2111'] } });
    expect(decided.status, await decided.clone().text()).toBe(200);
    expect(((await decided.json()) as ConversionCodeDetail).current).toMatchObject({ decided: true, targets: [expect.objectContaining({ code: '2111', share: 1 })] });
    const after = (await (await owner.get(`/api/conversions/${result.conversion.id}/result`)).json()) as ConversionResult;
    expect(after.rows.find((row) => row.targetCode === '2111')!.totals).toEqual([11, 5]);
    expect(after.rows.find((row) => row.targetCode === '1111')).toBeUndefined();
    expect(after.conversion.summary!.decided).toBe(1);
    expectTotalsAddUp(after, { occurrences: 6, totals: [46, 15] });

    // Only an admin may write a decision into the crosswalk.
    expect((await owner.request('PUT', address, { json: { targets: ['1111'], applyToCrosswalk: true } })).status).toBe(403);
    expect(((await (await owner.get(address)).json()) as ConversionCodeDetail).decision).toEqual({ targets: ['2111'] });
    expect((await owner.request('PUT', address, { json: { targets: ['no-such-code'] } })).status).toBe(400);

    const restored = (await (await owner.request('DELETE', address)).json()) as ConversionCodeDetail;
    expect(restored.current.decided).toBe(false);
    expect(restored.current.targets).toHaveLength(3);
  });

  it("lets an admin write a decision into the crosswalk: the code's links to the target scheme become the chosen codes", async () => {
    const result = await convert(hiscoDataset, { targetDepth: 'max' });
    const address = `/api/conversions/${result.conversion.id}/codes/${encodeURIComponent('hisco:21110')}`;
    const applied = await admin.request('PUT', address, { json: { targets: ['2111', '2112'], applyToCrosswalk: true } });
    expect(applied.status, await applied.clone().text()).toBe(200);
    const query = (await (await owner.post('/api/conversion-query', { seeds: ['hisco:21110'], targetScheme: 'isco08' })).json()) as ConversionQueryAnswer;
    expect(query.rows.map((row) => row.target).sort()).toEqual(['isco08:2111', 'isco08:2112']);
    // A new conversion follows the crosswalk as it is now.
    const after = await convert(hiscoDataset, { targetDepth: 'max' });
    expect(after.codes.find((code) => code.uri === 'hisco:21110')!.targets.map((target) => target.code)).toEqual(['2111', '2112']);
  });

  it('exports the table as CSV and the decisions as SSSOM', async () => {
    const result = await convert(hiscoDataset, { targetDepth: 'max' });
    const csv = await owner.get(`/api/conversions/${result.conversion.id}/result?format=csv`);
    expect(csv.headers.get('content-disposition')).toContain('.csv');
    const table = Papa.parse<string[]>(await csv.text(), { skipEmptyLines: true }).data;
    expect(table[0]).toEqual(['target_code', 'target_name', 'occurrences', 'men', 'women']);
    expect(table.filter((row) => row[0] === '').map((row) => row[1])).toEqual(['no link', 'unlinkable']);
    expect(table.slice(1).reduce((sum, row) => sum + Number(row[3]), 0)).toBe(46);
    const sssom = await (await owner.get(`/api/conversions/${result.conversion.id}/result?format=sssom`)).text();
    expect(sssom).toContain('# mapping_set_id:');
    expect(sssom).toContain('# mapping_tool: The Occupation Graph');
    // Two hops: a mapping the conversion chained, with no weight of its own; the share is in the comment.
    expect(sssom).toMatch(/\nhisco:58220\t[^\t]*\tskos:relatedMatch\tisco08:0110\t[^\t]*\tsemapv:MappingChaining\t\t\t\t\ttwo-hop; share 1\n/);
    // An admin's own link: curated by that admin, on the day it was made.
    expect(sssom).toMatch(new RegExp(`\\nhisco:21110\\t[^\\t]*\\tskos:closeMatch\\tisco08:2111\\t[^\\t]*\\tsemapv:ManualMappingCuration\\t\\toguser:[0-9a-f-]{36}\\t\\t${new Date().toISOString().slice(0, 10)}\\tdirect; share 0\\.5`));
  });

  it("answers SPEC's conversion query: seed, start, target, parent, isLinked", async () => {
    const response = await owner.post('/api/conversion-query', { seeds: ['hisco:58220', 'hisco:831', 'hisco:83110', 'hisco:nope'], targetScheme: 'isco08' });
    const answer = (await response.json()) as ConversionQueryAnswer;
    expect(answer.unknown).toEqual(['hisco:nope']);
    expect(answer.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ seed: 'hisco:58220', target: 'isco08:0110', isLinked: false, path: 'two-hop', parent: expect.stringMatching(/^esco:/) }),
        expect.objectContaining({ seed: 'hisco:831', start: 'hisco:831', target: 'isco08:7221', isLinked: true, path: 'direct' }),
        expect.objectContaining({ seed: 'hisco:83110', target: 'isco08:7221', path: 'default-to-parent', parent: 'hisco:831' }),
      ]),
    );
  });

  it('refuses what it cannot convert, with the reason, and keeps conversions to those who may see the dataset', async () => {
    expect((await owner.post(`/api/datasets/${hiscoDataset}/conversions`, { targetScheme: 'nowhere' })).status).toBe(400);
    const wrongReference = await owner.post(`/api/datasets/${hiscoDataset}/conversions`, { targetScheme: 'isco08', weighting: 'reference', referenceDatasetId: escoDataset });
    expect(wrongReference.status).toBe(400);
    expect(await wrongReference.text()).toContain('must be coded in ISCO-08');
    expect((await owner.post(`/api/datasets/${hiscoDataset}/conversions`, { targetScheme: 'isco08', weighting: 'reference' })).status).toBe(400);
    const uncoded = await createDataset(owner, [{ title: 'a title', code: '', totals: [] }], { title: 'No codes', codeColumn: null });
    const refused = await owner.post(`/api/datasets/${uncoded}/conversions`, { targetScheme: 'isco08' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('no codes to convert');

    const result = await convert(hiscoDataset, {});
    expect((await stranger.get(`/api/conversions/${result.conversion.id}`)).status).toBe(404);
    expect((await stranger.post(`/api/datasets/${hiscoDataset}/conversions`, { targetScheme: 'isco08' })).status).toBe(404);
    const listed = (await (await owner.get('/api/conversions')).json()) as { conversions: { id: string }[] };
    expect(listed.conversions.map((item) => item.id)).toContain(result.conversion.id);
    expect(((await (await stranger.get('/api/conversions')).json()) as { conversions: unknown[] }).conversions).toEqual([]);
  });
});
