import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import type { JobRun } from '../../shared/src/contracts/jobs.js';
import type { LinkMaps } from '../../shared/src/contracts/links.js';
import { isSchemeId, type SchemeId } from '../../shared/src/domain/schemes.js';
import type { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

const data = path.resolve(import.meta.dirname, '../../../shared/data');
const escoIsco = fs.readFileSync(path.join(data, 'crosswalks/esco-isco08.csv'));
/** The real file's data rows (a papaparse-free count: no field of it holds a line break). */
const escoIscoRows = escoIsco.toString('utf8').trim().split('\n').length - 1;

interface Side {
  env: TestEnvironment;
  admin: HttpClient;
}

async function startSide(): Promise<Side> {
  const env = await startTestEnvironment({ workers: true });
  for (const scheme of ['esco', 'isco08'] as const) {
    await importScheme(env.app.schemes, { scheme, text: fs.readFileSync(path.join(data, 'schemes', `${scheme}.csv`), 'utf8'), format: 'csv', actorId: null });
  }
  return { env, admin: (await env.signIn('ada', 'admin')).client };
}

/** Uploads a crosswalk file and follows its job to the end. */
async function importFile(side: Side, fileName: string, content: string | Buffer, fields: Record<string, string>): Promise<JobRun> {
  const response = await side.admin.upload('/api/crosswalks', fileName, content, fields);
  expect(response.status, await response.clone().text()).toBe(202);
  const { jobId } = (await response.json()) as { jobId: string };
  return waitForJob(side.admin, jobId, 120_000);
}

async function linkCount(side: Side): Promise<number> {
  return ((await (await side.admin.get('/api/links/count')).json()) as { count: number }).count;
}

let first: Side;
let second: Side;
beforeAll(async () => {
  [first, second] = await Promise.all([startSide(), startSide()]);
});
afterAll(async () => {
  await Promise.all([first?.env.close(), second?.env.close()]);
});

describe('crosswalk import and export', () => {
  it('imports the real ESCO → ISCO-08 file with exact counts, and a second import adds nothing', async () => {
    const job = await importFile(first, 'esco-isco08.csv', escoIsco, { source: 'esco', target: 'isco08', relation: 'broadMatch' });
    expect(job.state).toBe('completed');
    expect(job.result).toEqual({
      imported: escoIscoRows,
      alreadyPresent: 0,
      refused: 0,
      columns: { source: 'source_code', target: 'target_code', ignored: ['esco_preferred_label', 'esco_uri'] },
      setId: expect.any(String),
    });
    expect(await linkCount(first)).toBe(escoIscoRows);
    const maps = (await (await first.admin.get('/api/links/maps?schemes=esco,isco08')).json()) as LinkMaps;
    expect(Object.keys(maps.maps.esco!)).toHaveLength(escoIscoRows);
    expect(new Set(Object.values(maps.relations))).toEqual(new Set(['broadMatch']));
    // "air force officer" sits under ISCO 0110.
    expect(maps.maps.esco!['f2cc5978-e45c-4f28-b859-7f89221b0505']).toEqual({ isco08: ['0110'] });

    const again = await importFile(first, 'esco-isco08.csv', escoIsco, { source: 'esco', target: 'isco08', relation: 'broadMatch' });
    expect(again.result).toMatchObject({ imported: 0, alreadyPresent: escoIscoRows, refused: 0 });
    expect(await linkCount(first)).toBe(escoIscoRows);
  });

  it('gives the identical link set when its SSSOM export is imported into an empty store', async () => {
    const exported = await (await first.admin.get('/api/crosswalks/isco08/esco?format=sssom')).text();
    const job = await importFile(second, 'isco08-esco.sssom.tsv', exported, { source: 'isco08', target: 'esco' });
    expect(job.result).toMatchObject({ imported: escoIscoRows, alreadyPresent: 0, refused: 0 });
    const read = async (side: Side) => ((await (await side.admin.get('/api/links/maps?schemes=esco,isco08')).json()) as LinkMaps).relations;
    expect(await read(second)).toEqual(await read(first));
  });

  it('refuses rows it cannot link, with their reasons for download, and imports the rest', async () => {
    const before = await linkCount(second);
    const file = ['source_code;target_code;relation', '1111;f2cc5978-e45c-4f28-b859-7f89221b0505;exactMatch', '99999;f2cc5978-e45c-4f28-b859-7f89221b0505;', '1111;no-such-esco-code;', '1112;c6a26e11-bdf1-47a1-849d-fdcf819d458d;sameAs', ';c6a26e11-bdf1-47a1-849d-fdcf819d458d;'].join('\r\n');
    const job = await importFile(second, 'some.csv', `\uFEFF${file}\r\n`, { source: 'isco08', target: 'esco', relation: 'closeMatch' });
    expect(job.result).toMatchObject({ imported: 1, alreadyPresent: 0, refused: 4 });
    expect(await linkCount(second)).toBe(before + 1);
    const refused = await (await second.admin.get(`/api/crosswalks/imports/${job.id}/refused.csv`)).text();
    expect(refused.trim().split('\r\n')).toEqual([
      'line,source_code,target_code,relation,reason',
      '3,99999,f2cc5978-e45c-4f28-b859-7f89221b0505,,unknown source code',
      '4,1111,no-such-esco-code,,unknown target code',
      '5,1112,c6a26e11-bdf1-47a1-849d-fdcf819d458d,sameAs,bad relation',
      '6,,c6a26e11-bdf1-47a1-849d-fdcf819d458d,,no source code',
    ]);
  });

  it('takes a relation column that holds no SKOS relation at all for another attribute, and links its rows with the chosen relation', async () => {
    const before = await linkCount(second);
    // As hisco-hisclass.csv's `relation` column holds HISCO's relation codes.
    const file = ['source_code,target_code,relation', '1113,c6a26e11-bdf1-47a1-849d-fdcf819d458d,21', '1114,c6a26e11-bdf1-47a1-849d-fdcf819d458d,13', '99999,c6a26e11-bdf1-47a1-849d-fdcf819d458d,21'].join('\n');
    const job = await importFile(second, 'codes.csv', `${file}\n`, { source: 'isco08', target: 'esco', relation: 'relatedMatch' });
    expect(job.result).toMatchObject({ imported: 2, alreadyPresent: 0, refused: 1 });
    expect(job.progress?.message).toMatch(/no SKOS relation.*relatedMatch/);
    expect(await linkCount(second)).toBe(before + 2);
    const maps = (await (await second.admin.get('/api/links/maps?schemes=esco,isco08')).json()) as LinkMaps;
    expect(maps.relations['esco:c6a26e11-bdf1-47a1-849d-fdcf819d458d isco08:1113']).toBe('relatedMatch');
  });

  it('fails an SSSOM file with an undeclared prefix, naming the line, and imports nothing from it', async () => {
    const before = await linkCount(second);
    const sssom = ['# curie_map:', '#   isco08: https://w3id.org/occupation-graph/isco08/', 'subject_id\tpredicate_id\tobject_id\tmapping_justification', 'isco08:1111\tskos:exactMatch\tesco:f2cc5978-e45c-4f28-b859-7f89221b0505\tsemapv:ManualMappingCuration', ''].join('\n');
    const job = await importFile(second, 'bad.sssom.tsv', sssom, { source: 'isco08', target: 'esco' });
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/^bad\.sssom\.tsv: Line 4: .*esco.*Nothing was imported\.$/);
    expect(await linkCount(second)).toBe(before);
  });

  it('refuses an import of one scheme into itself, or by a member, before storing anything', async () => {
    expect((await first.admin.upload('/api/crosswalks', 'x.csv', 'source_code,target_code\n1,2\n', { source: 'esco', target: 'esco' })).status).toBe(400);
    const member = (await first.env.signIn('mo', 'member')).client;
    expect((await member.upload('/api/crosswalks', 'x.csv', 'source_code,target_code\n1,2\n', { source: 'esco', target: 'isco08' })).status).toBe(403);
  });
});

