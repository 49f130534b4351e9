import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apportion } from '../../api/src/conversions/apportion.js';
import { seedCrosswalks } from '../../api/src/links/seed-crosswalks.js';
import { seedSchemes } from '../../api/src/schemes/seed-schemes.js';
import type { ConversionRequest, ConversionResult, ConversionWeighting } from '../../shared/src/contracts/conversions.js';
import type { CrosswalkSet, CrosswalkSets } from '../../shared/src/contracts/links.js';
import { jobIdFor } from '../../shared/src/jobs/job-kinds.js';
import type { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';
import { seededRandom } from '../../shared/src/domain/seeded-random.js';

/**
 * Conversions weighted by the crosswalk's own weights: the ONS SOC 2020 → ISCO-08 coding index
 * as the first start seeds it (`n_index_entries` per pair, which the seed's import makes shares of
 * each SOC group's titles), and a SOC 2020-coded sample converted to ISCO-08.
 *
 * The environment starts as `npm start` does on a fresh database, seeded from ../shared/data
 * narrowed to what the test reads: a seed directory of links to the data's README (the sets'
 * source and licence), the two schemes and the one crosswalk, so the seed imports that crosswalk
 * alone (the others' schemes are not there).
 *
 * No titles file of ../shared/data codes titles in both SOC 2020 and ISCO-08 (the ONS index's
 * titles themselves are not in the crosswalk file, only their counts per pair), so the sample is
 * drawn from the crosswalk's rows: each row stands for its `n_index_entries` index titles coded
 * (SOC group, ISCO group), and 2,000 of those 31,961 titles are drawn at random (fixed seed), each
 * with its SOC code as the dataset's code and its ISCO-08 code as the truth.
 */

const data = path.resolve(import.meta.dirname, '../../../shared/data');
const crosswalkFile = fs.readFileSync(path.join(data, 'crosswalks/soc2020-isco08.csv'));
const crosswalkRows = Papa.parse<Record<string, string>>(crosswalkFile.toString('utf8'), { header: true, skipEmptyLines: true }).data;

/** The index's title counts per SOC 2020 group and ISCO-08 group. */
const countsBySoc = new Map<string, Map<string, number>>();
for (const row of crosswalkRows) {
  const targets = countsBySoc.get(row.source_code!) ?? new Map<string, number>();
  targets.set(row.target_code!, Number(row.n_index_entries));
  countsBySoc.set(row.source_code!, targets);
}


interface SampleRow {
  title: string;
  soc: string;
  isco: string;
  persons: number;
}

/** 2,000 of the index's titles, without replacement. */
function drawSample(size: number): SampleRow[] {
  const titles: { soc: string; isco: string; title: string }[] = [];
  for (const row of crosswalkRows) {
    for (let index = 0; index < Number(row.n_index_entries); index++) titles.push({ soc: row.source_code!, isco: row.target_code!, title: `${row.source_title} (${row.target_title})` });
  }
  const next = seededRandom(26);
  for (let at = 0; at < size; at++) {
    const pick = at + Math.floor(next() * (titles.length - at));
    [titles[at], titles[pick]] = [titles[pick]!, titles[at]!];
  }
  return titles.slice(0, size).map((title, index) => ({ title: title.title, soc: title.soc, isco: title.isco, persons: 1 + (index % 4) }));
}

/** Total variation distance between two distributions of counts over codes. */
function totalVariation(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  const sum = (counts: ReadonlyMap<string, number>) => [...counts.values()].reduce((total, count) => total + count, 0);
  const [totalA, totalB] = [sum(a), sum(b)];
  let distance = 0;
  for (const code of new Set([...a.keys(), ...b.keys()])) distance += Math.abs((a.get(code) ?? 0) / totalA - (b.get(code) ?? 0) / totalB);
  return distance / 2;
}

let env: TestEnvironment;
let admin: HttpClient;
let owner: HttpClient;
let datasetId: string;
let seedDir: string;
/** The seeded ONS crosswalk's set. */
let onsSet: CrosswalkSet;
const sample = drawSample(2_000);
/** The sample's rows and persons per SOC code. */
const bySoc = new Map<string, { rows: number; persons: number }>();
for (const row of sample) {
  const sums = bySoc.get(row.soc) ?? { rows: 0, persons: 0 };
  sums.rows++;
  sums.persons += row.persons;
  bySoc.set(row.soc, sums);
}

async function convert(request: Partial<ConversionRequest>): Promise<ConversionResult> {
  const response = await owner.post(`/api/datasets/${datasetId}/conversions`, { targetScheme: 'isco08', targetDepth: 'max', ...request });
  expect(response.status, await response.clone().text()).toBe(202);
  const accepted = (await response.json()) as { conversionId: string; jobId: string };
  const job = await waitForJob(owner, accepted.jobId, 120_000);
  expect(job.state, job.error ?? '').toBe('completed');
  return (await (await owner.get(`/api/conversions/${accepted.conversionId}/result?format=json`)).json()) as ConversionResult;
}

/** The converted rows per ISCO-08 code. */
const convertedRows = (result: ConversionResult) => new Map(result.rows.map((row) => [row.targetCode, row.occurrences]));

beforeAll(async () => {
  seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'og-seed-ons-'));
  for (const file of ['README.md', 'schemes/soc2020.csv', 'schemes/isco08.csv', 'crosswalks/soc2020-isco08.csv']) {
    fs.mkdirSync(path.dirname(path.join(seedDir, file)), { recursive: true });
    fs.symlinkSync(path.join(data, file), path.join(seedDir, file));
  }
  env = await startTestEnvironment({ workers: true, env: { SEED_DIR: seedDir } });
  admin = (await env.signIn('ada', 'admin')).client;
  owner = (await env.signIn('olive', 'member')).client;
  // What the first start does (api/src/startup.ts): the schemes, then the crosswalks, whose imports run as jobs.
  await seedSchemes(env.app);
  await seedCrosswalks(env.app);
  const job = await waitForJob(admin, jobIdFor('crosswalk.import', 'seed-soc2020-isco08'), 180_000);
  expect(job.state, job.error ?? '').toBe('completed');
  const sets = ((await (await admin.get('/api/crosswalks/sets?schemes=soc2020,isco08')).json()) as CrosswalkSets).sets;
  expect(sets).toHaveLength(1);
  onsSet = sets[0]!;
  // The set the seed made: all the file's rows, with the README's licence.
  expect(onsSet).toMatchObject({ fileName: 'soc2020-isco08.csv', createdBy: null, imported: crosswalkRows.length, links: crosswalkRows.length, license: expect.stringMatching(/\S/) });
  expect(((await (await admin.get('/api/links/pairs')).json()) as { pairs: unknown[] }).pairs).toHaveLength(1);

  const created = await owner.post('/api/datasets', {
    data: sample.map((row) => ({ title: row.title, code: row.soc, totals: [row.persons] })),
    metadata: { title: 'SOC 2020 sample of the ONS index', titleColumn: 'title', codeColumn: 'code', scheme: 'soc2020', totalsColumns: ['persons'] },
  });
  expect(created.status, await created.clone().text()).toBe(202);
  const accepted = (await created.json()) as { datasetId: string; jobId: string };
  expect((await waitForJob(owner, accepted.jobId, 120_000)).state).toBe('completed');
  datasetId = accepted.datasetId;
}, 400_000);
afterAll(async () => {
  await env?.close();
  if (seedDir) fs.rmSync(seedDir, { recursive: true, force: true });
});

