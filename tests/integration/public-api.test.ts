import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import { seedCrosswalks } from '../../api/src/links/seed-crosswalks.js';
import type { SiteInfo, TranslateResult } from '../../shared/src/contracts/public.js';
import { jobIdFor } from '../../shared/src/jobs/job-kinds.js';
import { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

const data = path.resolve(import.meta.dirname, '../../../shared/data');
const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'og-site-'));
const translationsPerMinute = 8;

let env: TestEnvironment;
let admin: HttpClient;
let anonymous: HttpClient;
/** ESCO code → its ISCO-08 codes, by the crosswalk file. */
let iscoOf: Map<string, string[]>;

beforeAll(async () => {
  fs.writeFileSync(
    path.join(siteDir, 'partners.json'),
    JSON.stringify({ partners: [{ name: 'A <b>partner</b>', image: '/site/partner.svg', link: 'https://example.org/' }] }),
  );
  fs.writeFileSync(path.join(siteDir, 'partner.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  env = await startTestEnvironment({ workers: true, env: { SITE_DIR: siteDir, ANONYMOUS_TRANSLATIONS_PER_MINUTE: String(translationsPerMinute), TRUST_PROXY: 'true' } });
  for (const scheme of ['esco', 'isco08', 'hisco'] as const) {
    await importScheme(env.app.schemes, { scheme, text: fs.readFileSync(path.join(data, `schemes/${scheme}.csv`), 'utf8'), format: 'csv', actorId: null });
  }
  admin = (await env.signIn('ada', 'admin')).client;
  await seedCrosswalks(env.app);
  expect((await waitForJob(admin, jobIdFor('crosswalk.import', 'seed-esco-isco08'), 120_000)).state).toBe('completed');
  anonymous = new HttpClient(env.url);
  iscoOf = new Map();
  const rows = Papa.parse<Record<string, string>>(fs.readFileSync(path.join(data, 'crosswalks/esco-isco08.csv'), 'utf8'), { header: true, skipEmptyLines: true }).data;
  for (const row of rows) iscoOf.set(row.source_code!, [...(iscoOf.get(row.source_code!) ?? []), row.target_code!]);
}, 300_000);
afterAll(async () => {
  await env?.close();
  fs.rmSync(siteDir, { recursive: true, force: true });
});

async function translate(client: HttpClient, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return client.post('/api/translate', body, { headers });
}

describe('the public API for anonymous visitors (issue 15)', () => {
  it('lets anyone read schemes, trees, a code’s links and the link counts, and nothing else', async () => {
    const schemes = await anonymous.get('/api/schemes');
    expect(schemes.status).toBe(200);
    const list = (await schemes.json()) as { schemes: { id: string; codeCount: number }[] };
    expect(list.schemes.find((scheme) => scheme.id === 'isco08')!.codeCount).toBe(619);

    expect((await anonymous.get('/api/schemes/isco08/tree')).status).toBe(200);
    const links = await anonymous.get('/api/schemes/isco08/codes/2221/links');
    expect(links.status).toBe(200);
    const escoOfNurses = [...iscoOf].filter(([, isco]) => isco.includes('2221')).map(([esco]) => esco);
    expect(escoOfNurses.length).toBeGreaterThan(0);
    const body = JSON.stringify(await links.json());
    for (const esco of escoOfNurses) expect(body).toContain(esco);

    const count = (await (await anonymous.get('/api/links/count')).json()) as { count: number };
    expect(count.count).toBeGreaterThanOrEqual([...iscoOf.values()].reduce((sum, list) => sum + list.length, 0));
    const pairs = (await (await anonymous.get('/api/links/pairs')).json()) as { pairs: { schemes: string[]; count: number }[] };
    expect(pairs.pairs.find((pair) => pair.schemes.join() === 'esco,isco08' || pair.schemes.join() === 'isco08,esco')?.count).toBeGreaterThan(0);
    // Writes and private reads stay closed (whole crosswalks are for the linking page's logged-in users).
    expect((await anonymous.get('/api/links/maps?schemes=isco08')).status).toBe(401);
    expect((await anonymous.get('/api/links/stale?schemes=esco,isco08')).status).toBe(401);
    expect((await anonymous.post('/api/links', { sourceScheme: 'esco', sourceNodeID: 'x', targetScheme: 'isco08', targetNodeID: '2221' })).status).toBe(401);
    expect((await anonymous.post('/api/schemes/isco08/codes', { name: 'x', label: 'x' })).status).toBe(401);
    expect((await anonymous.request('PATCH', '/api/schemes/isco08/codes/2221', { json: { name: 'x' } })).status).toBe(401);
    expect((await anonymous.request('DELETE', '/api/schemes/isco08/codes/2221')).status).toBe(401);
    expect((await anonymous.get('/api/datasets')).status).toBe(401);
    expect((await anonymous.get('/api/export')).status).toBe(401);
  });

  it('translates ESCO codes to ISCO-08 as the crosswalk says, listing unknown codes, duplicates once, in the order asked', async () => {
    const sample = [...iscoOf.keys()].slice(0, 40);
    const response = await translate(anonymous, { from: 'esco', to: 'isco08', codes: [sample[0], 'no-such-code', ...sample, sample[1], ''] });
    expect(response.status, await response.clone().text()).toBe(200);
    const result = (await response.json()) as TranslateResult;
    expect(result.codes.map((code) => code.code)).toEqual([sample[0], 'no-such-code', ...sample.slice(1)]);
    expect(result.codes[1]).toEqual({ code: 'no-such-code', name: null, status: 'unknown', targets: [] });
    for (const code of result.codes.filter((each) => each.status !== 'unknown')) {
      expect(code.status).toBe('translated');
      expect(code.name).toBeTruthy();
      expect(code.targets.map((target) => target.code).sort()).toEqual([...new Set(iscoOf.get(code.code))].sort());
      for (const target of code.targets) {
        expect(target.path).toBe('direct');
        expect(target.name).not.toBe('');
      }
    }
  });

  it('reads a group code through the codes below it, naming them, and finds spellings of one code once', async () => {
    const result = (await (await translate(anonymous, { from: 'esco', to: 'isco08', codes: ['2221', '22'] })).json()) as TranslateResult;
    const group = result.codes[0]!;
    expect(group).toMatchObject({ code: '2221', status: 'translated' });
    expect(group.targets.map((target) => target.code)).toEqual(['2221']);
    expect(iscoOf.get(group.targets[0]!.via!)).toContain('2221');
    expect(result.codes[1]!.targets.length).toBeGreaterThan(1);
    expect(result.codes[1]!.targets.every((target) => target.via !== null && target.code.startsWith('22'))).toBe(true);
    // A code's own links name no 'via'.
    const own = [...iscoOf.keys()][0]!;
    const direct = (await (await translate(anonymous, { from: 'esco', to: 'isco08', codes: [own] })).json()) as TranslateResult;
    expect(direct.codes[0]!.targets.every((target) => target.via === null)).toBe(true);
    // ISCO-08 '0110' written as '110' is the same code, walked once and answered under each spelling.
    const spellings = (await (await translate(anonymous, { from: 'isco08', to: 'esco', codes: ['0110', '110'] })).json()) as TranslateResult;
    expect(spellings.codes.map((code) => code.code)).toEqual(['0110', '110']);
    expect(spellings.codes[1]!.targets).toEqual(spellings.codes[0]!.targets);
  });

  it('follows two hops, default to parent and unlinkable like a conversion does', async () => {
    const escoOfficer = [...iscoOf].find(([, isco]) => isco.includes('0110'))![0];
    const link = async (body: Record<string, string>) => {
      const answer = await admin.post('/api/links', body);
      expect(answer.status, await answer.clone().text()).toBeLessThan(300);
    };
    await link({ sourceScheme: 'hisco', sourceNodeID: '58220', targetScheme: 'esco', targetNodeID: escoOfficer });
    await link({ sourceScheme: 'hisco', sourceNodeID: '831', targetScheme: 'isco08', targetNodeID: '7221', relation: 'closeMatch' });
    await link({ sourceScheme: 'hisco', sourceNodeID: '83110', targetScheme: 'isco08', targetNodeID: 'default-to-parent' });
    await link({ sourceScheme: 'hisco', sourceNodeID: '61110', targetScheme: 'isco08', targetNodeID: 'unlinkable' });
    const result = (await (await translate(anonymous, { from: 'hisco', to: 'isco08', codes: ['58220', '83110', '61110', '95410'] })).json()) as TranslateResult;
    const byCode = new Map(result.codes.map((code) => [code.code, code]));
    expect(byCode.get('58220')!.targets).toEqual([expect.objectContaining({ code: '0110', path: 'two-hop', relation: null })]);
    expect(byCode.get('83110')!.targets).toEqual([expect.objectContaining({ code: '7221', path: 'default-to-parent', relation: 'closeMatch' })]);
    expect(byCode.get('61110')).toMatchObject({ status: 'unlinkable', targets: [] });
    expect(byCode.get('95410')).toMatchObject({ status: 'no-link', targets: [] });
  });

  it('refuses bad requests with a clear reason, hostile strings included', async () => {
    const cases: [unknown, string][] = [
      [{ from: 'esco', to: 'esco', codes: ['1'] }, 'different'],
      [{ from: 'esco', to: 'nowhere', codes: ['1'] }, 'to'],
      [{ from: 'esco', to: 'isco08', codes: [] }, 'at least one'],
      [{ from: 'esco', to: 'isco08', codes: Array.from({ length: 5_001 }, (_, index) => String(index)) }, 'at most 5000'],
      [{ from: 'esco', to: 'isco08', codes: 'not a list' }, 'codes'],
    ];
    for (const [body, message] of cases) {
      const response = await admin.post('/api/translate', body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message.toLowerCase()).toContain(message.toLowerCase());
    }
    const malformed = await admin.request('POST', '/api/translate', { body: '{"from":' });
    expect(malformed.status).toBe(400);
    const hostile = ['"} UNION SELECT * WHERE { ?s ?p ?o }', '<script>alert(1)</script>', '../../etc/passwd', "2221' OR '1'='1"];
    const answer = (await (await admin.post('/api/translate', { from: 'isco08', to: 'esco', codes: hostile })).json()) as TranslateResult;
    expect(answer.codes.map((code) => [code.code, code.status])).toEqual(hostile.map((code) => [code, 'unknown']));
  });

  it('serves the configured partners and their logos safely', async () => {
    const site = (await (await anonymous.get('/api/site')).json()) as SiteInfo;
    expect(site).toEqual({ partners: [{ name: 'A <b>partner</b>', image: '/site/partner.svg', link: 'https://example.org/' }] });
    const logo = await anonymous.get('/site/partner.svg');
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toContain('image/svg+xml');
    expect(logo.headers.get('content-security-policy')).toContain("default-src 'none'");
    for (const probe of ['/site/partners.json', '/site/..%2Fpartners.json', '/site/missing.svg', '/site/sub%2Fpartner.svg', '/site/.hidden.svg']) {
      expect((await anonymous.get(probe)).status, probe).toBe(404);
    }
    // A broken file is a clear error, and mending it serves the partners again.
    fs.writeFileSync(path.join(siteDir, 'partners.json'), '{"partners": [{"name": "x"}]}');
    const broken = await anonymous.get('/api/site');
    expect(broken.status).toBe(500);
    expect(((await broken.json()) as { error: { message: string } }).error.message).toContain('partners.json');
    // A link that is no web address, or a logo from elsewhere than /site/ or https, is refused too.
    for (const partner of [
      { name: 'x', image: '/site/partner.svg', link: 'javascript:alert(1)' },
      { name: 'x', image: 'http://tracker.example/logo.svg', link: 'https://example.org/' },
      { name: 'x', image: '/site/../partners.json', link: 'https://example.org/' },
    ]) {
      fs.writeFileSync(path.join(siteDir, 'partners.json'), JSON.stringify({ partners: [partner] }));
      const refused = await anonymous.get('/api/site');
      expect(refused.status, JSON.stringify(partner)).toBe(500);
    }
    fs.writeFileSync(path.join(siteDir, 'partners.json'), JSON.stringify({ partners: [] }));
    expect(await (await anonymous.get('/api/site')).json()).toEqual({ partners: [] });
  });

  it('limits anonymous translations per address, not logged-in ones, whatever a client writes into X-Forwarded-For', async () => {
    const fresh = new HttpClient(env.url);
    // The app trusts one proxy (TRUST_PROXY): the client is the address that proxy appended last.
    const spoofed = (index: number) => ({ 'x-forwarded-for': `198.51.100.${index}, 203.0.113.7` });
    let status = 200;
    let tries = 0;
    while (status === 200 && tries <= translationsPerMinute) {
      status = (await translate(fresh, { from: 'esco', to: 'isco08', codes: ['x'] }, spoofed(tries))).status;
      tries += 1;
    }
    expect(status).toBe(429);
    expect(tries).toBe(translationsPerMinute + 1);
    const limited = await translate(fresh, { from: 'esco', to: 'isco08', codes: ['x'] }, spoofed(99));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await limited.json()) as { error: { code: string; details: { retryAfterSeconds: number } } };
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.details.retryAfterSeconds).toBeGreaterThan(0);
    // Another client (another address behind the proxy) is not limited by this one.
    expect((await translate(fresh, { from: 'esco', to: 'isco08', codes: ['x'] }, { 'x-forwarded-for': '203.0.113.8' })).status).toBe(200);
    // Logged in, the same address is not limited.
    for (let index = 0; index < translationsPerMinute + 2; index += 1) {
      expect((await translate(admin, { from: 'esco', to: 'isco08', codes: ['x'] }, spoofed(0))).status).toBe(200);
    }
  });

  it('limits anonymous reads per address, an IPv6 client by its /64', async () => {
    const reader = new HttpClient(env.url);
    const read = (address: string) => reader.get('/api/site', { headers: { 'x-forwarded-for': address } });
    let answered = 0;
    while ((await read(`2001:db8:1:2::${(answered % 500).toString(16)}`)).status === 200) answered += 1;
    expect(answered).toBe(env.config.anonymousLimits.reads);
    expect((await read('2001:db8:1:2:ffff::1')).status).toBe(429);
    for (const path of ['/api/schemes', '/api/schemes/isco08/tree', '/api/links/count', '/api/links/pairs']) {
      expect((await reader.get(path, { headers: { 'x-forwarded-for': '2001:db8:1:2::9' } })).status, path).toBe(429);
    }
    expect((await read('2001:db8:1:3::1')).status).toBe(200);
  });
});