/**
 * Every real crosswalk of ../shared/data/crosswalks whose two sides are schemes we have (its name
 * `{source}-{target}[_variant].csv`, both scheme files present), imported into a store that holds
 * just those two schemes: the job ends, and its counts account for every data row of the file.
 */
const realPairs = fs
  .readdirSync(path.join(data, 'crosswalks'))
  .filter((file) => file.endsWith('.csv'))
  .map((file) => {
    const [source = '', target = ''] = file.replace(/\.csv$/, '').replace(/_[^-]*$/, '').split('-');
    return { file, source, target };
  })
  .filter(({ source, target }) => isSchemeId(source) && isSchemeId(target) && source !== target)
  .filter(({ source, target }) => [source, target].every((scheme) => fs.existsSync(path.join(data, 'schemes', `${scheme}.csv`))));

/** A store holding just the two schemes, and an admin. */
async function startPairSide(schemes: SchemeId[]): Promise<Side> {
  const env = await startTestEnvironment({ workers: true });
  for (const scheme of schemes) {
    await importScheme(env.app.schemes, { scheme, text: fs.readFileSync(path.join(data, 'schemes', `${scheme}.csv`), 'utf8'), format: 'csv', actorId: null });
  }
  return { env, admin: (await env.signIn('ida', 'admin')).client };
}

