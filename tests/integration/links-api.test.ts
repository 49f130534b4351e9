import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import { type LinkMaps, relationBetween, type StaleLinks } from '../../shared/src/contracts/links.js';
import type { HttpClient } from '../support/http-client.js';
import { JobSocket } from '../support/job-socket.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';
import { type PrivateVirtuoso, startVirtuoso } from '../support/virtuoso.js';
import { waitFor } from '../support/wait-for.js';

const seedDir = path.resolve(import.meta.dirname, '../../../shared/data/schemes');
let env: TestEnvironment;
let admin: HttpClient;
let member: HttpClient;

/** Real codes of the seeded files: leaves (4 digits) and their parents. */
const isco = { leaf: '1111', otherLeaf: '1112', parent: '111', unlinkedParent: '122' };
const soc = { leaf: '1111', otherLeaf: '1112', third: '1121', parent: '111' };

async function maps(schemes: string, client: HttpClient = member): Promise<LinkMaps> {
  const response = await client.get(`/api/links/maps?schemes=${schemes}`);
  expect(response.status).toBe(200);
  return (await response.json()) as LinkMaps;
}

async function auditCount(): Promise<number> {
  return Number((await env.app.db.query<{ n: string }>("SELECT count(*) AS n FROM audit_log WHERE action LIKE 'link.%'")).rows[0]!.n);
}

async function count(): Promise<number> {
  return ((await (await member.get('/api/links/count')).json()) as { count: number }).count;
}

const link = (sourceScheme: string, sourceNodeID: string, targetScheme: string, targetNodeID: string, relation?: string) => ({
  sourceScheme,
  sourceNodeID,
  targetScheme,
  targetNodeID,
  ...(relation ? { relation } : {}),
});

