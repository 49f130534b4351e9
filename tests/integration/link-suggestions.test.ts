import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import type { LinkSuggestions } from '../../shared/src/contracts/link-suggestions.js';
import type { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';
import { type PrivateVirtuoso, startVirtuoso } from '../support/virtuoso.js';

/**
 * Link suggestions (issue 31): the `links.suggest` job of a scheme pair, started and read through
 * the API, on the embedded store and a private Virtuoso 7. Each kind of evidence makes its own
 * candidate: French PCS 2020 names meet English ISCO-08 names (the real schemes); titles coded
 * in both HISCO and OCC1950 in a titles file of the seed folder; and a HISCO → ISCO-08 → OCC1950
 * chain whose relations compose (exact∘broad is broad). A rejected pair never comes back.
 */

const data = path.resolve(import.meta.dirname, '../../../shared/data');

/** Small HISCO and OCC1950 schemes whose names share nothing, so only titles and chains join them. */
const hisco = ['code,label,parent,description', '9,Transport and craft workers,,', '98,Boat crews,9,', '98135,Bargee,98,', '98136,Tallow chandler,98,', '98137,Hooper,98,'].join('\n');
const occ1950 = ['code,label,parent,description', '9,Operatives,,', '901,Boatmen and lock keepers,9,', '902,Manufacturing operatives n.e.c.,9,', '903,Barrel makers,9,'].join('\n');

/** A seed folder whose titles file codes three Dutch titles in both schemes. */
function seedFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'og-suggest-seed-'));
  fs.mkdirSync(path.join(dir, 'titles'));
  fs.writeFileSync(
    path.join(dir, 'titles', 'manifest.json'),
    JSON.stringify({
      files: [
        { file: 'both.csv', scheme: 'hisco', title: 'title', code: 'hisco', language: 'nl' },
        { file: 'both.csv', scheme: 'occ1950', title: 'title', code: 'occ1950', language: 'nl' },
      ],
    }),
  );
  fs.writeFileSync(path.join(dir, 'titles', 'both.csv'), ['title,hisco,occ1950', 'schipper,98135,901', 'binnenschipper,98135,901', 'kaarsenmaker,98136,902', ''].join('\n'));
  return dir;
}

