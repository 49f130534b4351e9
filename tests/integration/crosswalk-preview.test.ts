import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsDirectory } from '../../api/src/lib/uploads.js';
import { crosswalkPreview, type CrosswalkPreview } from '../../shared/src/contracts/links.js';
import type { HttpClient } from '../support/http-client.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

/** `POST /api/crosswalks/preview`: what an import of a crosswalk file would read, from the real files; nothing of the upload kept. */

const data = path.resolve(import.meta.dirname, '../../../shared/data');
const socIsco = fs.readFileSync(path.join(data, 'crosswalks/soc2020-isco08.csv'));
const escoOnet = fs.readFileSync(path.join(data, 'crosswalks/esco-onet.csv'));

let env: TestEnvironment;
let admin: HttpClient;
beforeAll(async () => {
  env = await startTestEnvironment();
  admin = (await env.signIn('ada', 'admin')).client;
});
afterAll(async () => {
  await env?.close();
});

async function preview(fileName: string, content: string | Buffer, fields: Record<string, string>): Promise<CrosswalkPreview> {
  const response = await admin.upload('/api/crosswalks/preview', fileName, content, fields);
  expect(response.status, await response.clone().text()).toBe(200);
  return crosswalkPreview.parse(await response.json());
}

async function uploadsLeft(): Promise<string[]> {
  return fs.promises.readdir(uploadsDirectory(env.app.config)).catch(() => []);
}

