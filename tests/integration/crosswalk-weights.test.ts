import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import type { JobRun } from '../../shared/src/contracts/jobs.js';
import type { LinkMaps } from '../../shared/src/contracts/links.js';
import type { TranslateResult } from '../../shared/src/contracts/public.js';
import type { SchemeId } from '../../shared/src/domain/schemes.js';
import type { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

/** A link's facts (its weight, who or what made it, how) on imports and on the links API; a crosswalk file's weight and relation columns. */

const data = path.resolve(import.meta.dirname, '../../../shared/data');
const socIsco = fs.readFileSync(path.join(data, 'crosswalks/soc2020-isco08.csv'));
const escoOnet = fs.readFileSync(path.join(data, 'crosswalks/esco-onet.csv'));
const socIscoRows = Papa.parse<Record<string, string>>(socIsco.toString('utf8'), { header: true, skipEmptyLines: true }).data;

interface Side {
  env: TestEnvironment;
  admin: HttpClient;
  adminId: string;
}

async function startSide(schemes: SchemeId[]): Promise<Side> {
  const env = await startTestEnvironment({ workers: true });
  for (const scheme of schemes) {
    await importScheme(env.app.schemes, { scheme, text: fs.readFileSync(path.join(data, 'schemes', `${scheme}.csv`), 'utf8'), format: 'csv', actorId: null });
  }
  const { client, user } = await env.signIn('ada', 'admin');
  return { env, admin: client, adminId: user.id };
}

async function importFile(side: Side, fileName: string, content: string | Buffer, fields: Record<string, string>): Promise<JobRun> {
  const response = await side.admin.upload('/api/crosswalks', fileName, content, fields);
  expect(response.status, await response.clone().text()).toBe(202);
  const { jobId } = (await response.json()) as { jobId: string };
  return waitForJob(side.admin, jobId, 120_000);
}

interface LinkRecord {
  first_iri: string;
  second_iri: string;
  weight: number | null;
  weight_of: string | null;
  made_by: string | null;
  source: string | null;
  justification: string;
  set_id: string | null;
}

async function records(side: Side, where: string, values: unknown[]): Promise<LinkRecord[]> {
  return (await side.env.app.db.query<LinkRecord>(`SELECT first_iri, second_iri, weight, weight_of, made_by, source, justification, set_id FROM link_records WHERE ${where}`, values)).rows;
}

async function linkCount(side: Side): Promise<number> {
  return ((await (await side.admin.get('/api/links/count')).json()) as { count: number }).count;
}

/** The code value at the end of a code IRI. */
const valueOf = (iri: string) => decodeURIComponent(iri.slice(iri.lastIndexOf('/') + 1));

/** Each SOC 2020 code's weights summed (the SOC code is the second end: isco08 sorts first). */
function sumsBySource(rows: LinkRecord[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.second_iri, (sums.get(row.second_iri) ?? 0) + row.weight!);
  return sums;
}

let counts: Side;
let shares: Side;
beforeAll(async () => {
  [counts, shares] = await Promise.all([startSide(['soc2020', 'isco08', 'esco', 'onet']), startSide(['soc2020', 'isco08'])]);
});
afterAll(async () => {
  await Promise.all([counts?.env.close(), shares?.env.close()]);
});

describe('a crosswalk with weights', () => {
  it('reads counts (n_index_entries) as shares of each SOC 2020 code total, summing to 1, made by the import', async () => {
    const job = await importFile(counts, 'soc2020-isco08.csv', socIsco, { source: 'soc2020', target: 'isco08', weightColumn: 'n_index_entries' });
    expect(job.state, job.error ?? '').toBe('completed');
    expect(job.result).toEqual({
      imported: socIscoRows.length,
      alreadyPresent: 0,
      refused: 0,
      columns: {
        source: 'source_code',
        target: 'target_code',
        weight: 'n_index_entries',
        weightAs: 'count',
        ignored: ['share_of_soc2020_entries', 'source_title', 'target_title'],
      },
      setId: expect.any(String),
    });
    const rows = await records(counts, 'starts_with(source, $1)', [`crosswalk.import:${job.id}:`]);
    expect(rows).toHaveLength(socIscoRows.length);
    // Made by the set, which names the admin who imported it.
    const setId = (job.result as { setId: string }).setId;
    for (const row of rows) {
      expect(row).toMatchObject({ weight_of: 'second', made_by: null, source: `crosswalk.import:${job.id}:soc2020-isco08.csv`, justification: 'semapv:UnspecifiedMatching' });
    }
    expect((await counts.env.app.db.query('SELECT created_by FROM crosswalk_sets WHERE id = $1', [setId])).rows).toEqual([{ created_by: counts.adminId }]);
    expect(Number((await counts.env.app.db.query('SELECT count(*) FROM link_records WHERE set_id = $1', [setId])).rows[0].count)).toBe(socIscoRows.length);
    const sums = sumsBySource(rows);
    expect(sums.size).toBe(new Set(socIscoRows.map((row) => row.source_code)).size);
    for (const [code, sum] of sums) expect(sum, code).toBeCloseTo(1, 12);
    // The file: 1111 → 1112 has 33 of 1111's 51 index entries.
    const total1111 = socIscoRows.filter((row) => row.source_code === '1111').reduce((sum, row) => sum + Number(row.n_index_entries), 0);
    const chief = rows.find((row) => valueOf(row.second_iri) === '1111' && valueOf(row.first_iri) === '1112')!;
    expect(chief.weight).toBeCloseTo(33 / total1111, 12);
  });

  it('takes a share column as it is, and detects it before the count column', async () => {
    const job = await importFile(shares, 'soc2020-isco08.csv', socIsco, { source: 'soc2020', target: 'isco08' });
    expect(job.state, job.error ?? '').toBe('completed');
    expect(job.result).toMatchObject({ imported: socIscoRows.length, refused: 0, columns: { weight: 'share_of_soc2020_entries', weightAs: 'share', ignored: ['n_index_entries', 'source_title', 'target_title'] } });
    const rows = await records(shares, 'starts_with(source, $1)', [`crosswalk.import:${job.id}:`]);
    const written = new Map(socIscoRows.map((row) => [`${row.source_code} ${row.target_code}`, Number(row.share_of_soc2020_entries)]));
    expect(rows).toHaveLength(written.size);
    for (const row of rows) expect(row.weight, `${valueOf(row.second_iri)} ${valueOf(row.first_iri)}`).toBe(written.get(`${valueOf(row.second_iri)} ${valueOf(row.first_iri)}`));
    // Shares rounded to four places: each code's still sums to about 1.
    for (const [code, sum] of sumsBySource(rows)) expect(Math.abs(sum - 1), code).toBeLessThan(0.01);
  });

  it('carries the weight in translate answers from SOC 2020, and none read the other way', async () => {
    const response = await counts.admin.post('/api/translate', { from: 'soc2020', to: 'isco08', codes: ['1111'] });
    expect(response.status).toBe(200);
    const [code] = ((await response.json()) as TranslateResult).codes;
    const total = socIscoRows.filter((row) => row.source_code === '1111').reduce((sum, row) => sum + Number(row.n_index_entries), 0);
    expect(code!.targets.find((target) => target.code === '1112')!.weight).toBeCloseTo(33 / total, 12);
    expect(code!.targets.map((target) => target.weight).reduce((sum, weight) => sum! + weight!, 0)).toBeCloseTo(1, 12);
    const back = ((await (await counts.admin.post('/api/translate', { from: 'isco08', to: 'soc2020', codes: ['1112'] })).json()) as TranslateResult).codes[0]!;
    expect(back.targets.length).toBeGreaterThan(0);
    for (const target of back.targets) expect(target).not.toHaveProperty('weight');
  });

  it('fails a file whose weight column holds non-numbers or values outside (0, 1], naming the rows, and imports nothing', async () => {
    const before = await linkCount(shares);
    const file = ['source_code,target_code,weight', '1111,2111,0.5', '1112,2112,lots', '1113,2113,1.5', '1114,2114,0', ''].join('\n');
    const job = await importFile(shares, 'bad-weights.csv', file, { source: 'soc2020', target: 'isco08' });
    expect(job.state).toBe('failed');
    expect(job.error).toBe(
      "bad-weights.csv: Line 3: the weight column 'weight' has 3 rows whose weight is not a number in (0, 1]: line 3 ('lots': not a number), line 4 ('1.5': above 1), line 5 ('0': not above 0) (name another weight column, or none). Nothing was imported.",
    );
    expect(await linkCount(shares)).toBe(before);
    const countsFile = ['source_code,target_code,count', '1111,2111,3', '1112,2112,-2', ''].join('\n');
    const failed = await importFile(shares, 'bad-counts.csv', countsFile, { source: 'soc2020', target: 'isco08' });
    expect(failed.error).toMatch(/^bad-counts\.csv: Line 3: the weight column 'count' has 1 row whose weight is not a count above 0: line 3 \('-2'/);
    expect(await linkCount(shares)).toBe(before);
  });

  it('fails an SSSOM file whose confidence is not a number, naming the line', async () => {
    const sssom = [
      '# curie_map:',
      '#   soc2020: https://w3id.org/occupation-graph/soc2020/',
      '#   isco08: https://w3id.org/occupation-graph/isco08/',
      'subject_id\tpredicate_id\tobject_id\tmapping_justification\tconfidence',
      'soc2020:1111\tskos:closeMatch\tisco08:2111\tsemapv:ManualMappingCuration\t0.5',
      'soc2020:1112\tskos:closeMatch\tisco08:2112\tsemapv:ManualMappingCuration\thigh',
      '',
    ].join('\n');
    const job = await importFile(shares, 'bad.sssom.tsv', sssom, { source: 'soc2020', target: 'isco08' });
    expect(job.state).toBe('failed');
    expect(job.error).toBe("bad.sssom.tsv: Line 6: the confidence 'high' is not a number from 0 to 1. Nothing was imported.");
  });
});

describe('a crosswalk with a relation column', () => {
  const exactIscoRows = Papa.parse<Record<string, string>>(escoOnet.toString('utf8'), { header: true, skipEmptyLines: true }).data.filter((row) => row.match_type === 'exactISCO');

  it("reads esco-onet's match_type as the relation, refusing the values that are none unless the relation map names them", async () => {
    expect(exactIscoRows.length).toBeGreaterThan(0);
    const job = await importFile(counts, 'esco-onet.csv', escoOnet, { source: 'esco', target: 'onet' });
    expect(job.state, job.error ?? '').toBe('completed');
    expect(job.result).toMatchObject({ columns: { source: 'source_code', target: 'target_code', relation: 'match_type', ignored: ['esco_uri'] } });
    expect(job.result).not.toHaveProperty('columns.weight');
    const refusedRows = async (jobId: string) =>
      Papa.parse<Record<string, string>>(await (await counts.admin.get(`/api/crosswalks/imports/${jobId}/refused.csv`)).text(), { header: true, skipEmptyLines: true }).data;
    const refused = await refusedRows(job.id);
    expect(refused).toHaveLength(job.result!.refused);
    // Every exactISCO row is refused as such; the others refused name codes the schemes lack.
    expect(refused.filter((row) => row.reason === 'bad relation').map((row) => row.relation)).toEqual(exactIscoRows.map(() => 'exactISCO'));
    for (const row of refused.filter((each) => each.reason !== 'bad relation')) expect(['unknown source code', 'unknown target code']).toContain(row.reason);
    const relations = async () => ((await (await counts.admin.get('/api/links/maps?schemes=esco,onet')).json()) as LinkMaps).relations;
    const before = await relations();
    const narrow = Papa.parse<Record<string, string>>(escoOnet.toString('utf8'), { header: true, skipEmptyLines: true }).data.find((row) => row.match_type === 'narrowMatch')!;
    expect(before[`esco:${narrow.source_code} onet:${narrow.target_code}`]).toBe('narrowMatch');

    const mapped = await importFile(counts, 'esco-onet.csv', escoOnet, { source: 'esco', target: 'onet', relationMap: JSON.stringify({ exactISCO: 'exactMatch' }) });
    expect(mapped.state, mapped.error ?? '').toBe('completed');
    expect((await refusedRows(mapped.id)).filter((row) => row.reason === 'bad relation')).toEqual([]);
    expect(mapped.result!.imported).toBeGreaterThan(0);
    expect(mapped.result!.imported + mapped.result!.refused).toBe(job.result!.refused);
    const after = await relations();
    const added = Object.keys(after).filter((key) => !(key in before));
    expect(added).toHaveLength(mapped.result!.imported);
    const exactPairs = new Set(exactIscoRows.map((row) => `esco:${row.source_code} onet:${row.target_code}`));
    for (const key of added) {
      expect(exactPairs.has(key), key).toBe(true);
      expect(after[key]).toBe('exactMatch');
    }
  });

  it('refuses a relation map whose relations are not SKOS relations before storing anything', async () => {
    const response = await counts.admin.upload('/api/crosswalks', 'esco-onet.csv', escoOnet, { source: 'esco', target: 'onet', relationMap: JSON.stringify({ exactISCO: 'sameAs' }) });
    expect(response.status).toBe(400);
  });
});

describe('a link made through the links API', () => {
  it('is recorded as made by the admin, by manual curation, without a weight', async () => {
    const response = await shares.admin.post('/api/links', { sourceScheme: 'soc2020', sourceNodeID: '1111', targetScheme: 'isco08', targetNodeID: '2111', relation: 'relatedMatch' });
    expect(response.status, await response.clone().text()).toBe(204);
    const [record] = await records(shares, 'second_iri LIKE $1 AND first_iri LIKE $2', ['%/soc2020/1111', '%/isco08/2111']);
    expect(record).toMatchObject({ made_by: shares.adminId, source: null, justification: 'semapv:ManualMappingCuration', weight: null, weight_of: null });
  });
});

describe('the SSSOM export of a pair', () => {
  /** The pair's links with their facts, keyed by code values (SOC 2020 code, then ISCO-08 code), with relations from the link maps (keyed from ISCO-08, first in name order). */
  async function pairFacts(side: Side) {
    const relations = ((await (await side.admin.get('/api/links/maps?schemes=soc2020,isco08')).json()) as LinkMaps).relations;
    const rows = (
      await side.env.app.db.query<LinkRecord & { comment: string | null }>(
        `SELECT first_iri, second_iri, weight, weight_of, justification, comment FROM link_records WHERE first_iri LIKE '%/isco08/%' AND second_iri LIKE '%/soc2020/%'`,
      )
    ).rows;
    const facts = new Map(rows.map((row) => [`${valueOf(row.second_iri)} ${valueOf(row.first_iri)}`, { weight: row.weight, weightOf: row.weight_of, justification: row.justification, comment: row.comment }]));
    const links = Object.entries(relations)
      .filter(([key]) => key.startsWith('isco08:'))
      .map(([key, relation]) => {
        const [isco, soc] = key.split(' ').map((end) => end.slice(end.indexOf(':') + 1));
        return { key: `${soc} ${isco}`, relation, ...facts.get(`${soc} ${isco}`) };
      })
      .sort((a, b) => (a.key < b.key ? -1 : 1));
    return links;
  }

  it('writes each link with its facts and the set metadata, and importing it into an empty store gives the same links, weights and justifications', async () => {
    // The SOC 2020 → ISCO-08 file imported with weights from n_index_entries (again, when the first test ran: it adds nothing), and one link made by hand.
    const imported = await importFile(counts, 'soc2020-isco08.csv', socIsco, { source: 'soc2020', target: 'isco08', weightColumn: 'n_index_entries' });
    expect(imported.state, imported.error ?? '').toBe('completed');
    const made = await counts.admin.post('/api/links', { sourceScheme: 'soc2020', sourceNodeID: '1111', targetScheme: 'isco08', targetNodeID: '2111', relation: 'relatedMatch' });
    expect(made.status, await made.clone().text()).toBe(204);
    const importRecord = (await records(counts, 'second_iri LIKE $1 AND first_iri LIKE $2', ['%/soc2020/1111', '%/isco08/1112']))[0]!;
    // An imported link's creator is its crosswalk set.
    const setId = importRecord.set_id!;
    expect(setId).toEqual(expect.any(String));
    const today = new Date().toISOString().slice(0, 10);

    const response = await counts.admin.get('/api/crosswalks/soc2020/isco08?format=sssom');
    expect(response.status).toBe(200);
    const text = await response.text();
    const lines = text.split('\n');
    const metadata = lines.filter((line) => line.startsWith('#'));
    // A link made by hand beside the set's: the pair is no one set, so the header is the pair's, with the app's licence.
    expect(metadata).toContain('# mapping_set_id: https://w3id.org/occupation-graph/crosswalks/soc2020-isco08');
    expect(metadata).toContain('# mapping_set_title: SOC-2020 to ISCO-08');
    expect(metadata).toContain('# license: https://w3id.org/sssom/license/unspecified');
    expect(metadata.find((line) => line.startsWith('# mapping_tool: '))).toMatch(/^# mapping_tool: The Occupation Graph \d+\.\d+\.\d+$/);
    const [header, ...body] = lines.filter((line) => !line.startsWith('#') && line !== '');
    expect(header).toBe('subject_id\tsubject_label\tpredicate_id\tobject_id\tobject_label\tmapping_justification\tconfidence\tauthor_id\tcreator_id\tmapping_date\tcomment');
    expect(body).toHaveLength(socIscoRows.length + 1);
    const rowOf = (subject: string, object: string) => body.find((line) => line.startsWith(`soc2020:${subject}\t`) && line.split('\t')[3] === `isco08:${object}`)!.split('\t');
    const total1111 = socIscoRows.filter((row) => row.source_code === '1111').reduce((sum, row) => sum + Number(row.n_index_entries), 0);
    const chief = rowOf('1111', '1112');
    expect(chief).toEqual([
      'soc2020:1111',
      chief[1],
      'skos:closeMatch',
      'isco08:1112',
      chief[4],
      'semapv:UnspecifiedMatching',
      String(33 / total1111),
      '',
      `ogset:${setId}`,
      today,
      '',
    ]);
    expect(chief[1]).not.toBe('');
    expect(rowOf('1111', '2111')).toEqual(['soc2020:1111', chief[1], 'skos:relatedMatch', 'isco08:2111', rowOf('1111', '2111')[4], 'semapv:ManualMappingCuration', '', `oguser:${counts.adminId}`, '', today, '']);
    expect(metadata).toContain('#   oguser: https://w3id.org/occupation-graph/user/');
    expect(metadata).toContain('#   ogset: https://w3id.org/occupation-graph/crosswalk-sets/');
    expect(metadata).toContain('#   ogimport: https://w3id.org/occupation-graph/crosswalks/imports/');

    // Read the other way, the weights are shares of the object: no confidence.
    const back = (await (await counts.admin.get('/api/crosswalks/isco08/soc2020?format=sssom')).text()).split('\n');
    const backChief = back.find((line) => line.startsWith('isco08:1112\t') && line.split('\t')[3] === 'soc2020:1111')!.split('\t');
    expect(backChief.slice(5)).toEqual(['semapv:UnspecifiedMatching', '', '', `ogset:${setId}`, today, '']);

    const fresh = await startSide(['soc2020', 'isco08']);
    try {
      const job = await importFile(fresh, 'soc2020-isco08.sssom.tsv', text, { source: 'soc2020', target: 'isco08' });
      expect(job.state, job.error ?? '').toBe('completed');
      expect(job.result).toMatchObject({ imported: socIscoRows.length + 1, alreadyPresent: 0, refused: 0 });
      const original = await pairFacts(counts);
      expect(original).toHaveLength(socIscoRows.length + 1);
      expect(original.filter((link) => link.weight != null)).toHaveLength(socIscoRows.length);
      expect(await pairFacts(fresh)).toEqual(original);
    } finally {
      await fresh.env.close();
    }
  });
});

describe('records of an imported crosswalk', () => {
  it('keeps as it was a record whose link the store no longer holds, and records the file’s other links with their weights', async () => {
    // ESCO and O*NET codes of esco-onet.csv in pairs the file does not link, so no other test's import holds them.
    const rows = Papa.parse<Record<string, string>>(escoOnet.toString('utf8'), { header: true, skipEmptyLines: true }).data;
    const linked = new Set(rows.map((row) => `${row.source_code} ${row.target_code}`));
    const escoCodes = [...new Set(rows.map((row) => row.source_code!))].slice(0, 3);
    const onetCodes = [...new Set(rows.map((row) => row.target_code!))];
    const pairs = escoCodes.map((esco) => [esco, onetCodes.find((onet) => !linked.has(`${esco} ${onet}`))!] as const);
    const { iris } = counts.env.app.schemes;
    // A record the store lacks a link for (as a removal from the store alone leaves it): the COPY of the records cannot pass over its key.
    const [staleEsco, staleOnet] = pairs[0]!;
    await counts.env.app.db.query(`INSERT INTO link_records (first_iri, second_iri, justification, comment) VALUES ($1, $2, 'semapv:ManualMappingCuration', 'kept as it was')`, [
      iris.code('esco', staleEsco),
      iris.code('onet', staleOnet),
    ]);
    const file = `source_code,target_code,n_titles\n${pairs.map(([esco, onet], index) => `${esco},${onet},${index + 1}`).join('\n')}\n`;
    const job = await importFile(counts, 'esco-onet-stale.csv', file, { source: 'esco', target: 'onet', relation: 'exactMatch', weightColumn: 'n_titles' });
    expect(job.state, job.error ?? '').toBe('completed');
    expect(job.result).toMatchObject({ imported: 3, alreadyPresent: 0, refused: 0 });
    const setId = (job.result as { setId: string }).setId;
    const stored = await records(counts, 'starts_with(first_iri, $1) AND first_iri = ANY($2)', [iris.code('esco', ''), escoCodes.map((esco) => iris.code('esco', esco))]);
    const byPair = new Map(stored.filter((row) => row.second_iri.startsWith(iris.code('onet', ''))).map((row) => [`${valueOf(row.first_iri)} ${valueOf(row.second_iri)}`, row]));
    expect(byPair.get(`${staleEsco} ${staleOnet}`)).toMatchObject({ source: null, set_id: null, weight: null, justification: 'semapv:ManualMappingCuration' });
    for (const [esco, onet] of pairs.slice(1)) {
      // Each ESCO code has one link in the file: its count is the whole of its total.
      expect(byPair.get(`${esco} ${onet}`)).toMatchObject({ weight: 1, weight_of: 'first', source: `crosswalk.import:${job.id}:esco-onet-stale.csv`, set_id: setId, justification: 'semapv:UnspecifiedMatching' });
    }
  });
});

describe('dates of an imported crosswalk', () => {
  it("keeps an SSSOM row's mapping_date as the day its link was made, which the export writes back; a row without one is made today", async () => {
    // ESCO and O*NET codes of esco-onet.csv in pairs the file does not link, so no other test's import holds them.
    const rows = Papa.parse<Record<string, string>>(escoOnet.toString('utf8'), { header: true, skipEmptyLines: true }).data;
    const linked = new Set(rows.map((row) => `${row.source_code} ${row.target_code}`));
    const escoCodes = [...new Set(rows.map((row) => row.source_code!))].slice(10, 12);
    const onetCodes = [...new Set(rows.map((row) => row.target_code!))].reverse();
    const [dated, undated] = escoCodes.map((esco) => [esco, onetCodes.find((onet) => !linked.has(`${esco} ${onet}`))!] as const);
    const { iris } = counts.env.app.schemes;
    const sssom = [
      '# curie_map:',
      `#   esco: ${iris.codePrefix('esco')}`,
      `#   onet: ${iris.codePrefix('onet')}`,
      'subject_id\tpredicate_id\tobject_id\tmapping_justification\tmapping_date',
      `esco:${dated![0]}\tskos:closeMatch\tonet:${dated![1]}\tsemapv:LexicalMatching\t2021-03-04`,
      `esco:${undated![0]}\tskos:closeMatch\tonet:${undated![1]}\tsemapv:LexicalMatching\t`,
      '',
    ].join('\n');
    const job = await importFile(counts, 'dated.sssom.tsv', sssom, { source: 'esco', target: 'onet' });
    expect(job.state, job.error ?? '').toBe('completed');
    expect(job.result).toMatchObject({ imported: 2, refused: 0 });
    const madeAt = async (esco: string, onet: string) =>
      (await counts.env.app.db.query<{ made_at: Date }>('SELECT made_at FROM link_records WHERE first_iri = $1 AND second_iri = $2', [iris.code('esco', esco), iris.code('onet', onet)])).rows[0]!.made_at;
    expect((await madeAt(...dated!)).toISOString()).toBe('2021-03-04T00:00:00.000Z');
    const today = new Date().toISOString().slice(0, 10);
    expect((await madeAt(...undated!)).toISOString().slice(0, 10)).toBe(today);
    const exported = (await (await counts.admin.get('/api/crosswalks/esco/onet?format=sssom')).text()).split('\n');
    const header = exported.find((line) => line.startsWith('subject_id\t'))!.split('\t');
    const cellOf = (esco: string, onet: string, column: string) => exported.find((line) => line.startsWith(`esco:${esco}\t`) && line.includes(`\tonet:${onet}\t`))!.split('\t')[header.indexOf(column)];
    expect(cellOf(...dated!, 'mapping_date')).toBe('2021-03-04');
    expect(cellOf(...undated!, 'mapping_date')).toBe(today);
  });
});