/** The same calls against the embedded store and a SPARQL server no one here wrote (a private Virtuoso 7). */
for (const store of ['embedded', 'virtuoso'] as const) {
  describe(`links between two schemes (${store} store)`, () => {
    let virtuoso: PrivateVirtuoso | null = null;
    beforeAll(async () => {
      virtuoso = store === 'virtuoso' ? await startVirtuoso() : null;
      env = await startTestEnvironment(virtuoso ? { env: { SPARQL_QUERY_URL: virtuoso.queryUrl, SPARQL_UPDATE_URL: virtuoso.updateUrl } } : {});
      for (const scheme of ['isco08', 'soc2020'] as const) {
        await importScheme(env.app.schemes, { scheme, text: fs.readFileSync(path.join(seedDir, `${scheme}.csv`), 'utf8'), format: 'csv', actorId: null });
      }
      admin = (await env.signIn('ada', 'admin')).client;
      member = (await env.signIn('mo', 'member')).client;
    });
    afterAll(async () => {
      await env?.close();
      await virtuoso?.stop();
    });

    it('links two leaves as a closeMatch, shows the link from both sides, counts it, and makes it once however often it is sent', async () => {
      for (let time = 0; time < 2; time++) expect((await admin.post('/api/links', link('isco08', isco.leaf, 'soc2020', soc.leaf))).status).toBe(204);
      const pair = await maps('soc2020,isco08');
      expect(pair.maps.isco08![isco.leaf]).toEqual({ soc2020: [soc.leaf] });
      expect(pair.maps.soc2020![soc.leaf]).toEqual({ isco08: [isco.leaf] });
      expect(pair.relations).toEqual({ [`isco08:${isco.leaf} soc2020:${soc.leaf}`]: 'closeMatch' });
      expect(await count()).toBe(1);
      expect(await (await member.get('/api/links/pairs')).json()).toEqual({ pairs: [{ schemes: ['isco08', 'soc2020'], count: 1 }] });
      // The trees count it too.
      const tree = (await (await member.get('/api/schemes/soc2020/tree')).json()) as { lookup: Record<string, { linkCount: number }> };
      expect(tree.lookup[soc.leaf]!.linkCount).toBe(1);
    });

    it('keeps a relation read from source to target, stored once in scheme-name order, and changes it in place', async () => {
      // SOC 1112 is narrower than ISCO 1112's… read from SOC: its broader match is the ISCO code.
      expect((await admin.post('/api/links', link('soc2020', soc.otherLeaf, 'isco08', isco.otherLeaf, 'broadMatch'))).status).toBe(204);
      let pair = await maps('isco08,soc2020');
      expect(pair.relations[`isco08:${isco.otherLeaf} soc2020:${soc.otherLeaf}`]).toBe('narrowMatch');
      expect(relationBetween(pair, { scheme: 'soc2020', value: soc.otherLeaf }, { scheme: 'isco08', value: isco.otherLeaf })).toBe('broadMatch');
      expect((await admin.post('/api/links', link('isco08', isco.otherLeaf, 'soc2020', soc.otherLeaf, 'exactMatch'))).status).toBe(204);
      pair = await maps('isco08,soc2020');
      expect(pair.relations[`isco08:${isco.otherLeaf} soc2020:${soc.otherLeaf}`]).toBe('exactMatch');
      expect(await count()).toBe(2);
    });

    it('refuses links that cannot be, with a clear message, and writes nothing', async () => {
      const before = await count();
      const refusals: [unknown, number, RegExp][] = [
        [link('isco08', isco.parent, 'soc2020', soc.parent), 400, /must be a code without children/],
        [link('isco08', '9999999', 'soc2020', soc.leaf), 404, /No such code: 9999999 in isco08/],
        [link('isco08', isco.leaf, 'isco08', isco.otherLeaf), 400, /two different schemes/],
        [link('isco08', isco.leaf, 'nope', soc.leaf), 400, /Unknown scheme 'nope'/],
        [link('isco08', isco.leaf, 'soc2020', soc.leaf, 'sameAs'), 400, /relation/],
      ];
      for (const [body, status, message] of refusals) {
        const response = await admin.post('/api/links', body);
        expect(response.status, JSON.stringify(body)).toBe(status);
        expect(JSON.stringify(await response.json())).toMatch(message);
      }
      expect(await count()).toBe(before);
    });

    it('marks a code unlinkable or defaulting to its parent towards a scheme, never counted as a link, and takes the mark back', async () => {
      const before = await count();
      // A parent none of whose children is linked (SPEC §5: 'Mark as linkable' only then).
      const parent = isco.unlinkedParent;
      expect((await admin.post('/api/links', link('isco08', parent, 'soc2020', 'unlinkable'))).status).toBe(204);
      expect((await admin.post('/api/links', link('soc2020', soc.third, 'isco08', 'default-to-parent'))).status).toBe(204);
      let pair = await maps('isco08,soc2020');
      expect(pair.maps.isco08![parent]).toEqual({ soc2020: ['unlinkable'] });
      expect(pair.maps.soc2020![soc.third]).toEqual({ isco08: ['default-to-parent'] });
      expect(await count()).toBe(before);
      expect((await admin.request('DELETE', '/api/links', { json: link('isco08', parent, 'soc2020', 'unlinkable') })).status).toBe(204);
      expect((await admin.post('/api/links/clear', { nodeID: soc.third, scheme: 'soc2020', targetScheme: 'isco08' })).status).toBe(204);
      pair = await maps('isco08,soc2020');
      expect(pair.maps.isco08![parent]).toBeUndefined();
      expect(pair.maps.soc2020![soc.third]).toBeUndefined();
    });

    it("refuses each marking SPEC §5 does not offer, saying why, and writes nothing", async () => {
      /** Sends an edit that must be refused with a 400 and this message, and checks nothing changed. */
      const refused = async (method: 'POST' | 'DELETE', body: unknown, message: RegExp) => {
        const [mapsBefore, auditBefore] = [await maps('isco08,soc2020'), await auditCount()];
        const response = await admin.request(method, '/api/links', { json: body });
        expect(response.status, `${method} ${JSON.stringify(body)}`).toBe(400);
        expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(message);
        expect(await maps('isco08,soc2020')).toEqual(mapsBefore);
        expect(await auditCount()).toBe(auditBefore);
      };
      const accepted = async (method: 'POST' | 'DELETE', body: unknown) => {
        const response = await admin.request(method, '/api/links', { json: body });
        expect(response.status, `${method} ${JSON.stringify(body)}: ${await response.clone().text()}`).toBe(204);
      };
      const countBefore = await count();
      // ISCO 13 > 131 > 1311, 1312 and 13 > 132 > 1321, 1322, 1323; 1311 gets a real link.
      await accepted('POST', link('isco08', '1311', 'soc2020', '1211'));

      // 'Mark as unlinkable' and 'Default to parent' only for a code with no links there.
      await refused('POST', link('isco08', '1311', 'soc2020', 'unlinkable'), /^'Mark as unlinkable' is not possible for 1311 in isco08 towards soc2020: it has 1 link there\.$/);
      await refused('POST', link('isco08', '1311', 'soc2020', 'default-to-parent'), /^'Default to parent' is not possible for 1311 in isco08 towards soc2020: it has 1 link there\.$/);

      // A code marked unlinkable: not linked (from either side, alone or in a bulk link), not defaulting.
      await accepted('POST', link('isco08', '1312', 'soc2020', 'unlinkable'));
      await refused('POST', link('soc2020', '1212', 'isco08', '1312'), /1312 in isco08 \(towards soc2020\) is marked unlinkable: mark it as linkable before linking it/);
      await refused('POST', link('isco08', '1312', 'soc2020', '1212', 'exactMatch'), /1312 in isco08 \(towards soc2020\) is marked unlinkable/);
      await refused('POST', link('isco08', '1312', 'soc2020', 'default-to-parent'), /'Default to parent' is not possible .*: it is marked unlinkable there\./);
      const countWithLink = await count();
      const bulk = await admin.post('/api/links/bulk', { subjectNodeID: '1212', subjectScheme: 'soc2020', objectsNodeIDs: ['1321', '1312'], objectsScheme: 'isco08' });
      expect(bulk.status).toBe(400);
      expect(JSON.stringify(await bulk.json())).toMatch(/1312 in isco08 \(towards soc2020\) is marked unlinkable/);
      expect(await count()).toBe(countWithLink);

      // Marking again what is marked, or taking back a mark never made, is harmless and writes nothing.
      const [auditBefore, etagBefore] = [await auditCount(), (await member.get('/api/links/maps?schemes=isco08,soc2020')).headers.get('etag')];
      await accepted('POST', link('isco08', '1312', 'soc2020', 'unlinkable'));
      await accepted('DELETE', link('isco08', '1323', 'soc2020', 'default-to-parent'));
      await accepted('DELETE', link('isco08', '1323', 'soc2020', 'unlinkable'));
      expect(await auditCount()).toBe(auditBefore);
      expect((await member.get('/api/links/maps?schemes=isco08,soc2020')).headers.get('etag')).toBe(etagBefore);
      await accepted('DELETE', link('isco08', '1312', 'soc2020', 'unlinkable'));
      expect((await maps('isco08,soc2020')).maps.isco08!['1312']).toBeUndefined();

      // 'Mark as linkable' only for an unlinkable code whose children have no links there.
      await accepted('POST', link('isco08', '131', 'soc2020', 'unlinkable'));
      await refused('DELETE', link('isco08', '131', 'soc2020', 'unlinkable'), /^'Mark as linkable' is not possible for 131 in isco08 towards soc2020: its children have 1 link there\.$/);

      // 'Stop default to parent' only with no links below, and no link besides the default.
      await accepted('POST', link('isco08', '13', 'soc2020', 'default-to-parent'));
      await refused('DELETE', link('isco08', '13', 'soc2020', 'default-to-parent'), /^'Stop default to parent' is not possible for 13 in isco08 towards soc2020: the codes below it have 1 link there\.$/);
      await accepted('POST', link('isco08', '1321', 'soc2020', 'default-to-parent'));
      await accepted('POST', link('soc2020', '1221', 'isco08', '1321'));
      await refused('DELETE', link('isco08', '1321', 'soc2020', 'default-to-parent'), /'Stop default to parent' is not possible .*: it has 1 link there besides its default; clear all its links instead\./);

      // 'Mark as unlinkable' not for a code defaulting to its parent.
      await accepted('POST', link('isco08', '1322', 'soc2020', 'default-to-parent'));
      await refused('POST', link('isco08', '1322', 'soc2020', 'unlinkable'), /'Mark as unlinkable' is not possible .*: it defaults to its parent there; stop that first\./);

      // Once the links below are gone, the same requests are made; a real link still never counts a mark as a link.
      await accepted('DELETE', link('isco08', '1311', 'soc2020', '1211'));
      await accepted('DELETE', link('isco08', '131', 'soc2020', 'unlinkable'));
      expect((await admin.post('/api/links/clear', { nodeID: '1321', scheme: 'isco08', targetScheme: 'soc2020' })).status).toBe(204);
      await accepted('DELETE', link('isco08', '13', 'soc2020', 'default-to-parent'));
      await accepted('DELETE', link('isco08', '1322', 'soc2020', 'default-to-parent'));
      const pair = await maps('isco08,soc2020');
      for (const value of ['13', '131', '1311', '1312', '1321', '1322']) expect(pair.maps.isco08![value], value).toBeUndefined();
      expect(await count()).toBe(countBefore);
    });

    it('keeps the last acknowledged of many concurrent toggles of one link by two admins', async () => {
      const { client: second } = await env.signIn('cy', 'admin');
      const ends = [{ scheme: 'isco08', value: '1212' }, { scheme: 'soc2020', value: '1224' }] as const;
      const body = link(ends[0].scheme, ends[0].value, ends[1].scheme, ends[1].value);
      const relations = ['closeMatch', 'exactMatch', 'broadMatch', 'narrowMatch', 'relatedMatch'] as const;
      for (let round = 0; round < 6; round++) {
        /** Each call's outcome (the relation it made, or null for a delete), in the order their answers came. */
        const acknowledged: (string | null)[] = [];
        const calls = [admin, second].flatMap((client, side) =>
          Array.from({ length: 5 }, async (_, index) => {
            const create = (round + side + index) % 2 === 0;
            const relation = relations[(round + index + side * 2) % relations.length]!;
            const response = create ? await client.post('/api/links', { ...body, relation }) : await client.request('DELETE', '/api/links', { json: body });
            expect(response.status).toBe(204);
            acknowledged.push(create ? relation : null);
          }),
        );
        await Promise.all(calls);
        const last = acknowledged.at(-1);
        // The store holds what the last answered call made, and the link's record agrees (confirm finds it, or not).
        expect(relationBetween(await maps('isco08,soc2020'), ends[0], ends[1]), `round ${round}: ${acknowledged.join(', ')}`).toBe(last);
        expect((await admin.post('/api/links/confirm', body)).status).toBe(last ? 204 : 404);
      }
      expect((await admin.request('DELETE', '/api/links', { json: body })).status).toBe(204);
    });

    it('links one code to many, clears a code towards a scheme, and deletes one link', async () => {
      const before = await count();
      expect((await admin.post('/api/links/bulk', { subjectNodeID: '1120', subjectScheme: 'isco08', objectsNodeIDs: [soc.third, '1122', '1123'], objectsScheme: 'soc2020' })).status).toBe(204);
      expect(await count()).toBe(before + 3);
      expect((await maps('isco08')).maps.isco08!['1120']).toEqual({ soc2020: expect.arrayContaining([soc.third, '1122', '1123']) });
      expect((await admin.request('DELETE', '/api/links', { json: link('soc2020', '1122', 'isco08', '1120') })).status).toBe(204);
      expect(await count()).toBe(before + 2);
      expect((await admin.post('/api/links/clear', { nodeID: '1120', scheme: 'isco08', targetScheme: 'soc2020' })).status).toBe(204);
      expect(await count()).toBe(before);
      const refused = await admin.post('/api/links/bulk', { subjectNodeID: '112', subjectScheme: 'isco08', objectsNodeIDs: ['112', soc.third], objectsScheme: 'soc2020' });
      expect(refused.status).toBe(400);
      expect(await count()).toBe(before);
    });

    it('answers 304 for unchanged maps, and new maps after an edit', async () => {
      const first = await member.get('/api/links/maps?schemes=isco08,soc2020');
      const etag = first.headers.get('etag')!;
      expect((await member.get('/api/links/maps?schemes=isco08,soc2020', { headers: { 'if-none-match': etag } })).status).toBe(304);
      expect((await admin.post('/api/links', link('isco08', '1113', 'soc2020', '1131'))).status).toBe(204);
      const changed = await member.get('/api/links/maps?schemes=isco08,soc2020', { headers: { 'if-none-match': etag } });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
    });

    it('exports the pair as SSSOM TSV and as CSV, read from the source scheme to the target', async () => {
      const sssom = await member.get('/api/crosswalks/soc2020/isco08');
      expect(sssom.status).toBe(200);
      expect(sssom.headers.get('content-disposition')).toContain('soc2020-isco08.sssom.tsv');
      const text = await sssom.text();
      expect(text).toMatch(/^# curie_map:\n# {3}soc2020: https:\/\/w3id\.org\/occupation-graph\/soc2020\/\n/);
      expect(text).toContain('# license: https://w3id.org/sssom/license/unspecified\n');
      const table = text.split('\n').filter((line) => line && !line.startsWith('#'));
      expect(table[0]).toBe('subject_id\tsubject_label\tpredicate_id\tobject_id\tobject_label\tmapping_justification\tconfidence\tauthor_id\tcreator_id\tmapping_date\tcomment');
      const row = table.find((line) => line.startsWith(`soc2020:${soc.otherLeaf}\t`))!.split('\t');
      expect([row[2], row[3], row[5]]).toEqual(['skos:exactMatch', `isco08:${isco.otherLeaf}`, 'semapv:ManualMappingCuration']);
      expect(table.length - 1).toBe(await count());
      const csv = await (await member.get('/api/crosswalks/isco08/soc2020?format=csv')).text();
      expect(csv.split('\r\n')[0]).toBe('source_code,target_code,relation,source_name,target_name');
      expect(csv).toContain(`${isco.leaf},${soc.leaf},closeMatch,`);
      expect((await member.get('/api/crosswalks/isco08/isco08')).status).toBe(400);
      expect((await member.get('/api/crosswalks/isco08/nope')).status).toBe(404);
    });

    it("tells every page following the pair that its links changed, within a second of another admin's edit", async () => {
      const { client: otherAdmin } = await env.signIn('bo', 'admin');
      const watching = new JobSocket(env.url, otherAdmin.cookieHeader);
      const elsewhere = new JobSocket(env.url, member.cookieHeader);
      try {
        await Promise.all([watching.connected(), elsewhere.connected()]);
        const heard: unknown[] = [];
        watching.socket.on('links:changed', (change) => heard.push(change));
        expect(await new Promise((resolve) => watching.socket.emit('links:subscribe', ['soc2020', 'isco08'], resolve))).toEqual({ ok: true });
        expect(await new Promise((resolve) => elsewhere.socket.emit('links:subscribe', ['isco08', 'isco08'], resolve))).toEqual({ ok: false, error: 'Name two different schemes.' });
        const sent = Date.now();
        expect((await admin.post('/api/links', link('isco08', '1114', 'soc2020', '1132'))).status).toBe(204);
        await waitFor('the other admin to hear of the change', () => heard.length > 0, { timeoutMs: 1_000 });
        expect(Date.now() - sent).toBeLessThan(1_000);
        expect(heard).toEqual([{ schemes: ['isco08', 'soc2020'] }]);
        // A refused edit, or one that changes nothing, tells no one; the next real edit is the next thing heard.
        expect((await admin.post('/api/links', link('isco08', '1114', 'soc2020', 'unlinkable'))).status).toBe(400);
        expect((await admin.request('DELETE', '/api/links', { json: link('isco08', '1114', 'soc2020', 'default-to-parent') })).status).toBe(204);
        expect((await admin.request('DELETE', '/api/links', { json: link('isco08', '1114', 'soc2020', '1132') })).status).toBe(204);
        await waitFor('the other admin to hear of the second change', () => heard.length > 1, { timeoutMs: 1_000 });
        expect(heard).toHaveLength(2);
      } finally {
        watching.close();
        elsewhere.close();
      }
    });

    it("flags a link when one of its codes changes after it was made, says what changed, and clears the flag once confirmed", async () => {
      const stale = async () => ((await (await member.get('/api/links/stale?schemes=soc2020,isco08')).json()) as StaleLinks).stale;
      const rename = async (value: string, name: string) => {
        const { lookup } = (await (await admin.get('/api/schemes/soc2020/tree')).json()) as { lookup: Record<string, { version: string }> };
        const response = await admin.request('PATCH', `/api/schemes/soc2020/codes/${value}`, { json: { name }, headers: { 'if-match': `"${lookup[value]!.version}"` } });
        expect(response.status).toBe(200);
      };
      expect((await admin.post('/api/links', link('isco08', '1211', 'soc2020', '1133'))).status).toBe(204);
      expect(await stale()).toEqual([]);
      await rename('1133', 'Renamed since linked');
      expect(await stale()).toEqual([
        {
          first: { scheme: 'isco08', value: '1211' },
          second: { scheme: 'soc2020', value: '1133' },
          madeAt: expect.any(String),
          changes: [{ code: { scheme: 'soc2020', value: '1133' }, at: expect.any(String), fields: ['name'] }],
        },
      ]);
      expect((await admin.post('/api/links/confirm', link('soc2020', '1133', 'isco08', '1211'))).status).toBe(204);
      expect(await stale()).toEqual([]);
      await rename('1133', 'Renamed again');
      expect((await stale()).map((entry) => entry.second.value)).toEqual(['1133']);
      expect((await admin.request('DELETE', '/api/links', { json: link('isco08', '1211', 'soc2020', '1133') })).status).toBe(204);
      expect(await stale()).toEqual([]);
      expect((await admin.post('/api/links/confirm', link('isco08', '1211', 'soc2020', '1133'))).status).toBe(404);
    });

    it('lets members read and only admins write, and records every write in the audit log', async () => {
      expect((await member.post('/api/links', link('isco08', isco.leaf, 'soc2020', soc.otherLeaf))).status).toBe(403);
      expect((await member.get('/api/links/count')).status).toBe(200);
      const audit = await env.app.db.query<{ action: string; n: string }>("SELECT action, count(*) AS n FROM audit_log WHERE action LIKE 'link.%' GROUP BY action ORDER BY action");
      expect(audit.rows.map((row) => row.action)).toEqual(['link.bulk', 'link.clear', 'link.create', 'link.delete']);
    });
  });
}