describe("converting through a crosswalk's weights", () => {
  it('defaults to the crosswalk’s weights when the links carry them, and says so to the form', async () => {
    const answer = (await (await owner.get(`/api/datasets/${datasetId}/conversions/weighting?targetScheme=isco08`)).json()) as ConversionWeighting;
    expect(answer).toEqual({ weighting: 'crosswalk', weightedLinks: crosswalkRows.length });
    const result = await convert({});
    expect(result.conversion.weighting).toBe('crosswalk');
  });

  it("splits each SOC code's rows and persons by the index's shares, in whole parts by the largest remainder, exactly", async () => {
    const result = await convert({ weighting: 'crosswalk' });
    const summary = result.conversion.summary!;
    expect(summary.equalShares).toEqual({ codes: 0, occurrences: 0 });
    expect(summary.notConverted).toEqual([]);
    expect(summary.dataset).toEqual({ occurrences: sample.length, totals: [sample.reduce((sum, row) => sum + row.persons, 0)] });
    expect(summary.converted).toEqual(summary.dataset);

    // Each code's targets: its share is its count over the SOC group's titles.
    for (const code of result.codes) {
      const counts = countsBySoc.get(code.code)!;
      const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
      expect(code.targets.map((target) => target.code).sort()).toEqual([...counts.keys()].sort());
      for (const target of code.targets) expect(target.share).toBeCloseTo(counts.get(target.code)! / total, 12);
    }

    // Each code's whole parts, as stored, are the largest-remainder split of its sums by the counts.
    const stored = await env.app.db.query<{ source_uri: string; targets: { code: string; occurrences: string; totals: string[] }[] }>(
      'SELECT source_uri, targets FROM conversion_codes WHERE conversion_id = $1',
      [result.conversion.id],
    );
    const expectedRows = new Map<string, number>();
    const expectedPersons = new Map<string, number>();
    for (const row of stored.rows) {
      const soc = row.source_uri.slice('soc2020:'.length);
      const targets = [...countsBySoc.get(soc)!.keys()].sort();
      const counts = targets.map((target) => countsBySoc.get(soc)!.get(target)!);
      const rows = apportion(BigInt(bySoc.get(soc)!.rows), counts);
      const persons = apportion(BigInt(bySoc.get(soc)!.persons), counts);
      const parts = targets.map((code, index) => ({ code, occurrences: rows[index]!.toString(), totals: [persons[index]!.toString()] })).filter((part) => part.occurrences !== '0' || part.totals[0] !== '0');
      expect(row.targets.map((target) => ({ code: target.code, occurrences: target.occurrences, totals: target.totals })).filter((part) => part.occurrences !== '0' || part.totals[0] !== '0')).toEqual(parts);
      targets.forEach((code, index) => {
        expectedRows.set(code, (expectedRows.get(code) ?? 0) + Number(rows[index]));
        expectedPersons.set(code, (expectedPersons.get(code) ?? 0) + Number(persons[index]));
      });
    }
    expect(stored.rows).toHaveLength(bySoc.size);
    for (const row of result.rows) {
      expect(row.occurrences).toBe(expectedRows.get(row.targetCode));
      expect(row.totals).toEqual([expectedPersons.get(row.targetCode)]);
    }
    expect(result.rows.reduce((sum, row) => sum + row.occurrences, 0)).toBe(sample.length);
    expect(result.rows.reduce((sum, row) => sum + row.totals[0]!, 0)).toBe(summary.dataset.totals[0]);
  });

  it("comes closer to the titles' own ISCO-08 codes than equal shares do (total variation distance)", async () => {
    const truth = new Map<string, number>();
    for (const row of sample) truth.set(row.isco, (truth.get(row.isco) ?? 0) + 1);
    const equal = totalVariation(convertedRows(await convert({ weighting: 'equal' })), truth);
    const weighted = totalVariation(convertedRows(await convert({ weighting: 'crosswalk' })), truth);
    console.info(`Total variation distance from the titles' ISCO-08 codes: equal shares ${equal.toFixed(3)}, crosswalk weights ${weighted.toFixed(3)}`);
    expect(weighted).toBeLessThan(equal);
    expect(weighted).toBeLessThan(0.15);
    expect(equal).toBeGreaterThan(0.2);
  });

  it("exports the mappings used with their links' facts: justification, weight as confidence, the set that made them, the date", async () => {
    const result = await convert({ weighting: 'crosswalk' });
    const sssom = await (await owner.get(`/api/conversions/${result.conversion.id}/result?format=sssom`)).text();
    expect(sssom).toContain('# mapping_tool: The Occupation Graph');
    expect(sssom).toMatch(/# license: \S/);
    expect(sssom).toContain(`# mapping_set_id: `);
    const lines = sssom.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    const header = lines[0]!.split('\t');
    expect(header).toEqual(['subject_id', 'subject_label', 'predicate_id', 'object_id', 'object_label', 'mapping_justification', 'confidence', 'author_id', 'creator_id', 'mapping_date', 'comment']);
    const mappings = lines.slice(1).map((line) => Object.fromEntries(line.split('\t').map((cell, index) => [header[index]!, cell])));
    expect(mappings.length).toBe(result.codes.reduce((sum, code) => sum + code.targets.length, 0));
    const today = new Date().toISOString().slice(0, 10);
    for (const mapping of mappings) {
      const soc = mapping.subject_id!.slice('soc2020:'.length);
      const counts = countsBySoc.get(soc)!;
      const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
      expect(mapping).toMatchObject({ mapping_justification: 'semapv:UnspecifiedMatching', author_id: '', creator_id: `ogset:${onsSet.id}`, mapping_date: today });
      expect(Number(mapping.confidence)).toBeCloseTo(counts.get(mapping.object_id!.slice('isco08:'.length))! / total, 12);
    }
  });

  it('exports a mapping the conversion derived (a link below the target depth) as chained, with the link it rests on', async () => {
    const result = await convert({ weighting: 'crosswalk', targetDepth: 'root+2' });
    const sssom = await (await owner.get(`/api/conversions/${result.conversion.id}/result?format=sssom`)).text();
    const rows = sssom.split('\n').filter((line) => line.startsWith('soc2020:')).map((line) => line.split('\t'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      // ISCO-08 minor groups (three digits) reached through unit-group links: no link's weight is the mapping's.
      expect(row[3]).toMatch(/^isco08:\d{3}$/);
      expect(row.slice(5, 10)).toEqual(['semapv:MappingChaining', '', '', `ogset:${onsSet.id}`, new Date().toISOString().slice(0, 10)]);
      expect(row[10]).toMatch(/^direct; share [\d.]+(; problematic)?; through the link soc2020:\d{4} to isco08:\d{4}$/);
    }
    // The shares at depth 3 are the unit groups' summed.
    const code = result.codes.find((item) => item.code === '1111')!;
    const counts = countsBySoc.get('1111')!;
    const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
    for (const target of code.targets) {
      const under = [...counts].filter(([isco]) => isco.startsWith(target.code)).reduce((sum, [, count]) => sum + count, 0);
      expect(target.share).toBeCloseTo(under / total, 12);
    }
  });

  it("sends each code all to its heaviest target under 'All to one target' without a reference (ties: the first code)", async () => {
    const result = await convert({ weighting: 'modal' });
    expect(result.conversion.summary!.converted).toEqual(result.conversion.summary!.dataset);
    for (const code of result.codes) {
      const counts = [...countsBySoc.get(code.code)!].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      // Every link is a closeMatch: the heaviest count, the first ISCO-08 code among equals.
      const heaviest = counts.reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
      expect(code.targets.map((target) => [target.code, target.share]), code.code).toEqual([[heaviest, 1]]);
    }
    // The weights decide: without them, equal relations would send every code to its first ISCO-08 code.
    expect(result.codes.some((code) => code.targets[0]!.code !== [...countsBySoc.get(code.code)!.keys()].sort()[0])).toBe(true);
  });

  it('gives equal shares to a code whose links carry no weights, and the summary says how many codes and rows', async () => {
    // The most frequent SOC code of the sample, linked again by an admin to two codes without weights.
    const [soc, sums] = [...bySoc].sort((a, b) => b[1].rows - a[1].rows)[0]!;
    expect((await admin.post('/api/links/clear', { nodeID: soc, scheme: 'soc2020', targetScheme: 'isco08' })).status).toBe(204);
    const linked = await admin.post('/api/links/bulk', { subjectNodeID: soc, subjectScheme: 'soc2020', objectsNodeIDs: ['1111', '1112'], objectsScheme: 'isco08', relation: 'closeMatch' });
    expect(linked.status, await linked.clone().text()).toBe(204);
    const result = await convert({ weighting: 'crosswalk' });
    expect(result.conversion.summary!.equalShares).toEqual({ codes: 1, occurrences: sums.rows });
    expect(result.codes.find((code) => code.code === soc)!.targets.map((target) => [target.code, target.share])).toEqual([
      ['1111', 0.5],
      ['1112', 0.5],
    ]);
    // Equal shares say nothing of weights: the summary leaves the count out.
    expect((await convert({ weighting: 'equal' })).conversion.summary!.equalShares).toBeUndefined();
  });
});