for (const store of ['embedded', 'virtuoso'] as const) {
  describe(`link suggestions (${store} store)`, () => {
    let virtuoso: PrivateVirtuoso | null = null;
    let env: TestEnvironment;
    let admin: HttpClient;
    let member: HttpClient;
    let seedDir: string;

    beforeAll(async () => {
      virtuoso = store === 'virtuoso' ? await startVirtuoso() : null;
      seedDir = seedFolder();
      env = await startTestEnvironment({ workers: true, env: { SEED_DIR: seedDir, ...(virtuoso ? { SPARQL_QUERY_URL: virtuoso.queryUrl, SPARQL_UPDATE_URL: virtuoso.updateUrl } : {}) } });
      for (const scheme of ['pcs2020', 'isco08'] as const) {
        await importScheme(env.app.schemes, { scheme, text: fs.readFileSync(path.join(data, 'schemes', `${scheme}.csv`), 'utf8'), format: 'csv', actorId: null });
      }
      await importScheme(env.app.schemes, { scheme: 'hisco', text: hisco, format: 'csv', actorId: null });
      await importScheme(env.app.schemes, { scheme: 'occ1950', text: occ1950, format: 'csv', actorId: null });
      admin = (await env.signIn('ada', 'admin')).client;
      member = (await env.signIn('mo', 'member')).client;
    }, 180_000);
    afterAll(async () => {
      await env?.close();
      await virtuoso?.stop();
      if (seedDir) fs.rmSync(seedDir, { recursive: true, force: true });
    });

    const link = async (source: string, sourceCode: string, target: string, targetCode: string, relation: string) => {
      const response = await admin.post('/api/links', { sourceScheme: source, sourceNodeID: sourceCode, targetScheme: target, targetNodeID: targetCode, relation });
      expect(response.status, await response.clone().text()).toBe(204);
    };
    const suggest = async (body: { source: string; target: string; all?: boolean }) => {
      const response = await admin.post('/api/links/suggestions', body);
      expect(response.status, await response.clone().text()).toBe(202);
      const job = await waitForJob(admin, ((await response.json()) as { jobId: string }).jobId, 120_000);
      expect(job.state, job.error ?? '').toBe('completed');
      expect(job.progress).toMatchObject({ phase: 'done' });
      return job;
    };
    const read = async (query: string) => {
      const response = await member.get(`/api/links/suggestions?${query}`);
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()) as LinkSuggestions;
    };

    /**
     * The answer's text sends its source codes best first (by their best candidate), integer-like
     * codes such as HISCO's too, which a JavaScript object would iterate in number order. Answers the order sent.
     */
    const expectSentBestFirst = async (query: string) => {
      const response = await member.get(`/api/links/suggestions?${query}`);
      const text = await response.text();
      const answer = JSON.parse(text) as LinkSuggestions;
      const sent = Object.keys(answer.codes).sort((a, b) => text.indexOf(`"${a}":[`) - text.indexOf(`"${b}":[`));
      const bests = sent.map((code) => answer.codes[code]![0]!.score);
      for (let at = 1; at < bests.length; at++) expect(bests[at]!, `${sent[at]} after ${sent[at - 1]}`).toBeLessThanOrEqual(bests[at - 1]!);
      return sent;
    };

    it('meets French PCS 2020 names with English ISCO-08 ones, skips linked codes, and answers best first', async () => {
      await link('pcs2020', '31A6', 'isco08', '2262', 'exactMatch');
      const job = await suggest({ source: 'pcs2020', target: 'isco08' });
      expect(job.result).toMatchObject({ codes: expect.any(Number), suggested: expect.any(Number) });
      const answer = await read('source=pcs2020&target=isco08');
      expect(answer.run).toMatchObject({ jobId: job.id, codes: (job.result as { codes: number }).codes });
      // 31A6 is linked: not looked at. 34C4 'Pharmaciens salariés' finds 'Pharmacists' by its words.
      expect(answer.codes['31A6']).toBeUndefined();
      const pharmacists = answer.codes['34C4']!;
      expect(pharmacists.map((candidate) => candidate.code).slice(0, 3)).toContain('2262');
      const found = pharmacists.find((candidate) => candidate.code === '2262')!;
      expect(found.evidence).toContainEqual({ kind: 'name', detail: expect.stringMatching(/^name similarity 0\.\d\d$/) });
      expect(found.score).toBeGreaterThan(0);
      expect(found.score).toBeLessThanOrEqual(1);
      for (const candidates of Object.values(answer.codes)) {
        expect(candidates.length).toBeLessThanOrEqual(10);
        for (let at = 1; at < candidates.length; at++) expect(candidates[at]!.score).toBeLessThanOrEqual(candidates[at - 1]!.score);
      }
      const bests = Object.values(answer.codes).map((candidates) => candidates[0]!.score);
      for (let at = 1; at < bests.length; at++) expect(bests[at]!).toBeLessThanOrEqual(bests[at - 1]!);
      // One code asked for; with `all`, linked codes are looked at too, their links never suggested.
      expect(Object.keys((await read('source=pcs2020&target=isco08&code=34C4')).codes)).toEqual(['34C4']);
      await suggest({ source: 'pcs2020', target: 'isco08', all: true });
      const all = await read('source=pcs2020&target=isco08&code=31A6');
      expect(all.codes['31A6']!.map((candidate) => candidate.code)).not.toContain('2262');
    }, 180_000);

    it('suggests from titles coded in both schemes and from a two-hop chain with its relations composed', async () => {
      // Hooper (98137) → ISCO-08 7522 exact, 7522 → OCC1950 903 broad: Hooper broadMatch 903 via ISCO-08 7522.
      await link('hisco', '98137', 'isco08', '7522', 'exactMatch');
      await link('isco08', '7522', 'occ1950', '903', 'broadMatch');
      await suggest({ source: 'hisco', target: 'occ1950' });
      const answer = await read('source=hisco&target=occ1950');
      const bargee = answer.codes['98135']![0]!;
      expect(bargee).toMatchObject({ code: '901' });
      expect(bargee.evidence).toContainEqual({ kind: 'titles', detail: '2 titles coded in both' });
      expect(answer.codes['98136']![0]).toMatchObject({ code: '902', evidence: expect.arrayContaining([{ kind: 'titles', detail: '1 title coded in both' }]) });
      const hooper = answer.codes['98137']![0]!;
      expect(hooper).toMatchObject({ code: '903', relation: 'broadMatch' });
      expect(hooper.evidence).toContainEqual({ kind: 'chain', detail: 'via ISCO-08 7522' });
      await expectSentBestFirst('source=hisco&target=occ1950');
    }, 180_000);

    it('never suggests a rejected pair: left out of the answer at once, and of the next run', async () => {
      const reject = (hiscoCode: string, occCode: string) =>
        env.app.db.query('INSERT INTO link_rejections (first_iri, second_iri) VALUES ($1, $2)', [
          env.app.schemes.iris.code('hisco', hiscoCode),
          env.app.schemes.iris.code('occ1950', occCode),
        ]);
      await reject('98136', '902');
      expect((await read('source=hisco&target=occ1950&code=98136')).codes['98136']?.map((candidate) => candidate.code) ?? []).not.toContain('902');
      await reject('98135', '901');
      await suggest({ source: 'hisco', target: 'occ1950' });
      const stored = await env.app.db.query<{ source_code: string; target_code: string }>(
        `SELECT source_code, target_code FROM link_suggestions WHERE source_scheme = 'hisco' AND target_scheme = 'occ1950'`,
      );
      expect(stored.rows.length).toBeGreaterThan(0);
      expect(stored.rows).not.toContainEqual({ source_code: '98136', target_code: '902' });
      expect(stored.rows).not.toContainEqual({ source_code: '98135', target_code: '901' });
      // With its titles' candidate rejected, Bargee (98135) is no longer the best-scoring code.
      expect((await expectSentBestFirst('source=hisco&target=occ1950'))[0]).not.toBe('98135');
    }, 180_000);

    it('lets admins alone start a run, and logged-in users alone read', async () => {
      expect((await member.post('/api/links/suggestions', { source: 'hisco', target: 'occ1950' })).status).toBe(403);
      expect((await admin.post('/api/links/suggestions', { source: 'hisco', target: 'hisco' })).status).toBe(400);
      expect((await member.get('/api/links/suggestions?source=hisco')).status).toBe(400);
    });
  });
}
