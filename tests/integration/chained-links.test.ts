import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import type { CrosswalkSets, LinkMaps } from '../../shared/src/contracts/links.js';
import type { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';
import { type PrivateVirtuoso, startVirtuoso } from '../support/virtuoso.js';

/**
 * Two-hop links made explicit (issue 31): `POST /api/links/chains` makes each source code's best
 * candidate, when a chain is among its evidence, a link with `semapv:MappingChaining` and the chain
 * as its comment, all as one crosswalk set that lists among the pair's sets and is taken back as a
 * set. The candidates are written here as the `links.suggest` job stores them. Against the embedded
 * store and a private Virtuoso 7.
 */

const data = path.resolve(import.meta.dirname, '../../../shared/data');

interface Candidate {
  soc: string;
  rank: number;
  isco: string;
  score: number;
  relation: string;
  evidence: { kind: string; detail: string }[];
}

const chain = (via: string) => ({ kind: 'chain', detail: `via ${via}` });
const name = (similarity: number) => ({ kind: 'name', detail: `name similarity ${similarity}` });
/** SOC 2020 → ISCO-08 candidates: what becomes a link, and what does not and why. */
const candidates: Candidate[] = [
  // Best candidate with a chain: linked, with the chain's composed relation.
  { soc: '1121', rank: 1, isco: '1321', score: 0.71, relation: 'exactMatch', evidence: [chain('HISCO 21110'), name(0.4)] },
  { soc: '1121', rank: 2, isco: '3122', score: 0.3, relation: 'closeMatch', evidence: [name(0.3)] },
  { soc: '1122', rank: 1, isco: '1323', score: 0.55, relation: 'broadMatch', evidence: [chain('HISCO 22110')] },
  // The chain ranks second only: not linked.
  { soc: '1123', rank: 1, isco: '1322', score: 0.6, relation: 'closeMatch', evidence: [name(0.6)] },
  { soc: '1123', rank: 2, isco: '3121', score: 0.2, relation: 'closeMatch', evidence: [chain('HISCO 71105')] },
  // A rejected pair.
  { soc: '1131', rank: 1, isco: '1211', score: 0.5, relation: 'exactMatch', evidence: [chain('HISCO 21340')] },
  // A code linked to ISCO-08 since the run.
  { soc: '1111', rank: 1, isco: '1120', score: 0.5, relation: 'closeMatch', evidence: [chain('HISCO 21110')] },
  // Two codes with children (SOC 111, ISCO 11): no link may join them.
  { soc: '111', rank: 1, isco: '11', score: 0.5, relation: 'closeMatch', evidence: [chain('HISCO 2')] },
];

async function storeCandidates(env: TestEnvironment): Promise<void> {
  await env.app.db.query(
    `INSERT INTO link_suggestions (source_scheme, target_scheme, source_code, rank, target_code, score, relation, evidence)
     SELECT 'soc2020', 'isco08', c->>'soc', (c->>'rank')::smallint, c->>'isco', (c->>'score')::real, c->>'relation', c->'evidence'
       FROM jsonb_array_elements($1::jsonb) AS c`,
    [JSON.stringify(candidates)],
  );
}

for (const store of ['embedded', 'virtuoso'] as const) {
  describe(`chained links (${store} store)`, () => {
    let virtuoso: PrivateVirtuoso | null = null;
    let env: TestEnvironment;
    let admin: HttpClient;
    let adminId: string;
    let member: HttpClient;
    let setId: string;

    const relations = async () => ((await (await member.get('/api/links/maps?schemes=soc2020,isco08')).json()) as LinkMaps).relations;
    const sets = async () => ((await (await member.get('/api/crosswalks/sets?schemes=soc2020,isco08')).json()) as CrosswalkSets).sets;
    const records = async () =>
      (
        await env.app.db.query<{ first_iri: string; second_iri: string; justification: string; comment: string | null; score: number | null; weight: number | null; set_id: string | null }>(
          'SELECT first_iri, second_iri, justification, comment, score, weight, set_id FROM link_records ORDER BY first_iri, second_iri',
        )
      ).rows;

    beforeAll(async () => {
      virtuoso = store === 'virtuoso' ? await startVirtuoso() : null;
      env = await startTestEnvironment({ workers: true, ...(virtuoso ? { env: { SPARQL_QUERY_URL: virtuoso.queryUrl, SPARQL_UPDATE_URL: virtuoso.updateUrl } } : {}) });
      for (const scheme of ['soc2020', 'isco08'] as const) {
        await importScheme(env.app.schemes, { scheme, text: fs.readFileSync(path.join(data, 'schemes', `${scheme}.csv`), 'utf8'), format: 'csv', actorId: null });
      }
      const signedIn = await env.signIn('ada', 'admin');
      admin = signedIn.client;
      adminId = signedIn.user.id;
      member = (await env.signIn('mo', 'member')).client;
      await storeCandidates(env);
      expect((await admin.post('/api/links/rejections', { sourceScheme: 'soc2020', sourceNodeID: '1131', targetScheme: 'isco08', targetNodeID: '1211' })).status).toBe(204);
      expect((await admin.post('/api/links', { sourceScheme: 'soc2020', sourceNodeID: '1111', targetScheme: 'isco08', targetNodeID: '1111' })).status).toBe(204);
    }, 180_000);
    afterAll(async () => {
      await env?.close();
      await virtuoso?.stop();
    });

    it('is for admins only', async () => {
      expect((await member.post('/api/links/chains', { source: 'soc2020', target: 'isco08' })).status).toBe(403);
      expect((await admin.post('/api/links/chains', { source: 'soc2020', target: 'soc2020' })).status).toBe(400);
    });

    it("makes each code's best chained candidate a link, as one set with MappingChaining and the chain as comment", async () => {
      const response = await admin.post('/api/links/chains', { source: 'soc2020', target: 'isco08' });
      expect(response.status, await response.clone().text()).toBe(200);
      const result = (await response.json()) as { setId: string; linked: number };
      expect(result).toEqual({ setId: expect.any(String), linked: 2 });
      setId = result.setId;

      // SOC 1122 is narrower than ISCO 1323 read from SOC's side: stored from ISCO-08 (first in name order) as narrowMatch.
      expect(await relations()).toEqual({
        'isco08:1111 soc2020:1111': 'closeMatch',
        'isco08:1321 soc2020:1121': 'exactMatch',
        'isco08:1323 soc2020:1122': 'narrowMatch',
      });
      const iri = (scheme: 'soc2020' | 'isco08', value: string) => env.app.schemes.iris.code(scheme, value);
      expect((await records()).filter((row) => row.set_id)).toEqual([
        { first_iri: iri('isco08', '1321'), second_iri: iri('soc2020', '1121'), justification: 'semapv:MappingChaining', comment: 'via HISCO 21110', score: 0.71, weight: null, set_id: setId },
        { first_iri: iri('isco08', '1323'), second_iri: iri('soc2020', '1122'), justification: 'semapv:MappingChaining', comment: 'via HISCO 22110', score: 0.55, weight: null, set_id: setId },
      ]);
      expect(await sets()).toEqual([
        expect.objectContaining({ id: setId, name: 'Chained links SOC-2020 → ISCO-08', source: 'soc2020', target: 'isco08', createdBy: { id: adminId, name: expect.any(String) }, imported: 2, links: 2 }),
      ]);
      const audit = await env.app.db.query<{ after: unknown }>("SELECT after FROM audit_log WHERE action = 'link.chain'");
      expect(audit.rows.map((row) => row.after)).toEqual([{ source: 'soc2020', target: 'isco08', setId, linked: 2 }]);

      // The export names the set as their maker, with the justification and the chain.
      const sssom = await (await member.get('/api/crosswalks/soc2020/isco08?format=sssom')).text();
      const row = sssom.split('\n').find((line) => line.startsWith('soc2020:1121\t'))!;
      expect(row).toContain('semapv:MappingChaining');
      expect(row).toContain(`ogset:${setId}`);
      expect(row).toContain('via HISCO 21110');
    });

    it('makes nothing a second time: the chained candidates are linked already', async () => {
      const response = await admin.post('/api/links/chains', { source: 'soc2020', target: 'isco08' });
      expect(await response.json()).toEqual({ setId: null, linked: 0 });
      expect(await sets()).toHaveLength(1);
    });

    it('is taken back as a set, keeping a link an admin made again since', async () => {
      expect((await admin.post('/api/links', { sourceScheme: 'soc2020', sourceNodeID: '1122', targetScheme: 'isco08', targetNodeID: '1323', relation: 'closeMatch' })).status).toBe(204);
      const removal = await admin.request('DELETE', `/api/crosswalks/sets/${setId}`);
      expect(removal.status).toBe(202);
      const job = await waitForJob(admin, ((await removal.json()) as { jobId: string }).jobId, 120_000);
      expect(job.state, job.error ?? '').toBe('completed');
      expect(job.result).toMatchObject({ removed: 1, kept: 1 });
      expect(await relations()).toEqual({ 'isco08:1111 soc2020:1111': 'closeMatch', 'isco08:1323 soc2020:1122': 'closeMatch' });
      expect(await sets()).toEqual([]);
      // Made again, the chains link what is still unlinked, as a new set.
      const again = (await (await admin.post('/api/links/chains', { source: 'soc2020', target: 'isco08' })).json()) as { setId: string; linked: number };
      expect(again).toEqual({ setId: expect.any(String), linked: 1 });
      expect(again.setId).not.toBe(setId);
    });
  });
}