describe('a crosswalk preview', () => {
  it('reads the ONS SOC 2020 → ISCO-08 file with its detected weight, the numeric columns as candidates, and the first 20 rows as read', async () => {
    const before = await uploadsLeft();
    const result = await preview('soc2020-isco08.csv', socIsco, { source: 'soc2020', target: 'isco08' });
    const rows = Papa.parse<Record<string, string>>(socIsco.toString('utf8'), { header: true, skipEmptyLines: true }).data;

    expect(result.format).toBe('csv');
    expect(result.columns).toEqual(['source_code', 'target_code', 'n_index_entries', 'share_of_soc2020_entries', 'source_title', 'target_title']);
    // A share is preferred to a count: it needs no totals.
    expect(result.weightColumn).toBe('share_of_soc2020_entries');
    expect(result.weightAs).toBe('share');
    expect(result.read).toMatchObject({ source: 'source_code', target: 'target_code', weight: 'share_of_soc2020_entries', ignored: ['n_index_entries', 'source_title', 'target_title'] });
    expect(result.weightCandidates).toEqual(['n_index_entries', 'share_of_soc2020_entries']);
    expect(result.relationColumn).toBeNull();
    expect(result.relations).toEqual({});
    expect(result.unknownRelations).toEqual([]);
    expect(result.rowsRead).toBe(rows.length);
    expect(result.complete).toBe(true);
    expect(result.rows).toHaveLength(20);
    expect(result.rows[0]).toEqual({ line: 2, sourceCode: '1111', targetCode: '1112', relation: null, relationText: null, weight: 0.6471, badWeight: null });
    expect(result.rows.map((row) => row.weight)).toEqual(rows.slice(0, 20).map((row) => Number(row.share_of_soc2020_entries)));
    expect(result.mappingSetId).toBeNull();
    expect(await uploadsLeft()).toEqual(before);
  });

  it('reads counts from the weight column the admin names, and no weight when told none', async () => {
    const counts = await preview('soc2020-isco08.csv', socIsco, { source: 'soc2020', target: 'isco08', weightColumn: 'n_index_entries' });
    expect(counts.weightColumn).toBe('n_index_entries');
    expect(counts.weightAs).toBe('count');
    expect(counts.rows[0]!.weight).toBe(33);

    const none = await preview('soc2020-isco08.csv', socIsco, { source: 'soc2020', target: 'isco08', weightColumn: 'none' });
    expect(none.weightColumn).toBeNull();
    expect(none.rows.every((row) => row.weight === null)).toBe(true);
    expect(none.weightCandidates).toEqual(['n_index_entries', 'share_of_soc2020_entries']);
  });

  it('reads the ESCO → O*NET match_type column as the relation, counts its values and lists exactISCO as unknown, also once mapped', async () => {
    const result = await preview('esco-onet.csv', escoOnet, { source: 'esco', target: 'onet' });
    const rows = Papa.parse<Record<string, string>>(escoOnet.toString('utf8'), { header: true, skipEmptyLines: true }).data;
    const expected: Record<string, number> = {};
    for (const row of rows) expected[row.match_type!] = (expected[row.match_type!] ?? 0) + 1;

    expect(result.relationColumn).toBe('match_type');
    expect(result.weightColumn).toBeNull();
    expect(result.weightCandidates).toEqual([]);
    expect(result.complete).toBe(true);
    expect(result.rowsRead).toBe(rows.length);
    expect(result.relations).toEqual(expected);
    expect(result.relations.exactISCO).toBe(43);
    expect(result.unknownRelations).toEqual(['exactISCO']);
    expect(result.rows[0]).toMatchObject({ sourceCode: '00030d09-2b3a-4efd-87cc-c4ea39d27c34', targetCode: '27-1011.00', relation: 'closeMatch', relationText: 'closeMatch' });

    const exactIscoLine = rows.findIndex((row) => row.match_type === 'exactISCO') + 2;
    const tail = ['source_code,target_code,match_type', ...rows.slice(exactIscoLine - 2, exactIscoLine + 1).map((row) => `${row.source_code},${row.target_code},${row.match_type}`)].join('\n');
    const unmapped = await preview('tail.csv', tail, { source: 'esco', target: 'onet' });
    expect(unmapped.rows[0]).toMatchObject({ relation: null, relationText: 'exactISCO' });
    const mapped = await preview('tail.csv', tail, { source: 'esco', target: 'onet', relationMap: JSON.stringify({ exactISCO: 'exactMatch' }) });
    expect(mapped.rows[0]).toMatchObject({ relation: 'exactMatch', relationText: 'exactISCO' });
    expect(mapped.unknownRelations).toEqual(['exactISCO']);
  });

  it('reads an SSSOM file: its predicates, confidence as a share, and its set metadata', async () => {
    const sssom = [
      '# mapping_set_id: https://example.org/sets/isco-esco',
      '# license: https://creativecommons.org/licenses/by/4.0/',
      '# curie_map:',
      '#   isco08: https://w3id.org/occupation-graph/isco08/',
      '#   esco: https://w3id.org/occupation-graph/esco/',
      'subject_id\tsubject_label\tpredicate_id\tobject_id\tmapping_justification\tconfidence',
      'isco08:1111\tLegislators\tskos:exactMatch\tesco:f2cc5978-e45c-4f28-b859-7f89221b0505\tsemapv:ManualMappingCuration\t0.75',
      'isco08:1112\tSenior officials\tskos:broadMatch\tesco:c6a26e11-bdf1-47a1-849d-fdcf819d458d\tsemapv:ManualMappingCuration\t',
      '',
    ].join('\n');
    const result = await preview('set.sssom.tsv', sssom, { source: 'isco08', target: 'esco' });
    expect(result.format).toBe('sssom');
    expect(result.columns).toEqual(['subject_id', 'subject_label', 'predicate_id', 'object_id', 'mapping_justification', 'confidence']);
    expect(result.mappingSetId).toBe('https://example.org/sets/isco-esco');
    expect(result.license).toBe('https://creativecommons.org/licenses/by/4.0/');
    expect(result.weightColumn).toBe('confidence');
    expect(result.weightAs).toBe('share');
    expect(result.weightCandidates).toEqual(['confidence']);
    expect(result.relationColumn).toBe('predicate_id');
    expect(result.relations).toEqual({ 'skos:exactMatch': 1, 'skos:broadMatch': 1 });
    expect(result.unknownRelations).toEqual([]);
    expect(result.rows).toEqual([
      { line: 7, sourceCode: '1111', targetCode: 'f2cc5978-e45c-4f28-b859-7f89221b0505', relation: 'exactMatch', relationText: 'skos:exactMatch', weight: 0.75, badWeight: null },
      { line: 8, sourceCode: '1112', targetCode: 'c6a26e11-bdf1-47a1-849d-fdcf819d458d', relation: 'broadMatch', relationText: 'skos:broadMatch', weight: null, badWeight: null },
    ]);
  });

  it('reads only the start of a long file, and says the file went on', async () => {
    const lines = ['source_code,target_code,n'];
    for (let index = 0; index < 12_000; index++) lines.push(`${1000 + (index % 900)},${2000 + index},${(index % 7) + 1}`);
    const result = await preview('long.csv', lines.join('\n'), { source: 'soc2020', target: 'isco08' });
    expect(result.rowsRead).toBe(5_000);
    expect(result.complete).toBe(false);
    expect(result.weightColumn).toBe('n');
    expect(result.weightAs).toBe('count');
  });

  it('answers 400 with the reader’s message, naming the line, for a file that cannot be read; and refuses members', async () => {
    const before = await uploadsLeft();
    const noCodes = await admin.upload('/api/crosswalks/preview', 'bad.csv', 'from_here,to_there\n1,2\n', { source: 'soc2020', target: 'isco08' });
    expect(noCodes.status).toBe(400);
    expect(((await noCodes.json()) as { error: { message: string } }).error.message).toMatch(/^Line 1: the header has no source code column/);

    const unclosed = await admin.upload('/api/crosswalks/preview', 'bad.csv', 'source_code,target_code\n1,2\n3,"4\n', { source: 'soc2020', target: 'isco08' });
    expect(unclosed.status).toBe(400);
    expect(((await unclosed.json()) as { error: { message: string } }).error.message).toMatch(/^Line 3: a quoted cell is never closed/);

    const noWeightColumn = await admin.upload('/api/crosswalks/preview', 'soc.csv', socIsco, { source: 'soc2020', target: 'isco08', weightColumn: 'confidence' });
    expect(noWeightColumn.status).toBe(400);
    expect(((await noWeightColumn.json()) as { error: { message: string } }).error.message).toMatch(/^Line 1: the header has no weight column 'confidence'/);

    const binary = await admin.upload('/api/crosswalks/preview', 'bad.csv', Buffer.from([0, 1, 2, 3, 0, 0, 255, 254, 0, 7]), { source: 'soc2020', target: 'isco08' });
    expect(binary.status).toBe(400);
    expect(((await binary.json()) as { error: { message: string } }).error.message).toMatch(/^Line 1: /);

    expect((await admin.upload('/api/crosswalks/preview', 'x.csv', 'source_code,target_code\n1,2\n', { source: 'esco', target: 'esco' })).status).toBe(400);
    const member = (await env.signIn('mo', 'member')).client;
    expect((await member.upload('/api/crosswalks/preview', 'x.csv', 'source_code,target_code\n1,2\n', { source: 'soc2020', target: 'isco08' })).status).toBe(403);
    expect(await uploadsLeft()).toEqual(before);
  });
});
