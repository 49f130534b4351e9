import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import type { JobRun } from '../../shared/src/contracts/jobs.js';
import type { ConversionResult, ConversionWeighting } from '../../shared/src/contracts/conversions.js';
import type { LinkMaps } from '../../shared/src/contracts/links.js';
import type { CodeLinks } from '../../shared/src/contracts/schemes.js';
import { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

/**
 * Negative mappings and accepted suggestions (issue 31): a rejected pair is stored once however
 * often it is sent, listed, audited, taken back, exported in the pair's SSSOM as a
 * `predicate_modifier: Not` row and read back by the import as a rejection, not a link; a link
 * accepted from a suggestion carries its facts (lexical or composite matching, the reviewer, the
 * score) through the export and a re-import, and its score never weighs a conversion.
 */

const data = path.resolve(import.meta.dirname, '../../../shared/data');
let env: TestEnvironment;
let admin: HttpClient;
let adminId: string;
let member: HttpClient;

const pair = (sourceNodeID: string, targetNodeID: string, extra: Record<string, unknown> = {}) => ({ sourceScheme: 'soc2020', sourceNodeID, targetScheme: 'isco08', targetNodeID, ...extra });
const rejections = async () =>
  ((await (await member.get('/api/links/rejections?source=soc2020&target=isco08')).json()) as { rejections: { source: { value: string }; target: { value: string }; relation: string; madeBy: string | null; comment: string | null }[] }).rejections;
const rejectionRows = async () => (await env.app.db.query<{ first_iri: string; second_iri: string; relation: string; comment: string | null }>('SELECT first_iri, second_iri, relation, comment FROM link_rejections ORDER BY 1, 2')).rows;
const audits = async (action: string) => Number((await env.app.db.query<{ n: string }>('SELECT count(*) AS n FROM audit_log WHERE action = $1', [action])).rows[0]!.n);
const recordOf = async (soc: string, isco: string) =>
  (
    await env.app.db.query<{ justification: string; score: number | null; weight: number | null; made_by: string | null; source: string | null }>(
      'SELECT justification, score, weight, made_by, source FROM link_records WHERE first_iri = $1 AND second_iri = $2',
      [env.app.schemes.iris.code('isco08', isco), env.app.schemes.iris.code('soc2020', soc)],
    )
  ).rows[0];

/** The pair's SSSOM export: its header and each mapping as column → cell. */
async function exportSssom(): Promise<{ text: string; header: string[]; mappings: Record<string, string>[] }> {
  const response = await member.get('/api/crosswalks/soc2020/isco08?format=sssom');
  expect(response.status).toBe(200);
  const text = await response.text();
  const [header, ...rows] = text.split('\n').filter((line) => line && !line.startsWith('#'));
  const columns = header!.split('\t');
  return { text, header: columns, mappings: rows.map((row) => Object.fromEntries(row.split('\t').map((cell, index) => [columns[index]!, cell]))) };
}

async function importFile(fileName: string, content: string): Promise<JobRun> {
  const response = await admin.upload('/api/crosswalks', fileName, content, { source: 'soc2020', target: 'isco08' });
  expect(response.status, await response.clone().text()).toBe(202);
  return waitForJob(admin, ((await response.json()) as { jobId: string }).jobId, 120_000);
}

describe('negative mappings and accepted suggestions', () => {
  beforeAll(async () => {
    env = await startTestEnvironment({ workers: true });
    for (const scheme of ['soc2020', 'isco08'] as const) {
      await importScheme(env.app.schemes, { scheme, text: fs.readFileSync(path.join(data, 'schemes', `${scheme}.csv`), 'utf8'), format: 'csv', actorId: null });
    }
    const signedIn = await env.signIn('ada', 'admin');
    admin = signedIn.client;
    adminId = signedIn.user.id;
    member = (await env.signIn('mo', 'member')).client;
  }, 180_000);
  afterAll(async () => {
    await env?.close();
  });

  it('stores a rejection once however often it is sent, for admins only, audited, and keyed as links are', async () => {
    expect((await member.post('/api/links/rejections', pair('1111', '2111'))).status).toBe(403);
    expect((await admin.post('/api/links/rejections', pair('1111', '2111'), { csrf: false })).status).toBe(403);
    for (let time = 0; time < 2; time++) {
      expect((await admin.post('/api/links/rejections', pair('1111', '2111', { relation: 'broadMatch', comment: 'Chief executives are not physicists' }))).status).toBe(204);
    }
    // Rejected from the other side, read the other way round: the same pair, one row.
    expect((await admin.post('/api/links/rejections', { sourceScheme: 'isco08', sourceNodeID: '2111', targetScheme: 'soc2020', targetNodeID: '1111', relation: 'narrowMatch', comment: 'Chief executives are not physicists' })).status).toBe(204);
    expect(await rejectionRows()).toEqual([
      { first_iri: env.app.schemes.iris.code('isco08', '2111'), second_iri: env.app.schemes.iris.code('soc2020', '1111'), relation: 'narrowMatch', comment: 'Chief executives are not physicists' },
    ]);
    expect(await rejections()).toEqual([
      { source: { scheme: 'soc2020', value: '1111' }, target: { scheme: 'isco08', value: '2111' }, relation: 'broadMatch', madeBy: adminId, madeAt: expect.any(String), comment: 'Chief executives are not physicists' },
    ]);
    expect(await audits('link.reject')).toBe(3);
    // Unknown codes, the same scheme twice, a linked pair.
    expect((await admin.post('/api/links/rejections', pair('1111', '9999'))).status).toBe(404);
    expect((await admin.post('/api/links/rejections', { ...pair('1111', '2111'), targetScheme: 'soc2020' })).status).toBe(400);
    expect((await admin.post('/api/links', pair('1112', '1111'))).status).toBe(204);
    const linked = await admin.post('/api/links/rejections', pair('1112', '1111'));
    expect(linked.status).toBe(409);
    expect(((await linked.json()) as { error: { message: string } }).error.message).toMatch(/remove the link/);
  });

  it('takes a rejection back (idempotent), and linking a rejected pair takes its rejection back', async () => {
    expect((await admin.post('/api/links/rejections', pair('1121', '2112'))).status).toBe(204);
    expect((await member.request('DELETE', '/api/links/rejections', { json: pair('1121', '2112') })).status).toBe(403);
    for (let time = 0; time < 2; time++) expect((await admin.request('DELETE', '/api/links/rejections', { json: pair('1121', '2112') })).status).toBe(204);
    expect(await audits('link.unreject')).toBe(1);
    expect((await rejections()).map((rejection) => rejection.target.value)).toEqual(['2111']);

    expect((await admin.post('/api/links/rejections', pair('1121', '2112'))).status).toBe(204);
    expect((await admin.post('/api/links', pair('1121', '2112'))).status).toBe(204);
    expect((await rejections()).map((rejection) => rejection.target.value)).toEqual(['2111']);
    expect((await admin.request('DELETE', '/api/links', { json: pair('1121', '2112') })).status).toBe(204);
  });

  it('records an accepted suggestion as lexical or composite matching by the reviewer with its score, never as a weight', async () => {
    expect((await admin.post('/api/links', pair('1122', '1321', { relation: 'exactMatch', suggestion: { score: 0.83, evidence: ['name'] } }))).status).toBe(204);
    expect((await admin.post('/api/links', pair('1122', '3123', { suggestion: { score: 0.42, evidence: ['titles', 'name'] } }))).status).toBe(204);
    expect((await admin.post('/api/links', pair('1122', '2142', { suggestion: { score: 1.5, evidence: ['name'] } }))).status).toBe(400);
    expect((await admin.post('/api/links', pair('1122', '2142', { suggestion: { score: 0.5, evidence: ['guess'] } }))).status).toBe(400);
    expect(await recordOf('1122', '1321')).toEqual({ justification: 'semapv:LexicalMatching', score: 0.83, weight: null, made_by: adminId, source: null });
    expect(await recordOf('1122', '3123')).toEqual({ justification: 'semapv:CompositeMatching', score: 0.42, weight: null, made_by: adminId, source: null });
    // Explore (anyone) shows the facts: how it was found, its score, and that an admin kept it by manual curation.
    const explored = (await (await new HttpClient(env.url).get('/api/schemes/soc2020/codes/1122/links')).json()) as CodeLinks;
    expect(explored.links.find((link) => link.value === '1321')).toMatchObject({ relation: 'exactMatch', justification: 'semapv:LexicalMatching', score: 0.83, curation: 'semapv:ManualMappingCuration' });
    expect(explored.links.find((link) => link.value === '1321')).not.toHaveProperty('weight');
    // An old client's link is manual curation, without a score.
    expect(await recordOf('1112', '1111')).toMatchObject({ justification: 'semapv:ManualMappingCuration', score: null });
    // The same link sent again by hand is the admin's own curation from then on.
    expect((await admin.post('/api/links', pair('1122', '3123'))).status).toBe(204);
    expect(await recordOf('1122', '3123')).toMatchObject({ justification: 'semapv:ManualMappingCuration', score: null });
    expect((await admin.post('/api/links', pair('1122', '3123', { suggestion: { score: 0.42, evidence: ['titles', 'name'] } }))).status).toBe(204);
    const audit = await env.app.db.query<{ after: { suggestion?: unknown } }>("SELECT after FROM audit_log WHERE action = 'link.create' ORDER BY id DESC LIMIT 1");
    expect(audit.rows[0]!.after.suggestion).toEqual({ score: 0.42, evidence: ['titles', 'name'] });
  });

  it("splits a code's rows equally between accepted suggestions, whatever their scores", async () => {
    const created = await member.post('/api/datasets', {
      data: Array.from({ length: 10 }, (_, index) => ({ title: `Production manager ${index}`, code: '1122', totals: [1] })),
      metadata: { title: 'SOC 2020 production managers', titleColumn: 'title', codeColumn: 'code', scheme: 'soc2020', totalsColumns: ['persons'] },
    });
    expect(created.status, await created.clone().text()).toBe(202);
    const accepted = (await created.json()) as { datasetId: string; jobId: string };
    expect((await waitForJob(member, accepted.jobId, 120_000)).state).toBe('completed');
    // No link carries a weight, so a conversion gets equal shares (a score taken for a weight would make it 'crosswalk').
    const weighting = (await (await member.get(`/api/datasets/${accepted.datasetId}/conversions/weighting?targetScheme=isco08`)).json()) as ConversionWeighting;
    expect(weighting).toEqual({ weighting: 'equal', weightedLinks: 0 });
    for (const asked of ['crosswalk', 'equal'] as const) {
      const response = await member.post(`/api/datasets/${accepted.datasetId}/conversions`, { targetScheme: 'isco08', targetDepth: 'max', weighting: asked });
      expect(response.status, await response.clone().text()).toBe(202);
      const conversion = (await response.json()) as { conversionId: string; jobId: string };
      const job = await waitForJob(member, conversion.jobId, 120_000);
      expect(job.state, job.error ?? '').toBe('completed');
      const result = (await (await member.get(`/api/conversions/${conversion.conversionId}/result?format=json`)).json()) as ConversionResult;
      expect(Object.fromEntries(result.rows.map((row) => [row.targetCode, row.occurrences])), asked).toEqual({ '1321': 5, '3123': 5 });
    }
  });

  it('exports rejections as predicate_modifier Not and accepted suggestions with similarity_score and reviewer_id', async () => {
    const { header, mappings } = await exportSssom();
    expect(header).toEqual([
      'subject_id',
      'subject_label',
      'predicate_id',
      'predicate_modifier',
      'object_id',
      'object_label',
      'mapping_justification',
      'curation_rule',
      'confidence',
      'similarity_score',
      'author_id',
      'reviewer_id',
      'creator_id',
      'mapping_date',
      'comment',
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const byPair = new Map(mappings.map((mapping) => [`${mapping.subject_id} ${mapping.object_id}`, mapping]));
    expect(byPair.get('soc2020:1111 isco08:2111')).toMatchObject({
      predicate_id: 'skos:broadMatch',
      predicate_modifier: 'Not',
      mapping_justification: 'semapv:ManualMappingCuration',
      author_id: `oguser:${adminId}`,
      mapping_date: today,
      comment: 'Chief executives are not physicists',
    });
    expect(byPair.get('soc2020:1122 isco08:1321')).toMatchObject({
      predicate_id: 'skos:exactMatch',
      predicate_modifier: '',
      mapping_justification: 'semapv:LexicalMatching',
      curation_rule: 'semapv:ManualMappingCuration',
      confidence: '0.83',
      similarity_score: '0.83',
      author_id: '',
      reviewer_id: `oguser:${adminId}`,
    });
    expect(byPair.get('soc2020:1122 isco08:3123')).toMatchObject({ mapping_justification: 'semapv:CompositeMatching', curation_rule: 'semapv:ManualMappingCuration', similarity_score: '0.42', reviewer_id: `oguser:${adminId}` });
    expect(byPair.get('soc2020:1112 isco08:1111')).toMatchObject({ mapping_justification: 'semapv:ManualMappingCuration', curation_rule: '', similarity_score: '', author_id: `oguser:${adminId}`, reviewer_id: '' });
    // The CSV export holds links only.
    const csv = await (await member.get('/api/crosswalks/soc2020/isco08?format=csv')).text();
    expect(csv).not.toContain('2111');
  });

  it('reads its own export back: Not rows as rejections, accepted suggestions with their facts, and no weights', async () => {
    const { text } = await exportSssom();
    // An empty pair: no links, no rejections.
    for (const [soc, isco] of [['1112', '1111'], ['1122', '1321'], ['1122', '3123']] as const) {
      expect((await admin.request('DELETE', '/api/links', { json: pair(soc, isco) })).status).toBe(204);
    }
    expect((await admin.request('DELETE', '/api/links/rejections', { json: pair('1111', '2111') })).status).toBe(204);
    expect(await rejectionRows()).toEqual([]);
    expect(((await (await member.get('/api/links/count')).json()) as { count: number }).count).toBe(0);

    const job = await importFile('soc2020-isco08.sssom.tsv', text);
    expect(job.state, job.error ?? '').toBe('completed');
    expect(job.result).toMatchObject({ imported: 3, alreadyPresent: 0, refused: 0 });
    expect(job.progress?.message).toContain('1 negated mapping (predicate_modifier: Not) kept as rejected pairs');
    expect(await rejections()).toEqual([
      { source: { scheme: 'soc2020', value: '1111' }, target: { scheme: 'isco08', value: '2111' }, relation: 'broadMatch', madeBy: adminId, madeAt: expect.stringMatching(/^\d{4}-/), comment: 'Chief executives are not physicists' },
    ]);
    const maps = (await (await member.get('/api/links/maps?schemes=soc2020,isco08')).json()) as LinkMaps;
    expect(maps.relations).toEqual({ 'isco08:1111 soc2020:1112': 'closeMatch', 'isco08:1321 soc2020:1122': 'exactMatch', 'isco08:3123 soc2020:1122': 'closeMatch' });
    expect(await recordOf('1122', '1321')).toMatchObject({ justification: 'semapv:LexicalMatching', score: 0.83, weight: null });
    expect(await recordOf('1122', '3123')).toMatchObject({ justification: 'semapv:CompositeMatching', score: 0.42, weight: null });
    expect(await recordOf('1112', '1111')).toMatchObject({ justification: 'semapv:ManualMappingCuration', score: null, weight: null });

    // Exported again: the same mappings and facts (the makers are now the import's set).
    const again = await exportSssom();
    const cells = (mappings: Record<string, string>[]) => mappings.map((m) => [m.subject_id, m.predicate_id, m.predicate_modifier, m.object_id, m.mapping_justification, m.confidence, m.similarity_score, m.comment].join(' '));
    expect(cells(again.mappings)).toEqual(cells((await exportSssomOf(text)).mappings));
  });

  it('keeps no negated mapping of a pair that is linked, in the store or by the same file', async () => {
    const file = [
      '# curie_map:',
      `#   soc2020: ${env.app.schemes.iris.codePrefix('soc2020')}`,
      `#   isco08: ${env.app.schemes.iris.codePrefix('isco08')}`,
      '#   skos: http://www.w3.org/2004/02/skos/core#',
      'subject_id\tpredicate_id\tpredicate_modifier\tobject_id',
      'soc2020:1122\tskos:exactMatch\tNot\tisco08:1321',
      'soc2020:1131\tskos:closeMatch\t\tisco08:1211',
      'soc2020:1131\tskos:closeMatch\tNot\tisco08:1211',
      'soc2020:1131\tskos:closeMatch\tNot\tisco08:1212',
      '',
    ].join('\n');
    const job = await importFile('negations.sssom.tsv', file);
    expect(job.state, job.error ?? '').toBe('completed');
    expect(job.result).toMatchObject({ imported: 1, refused: 0 });
    expect((await rejections()).map((rejection) => `${rejection.source.value} ${rejection.target.value}`)).toEqual(['1131 1212', '1111 2111']);
  });
});

/** An export's text read as {@link exportSssom} reads a response. */
async function exportSssomOf(text: string): Promise<{ mappings: Record<string, string>[] }> {
  const [header, ...rows] = text.split('\n').filter((line) => line && !line.startsWith('#'));
  const columns = header!.split('\t');
  return { mappings: rows.map((row) => Object.fromEntries(row.split('\t').map((cell, index) => [columns[index]!, cell]))) };
}