/** Every link of the pair with its relation (from the link maps) and its facts (weight, whose share, justification, comment), sorted. */
async function pairLinkFacts(side: Side, source: SchemeId, target: SchemeId) {
  const relations = ((await (await side.admin.get(`/api/links/maps?schemes=${source},${target}`)).json()) as LinkMaps).relations;
  const records = await side.env.app.db.query<{ first_iri: string; second_iri: string; weight: number | null; weight_of: string | null; justification: string; comment: string | null }>(
    'SELECT first_iri, second_iri, weight, weight_of, justification, comment FROM link_records',
  );
  const valueOf = (iri: string) => decodeURIComponent(iri.slice(iri.lastIndexOf('/') + 1));
  const facts = new Map(records.rows.map((row) => [`${valueOf(row.first_iri)} ${valueOf(row.second_iri)}`, { weight: row.weight, weightOf: row.weight_of, justification: row.justification, comment: row.comment }]));
  const [first] = [source, target].sort();
  return Object.entries(relations)
    .filter(([key]) => key.startsWith(`${first}:`))
    .map(([key, relation]) => {
      const [one, other] = key.split(' ').map((end) => end.slice(end.indexOf(':') + 1));
      return { key: `${one} ${other}`, relation, ...facts.get(`${one} ${other}`) };
    })
    .sort((a, b) => (a.key < b.key ? -1 : 1));
}

describe('the real crosswalks between our schemes', () => {
  it.each(realPairs)('imports $file with counts that account for every row, and its SSSOM export gives the same links and facts in an empty store', async ({ file, source, target }) => {
    const side = await startPairSide([source, target] as SchemeId[]);
    const env = side.env;
    try {
      const content = fs.readFileSync(path.join(data, 'crosswalks', file));
      const rows = Papa.parse(content.toString('utf8'), { header: true, skipEmptyLines: true }).data.length;
      const job = await importFile(side, file, content, { source, target, relation: 'closeMatch' });
      expect(job.state, job.error ?? '').toBe('completed');
      const result = job.result as { imported: number; alreadyPresent: number; refused: number };
      expect(result.imported + result.alreadyPresent + result.refused).toBe(rows);
      expect(result.imported).toBeGreaterThan(0);
      const pairs = (await (await side.admin.get('/api/links/pairs')).json()) as { pairs: { schemes: string[]; count: number }[] };
      expect(pairs.pairs.find((pair) => pair.schemes.includes(source) && pair.schemes.includes(target))?.count).toBe(result.imported);

      const exported = await side.admin.get(`/api/crosswalks/${source}/${target}?format=sssom`);
      expect(exported.status).toBe(200);
      const sssom = await exported.text();
      const fresh = await startPairSide([source, target] as SchemeId[]);
      try {
        const again = await importFile(fresh, `${file}.sssom.tsv`, sssom, { source, target });
        expect(again.state, again.error ?? '').toBe('completed');
        expect(again.result).toMatchObject({ imported: result.imported, alreadyPresent: 0, refused: 0 });
        const original = await pairLinkFacts(side, source as SchemeId, target as SchemeId);
        expect(original).toHaveLength(result.imported);
        expect(await pairLinkFacts(fresh, source as SchemeId, target as SchemeId)).toEqual(original);
      } finally {
        await fresh.env.close();
      }
    } finally {
      await env.close();
    }
  }, 300_000);
});
