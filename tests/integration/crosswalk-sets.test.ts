import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import { removeCrosswalkSet } from '../../workers/src/crosswalk-sets/remove-crosswalk-set.js';
import type { JobRun } from '../../shared/src/contracts/jobs.js';
import type { CrosswalkSets, LinkMaps } from '../../shared/src/contracts/links.js';
import type { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';
import { type PrivateVirtuoso, startVirtuoso } from '../support/virtuoso.js';

/**
 * Crosswalk sets: each import is a set that can be listed and taken back. The same file imported
 * twice adds nothing; a set's removal takes out its links that no one edited or confirmed since,
 * keeps (and lists) the others, and is audited; a set's links keep their facts through an SSSOM
 * export imported elsewhere. Against the embedded store and a private Virtuoso 7.
 */

const data = path.resolve(import.meta.dirname, '../../../shared/data');
const socIsco = fs.readFileSync(path.join(data, 'crosswalks/soc2020-isco08.csv'));
const socIscoRows = Papa.parse<Record<string, string>>(socIsco.toString('utf8'), { header: true, skipEmptyLines: true }).data;
const socIscoPairs = new Set(socIscoRows.map((row) => `${row.source_code} ${row.target_code}`));

/** Three SOC 2020 → ISCO-08 links the ONS file does not have, as an SSSOM file with its own set metadata and comments. */
const extraLinks = [
  { soc: '1111', isco: '2111', comment: 'Chief executives who are physicists' },
  { soc: '1112', isco: '2112', comment: 'Directors, meteorologists' },
  { soc: '1121', isco: '2113', comment: 'Production managers, chemists' },
];
const sssomFile = [
  '# curie_map:',
  '#   soc2020: https://w3id.org/occupation-graph/soc2020/',
  '#   isco08: https://w3id.org/occupation-graph/isco08/',
  '#   semapv: https://w3id.org/semapv/vocab/',
  '#   skos: http://www.w3.org/2004/02/skos/core#',
  '# mapping_set_id: https://example.org/mappings/soc-isco-extra',
  '# license: https://creativecommons.org/licenses/by/4.0/',
  'subject_id\tpredicate_id\tobject_id\tmapping_justification\tconfidence\tcomment',
  ...extraLinks.map((link) => `soc2020:${link.soc}\tskos:relatedMatch\tisco08:${link.isco}\tsemapv:LexicalMatching\t0.5\t${link.comment}`),
  '',
].join('\n');

const valueOf = (iri: string) => decodeURIComponent(iri.slice(iri.lastIndexOf('/') + 1));

interface Side {
  env: TestEnvironment;
  admin: HttpClient;
  adminId: string;
  member: HttpClient;
}

async function startSide(env: TestEnvironment): Promise<Side> {
  for (const scheme of ['soc2020', 'isco08'] as const) {
    await importScheme(env.app.schemes, { scheme, text: fs.readFileSync(path.join(data, 'schemes', `${scheme}.csv`), 'utf8'), format: 'csv', actorId: null });
  }
  const { client, user } = await env.signIn('ada', 'admin');
  return { env, admin: client, adminId: user.id, member: (await env.signIn('mo', 'member')).client };
}

async function importFile(side: Side, fileName: string, content: string | Buffer, fields: Record<string, string>): Promise<JobRun> {
  const response = await side.admin.upload('/api/crosswalks', fileName, content, fields);
  expect(response.status, await response.clone().text()).toBe(202);
  return waitForJob(side.admin, ((await response.json()) as { jobId: string }).jobId, 120_000);
}

const linkCount = async (side: Side) => ((await (await side.member.get('/api/links/count')).json()) as { count: number }).count;
const listSets = async (side: Side) => {
  const response = await side.member.get('/api/crosswalks/sets?schemes=isco08,soc2020');
  expect(response.status).toBe(200);
  return ((await response.json()) as CrosswalkSets).sets;
};
const relations = async (side: Side) => ((await (await side.member.get('/api/links/maps?schemes=soc2020,isco08')).json()) as LinkMaps).relations;

interface FactRow {
  first_iri: string;
  second_iri: string;
  weight: number | null;
  justification: string;
  comment: string | null;
  set_id: string | null;
  source: string | null;
}
const factRows = async (side: Side, where = 'true', values: unknown[] = []) =>
  (await side.env.app.db.query<FactRow>(`SELECT first_iri, second_iri, weight, justification, comment, set_id, source FROM link_records WHERE ${where} ORDER BY first_iri, second_iri`, values)).rows;

/** Each link's facts keyed by its codes (SOC 2020 code, then ISCO-08 code; ISCO-08 sorts first, so it is the first end). */
async function factsByLink(side: Side): Promise<Map<string, { relation: string | undefined; weight: number | null; justification: string; comment: string | null }>> {
  const related = await relations(side);
  return new Map(
    (await factRows(side)).map((row) => {
      const [isco, soc] = [valueOf(row.first_iri), valueOf(row.second_iri)];
      return [`${soc} ${isco}`, { relation: related[`isco08:${isco} soc2020:${soc}`], weight: row.weight, justification: row.justification, comment: row.comment }];
    }),
  );
}

for (const store of ['embedded', 'virtuoso'] as const) {
  describe(`crosswalk sets (${store} store)`, () => {
    let virtuoso: PrivateVirtuoso | null = null;
    let side: Side;
    let setId: string;
    beforeAll(async () => {
      virtuoso = store === 'virtuoso' ? await startVirtuoso() : null;
      const env = await startTestEnvironment({ workers: true, ...(virtuoso ? { env: { SPARQL_QUERY_URL: virtuoso.queryUrl, SPARQL_UPDATE_URL: virtuoso.updateUrl } } : {}) });
      side = await startSide(env);
    }, 180_000);
    afterAll(async () => {
      await side?.env.close();
      await virtuoso?.stop();
    });

    it('makes each import a set, with counts as weights summing to 1 per source code; the same file read the same way again adds nothing', async () => {
      const fields = { source: 'soc2020', target: 'isco08', weightColumn: 'n_index_entries', name: 'ONS coding index', license: 'https://example.org/ons-terms', justification: 'semapv:LexicalMatching' };
      const job = await importFile(side, 'soc2020-isco08.csv', socIsco, fields);
      expect(job.state, job.error ?? '').toBe('completed');
      expect(job.result).toMatchObject({ imported: socIscoRows.length, alreadyPresent: 0, refused: 0, setId: expect.any(String) });
      expect(job.result).not.toHaveProperty('sameAs');
      setId = (job.result as { setId: string }).setId;

      const rows = await factRows(side, 'set_id = $1', [setId]);
      expect(rows).toHaveLength(socIscoRows.length);
      const sums = new Map<string, number>();
      for (const row of rows) {
        expect(row.justification).toBe('semapv:LexicalMatching');
        sums.set(row.second_iri, (sums.get(row.second_iri) ?? 0) + row.weight!);
      }
      expect(sums.size).toBe(new Set(socIscoRows.map((row) => row.source_code)).size);
      for (const [code, sum] of sums) expect(sum, code).toBeCloseTo(1, 12);

      const again = await importFile(side, 'soc2020-isco08 (copy).csv', socIsco, fields);
      expect(again.state, again.error ?? '').toBe('completed');
      expect(again.result).toMatchObject({ imported: 0, alreadyPresent: socIscoRows.length, refused: 0, sameAs: setId });
      expect(again.result).not.toHaveProperty('setId');
      expect(await linkCount(side)).toBe(socIscoRows.length);
      expect((await listSets(side)).map((set) => set.id)).toEqual([setId]);
    });

    it("exports a pair that is one set's links as that set (its mapping_set_id, name and licence), which imported elsewhere is a set with the same id and licence", async () => {
      const [set] = await listSets(side);
      const exported = await side.admin.get('/api/crosswalks/soc2020/isco08?format=sssom');
      expect(exported.status).toBe(200);
      const text = await exported.text();
      const metadata = text.split('\n').filter((line) => line.startsWith('#'));
      expect(metadata).toContain(`# mapping_set_id: ${side.env.app.schemes.iris.baseIri}crosswalk-sets/${setId}`);
      expect(metadata).toContain('# mapping_set_title: ONS coding index');
      expect(metadata).toContain('# license: https://example.org/ons-terms');
      expect(set!.mappingSetId).toBe(`${side.env.app.schemes.iris.baseIri}crosswalk-sets/${setId}`);
      // Each mapping's creator is the set, a CURIE of the prefix the curie_map declares.
      expect(metadata).toContain(`#   ogset: ${side.env.app.schemes.iris.baseIri}crosswalk-sets/`);
      const creators = new Set(text.split('\n').filter((line) => line.startsWith('soc2020:')).map((line) => line.split('\t')[8]));
      expect(creators).toEqual(new Set([`ogset:${setId}`]));

      const other = await startSide(await startTestEnvironment({ workers: true }));
      try {
        const job = await importFile(other, 'soc2020-isco08.sssom.tsv', text, { source: 'soc2020', target: 'isco08' });
        expect(job.state, job.error ?? '').toBe('completed');
        expect(job.result).toMatchObject({ imported: socIscoRows.length, alreadyPresent: 0, refused: 0 });
        const sets = await listSets(other);
        expect(sets).toHaveLength(1);
        expect(sets[0]).toMatchObject({ mappingSetId: set!.mappingSetId, license: 'https://example.org/ons-terms', links: socIscoRows.length });
        expect(sets[0]!.id).not.toBe(setId);
      } finally {
        await other.env.close();
      }
    }, 240_000);

    it('lists the sets of a pair, either way round, to any signed-in user', async () => {
      const sssom = await importFile(side, 'extra.sssom.tsv', sssomFile, { source: 'soc2020', target: 'isco08' });
      expect(sssom.state, sssom.error ?? '').toBe('completed');
      expect(sssom.result).toMatchObject({ imported: 3, refused: 0 });
      for (const link of extraLinks) expect(socIscoPairs.has(`${link.soc} ${link.isco}`)).toBe(false);

      const sets = await listSets(side);
      expect(sets).toHaveLength(2);
      expect(sets[0]).toMatchObject({
        id: setId,
        name: 'ONS coding index',
        fileName: 'soc2020-isco08.csv',
        source: 'soc2020',
        target: 'isco08',
        mappingSetId: `${side.env.app.schemes.iris.baseIri}crosswalk-sets/${setId}`,
        license: 'https://example.org/ons-terms',
        origin: null,
        createdBy: { id: side.adminId, name: expect.any(String) },
        imported: socIscoRows.length,
        alreadyPresent: 0,
        refused: 0,
        links: socIscoRows.length,
      });
      expect(sets[1]).toMatchObject({ name: 'extra.sssom.tsv', mappingSetId: 'https://example.org/mappings/soc-isco-extra', license: 'https://creativecommons.org/licenses/by/4.0/', imported: 3, links: 3 });
      // Either order of the pair; a pair of one scheme, or a scheme that is none, is a 400.
      expect(((await (await side.member.get('/api/crosswalks/sets?schemes=soc2020,isco08')).json()) as CrosswalkSets).sets).toEqual(sets);
      expect((await side.member.get('/api/crosswalks/sets?schemes=soc2020,soc2020')).status).toBe(400);
      expect((await side.member.get('/api/crosswalks/sets?schemes=soc2020,nope')).status).toBe(400);
      // The SSSOM comments are the links' comments.
      const comments = (await factRows(side, 'comment IS NOT NULL')).map((row) => `${valueOf(row.second_iri)} ${valueOf(row.first_iri)} ${row.comment}`);
      expect(comments.sort()).toEqual(extraLinks.map((link) => `${link.soc} ${link.isco} ${link.comment}`).sort());
    });

    it("keeps a set's facts through its SSSOM export imported into another environment", async () => {
      const exported = await side.admin.get('/api/crosswalks/soc2020/isco08?format=sssom');
      expect(exported.status).toBe(200);
      const text = await exported.text();
      // Two sets' links: the pair's own mapping_set_id and the app's licence, each mapping naming its set.
      expect(text).toContain(`# mapping_set_id: ${side.env.app.schemes.iris.baseIri}crosswalks/soc2020-isco08\n`);
      expect(text).toContain(`# license: ${side.env.config.crosswalkLicense}\n`);
      const sets = await listSets(side);
      const creators = new Set(text.split('\n').filter((line) => line.startsWith('soc2020:')).map((line) => line.split('\t')[8]));
      expect(creators).toEqual(new Set(sets.map((set) => `ogset:${set.id}`)));
      const other = await startSide(await startTestEnvironment({ workers: true }));
      try {
        const job = await importFile(other, 'soc2020-isco08.sssom.tsv', text, { source: 'soc2020', target: 'isco08' });
        expect(job.state, job.error ?? '').toBe('completed');
        expect(job.result).toMatchObject({ imported: socIscoRows.length + 3, alreadyPresent: 0, refused: 0 });
        const original = await factsByLink(side);
        expect(original.size).toBe(socIscoRows.length + 3);
        for (const facts of original.values()) expect(facts.relation).toBeDefined();
        const copied = await factsByLink(other);
        expect([...copied.entries()].sort()).toEqual([...original.entries()].sort());
        const [set] = ((await (await other.member.get('/api/crosswalks/sets?schemes=soc2020,isco08')).json()) as CrosswalkSets).sets;
        expect(set).toMatchObject({ fileName: 'soc2020-isco08.sssom.tsv', imported: socIscoRows.length + 3, links: socIscoRows.length + 3 });
      } finally {
        await other.env.close();
      }
    }, 240_000);

    it('takes a set back as one audited job, keeping (and listing) the links edited or confirmed since', async () => {
      const [edited, confirmed] = socIscoRows;
      const link = (row: Record<string, string>, relation?: string) => ({ sourceScheme: 'soc2020', sourceNodeID: row.source_code, targetScheme: 'isco08', targetNodeID: row.target_code, ...(relation ? { relation } : {}) });
      expect((await side.admin.post('/api/links', link(edited!, 'exactMatch'))).status).toBe(204);
      expect((await side.admin.post('/api/links/confirm', link(confirmed!))).status).toBe(204);
      // The edited link is still the set's (until the set goes), no longer as the import made it.
      const [record] = await factRows(side, 'second_iri LIKE $1 AND first_iri LIKE $2', [`%/soc2020/${edited!.source_code}`, `%/isco08/${edited!.target_code}`]);
      expect(record).toMatchObject({ set_id: setId, source: null });

      expect((await side.member.request('DELETE', `/api/crosswalks/sets/${setId}`)).status).toBe(403);
      expect((await side.admin.request('DELETE', '/api/crosswalks/sets/00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await side.admin.request('DELETE', '/api/crosswalks/sets/not-a-set')).status).toBe(404);
      const response = await side.admin.request('DELETE', `/api/crosswalks/sets/${setId}`);
      expect(response.status).toBe(202);
      const job = await waitForJob(side.admin, ((await response.json()) as { jobId: string }).jobId, 120_000);
      expect(job.state, job.error ?? '').toBe('completed');
      expect(job.kind).toBe('crosswalk.remove-set');
      expect(job.result).toEqual({
        removed: socIscoRows.length - 2,
        kept: 2,
        keptLinks: [
          { first: { scheme: 'soc2020', value: edited!.source_code }, second: { scheme: 'isco08', value: edited!.target_code }, why: 'edited' },
          { first: { scheme: 'soc2020', value: confirmed!.source_code }, second: { scheme: 'isco08', value: confirmed!.target_code }, why: 'confirmed' },
        ].sort((a, b) => (`${a.second.value} ${a.first.value}` < `${b.second.value} ${b.first.value}` ? -1 : 1)),
      });

      // The kept links and the other set's are all that is left; the set is gone.
      expect(await linkCount(side)).toBe(2 + 3);
      const left = await relations(side);
      expect(left[`isco08:${edited!.target_code} soc2020:${edited!.source_code}`]).toBe('exactMatch');
      expect(left[`isco08:${confirmed!.target_code} soc2020:${confirmed!.source_code}`]).toBe('closeMatch');
      const sets = await listSets(side);
      expect(sets.map((set) => set.name)).toEqual(['extra.sssom.tsv']);
      expect(sets[0]!.links).toBe(3);
      expect(await factRows(side, 'set_id IS NULL')).toHaveLength(2);
      const audit = await side.env.app.db.query<{ actor_id: string; after: { setId: string; removed: number; kept: number } }>(`SELECT actor_id, after FROM audit_log WHERE action = 'crosswalk.remove-set'`);
      expect(audit.rows).toEqual([{ actor_id: side.adminId, after: { setId, removed: socIscoRows.length - 2, kept: 2 } }]);

      // Asked again (a retried request, or another admin's), it is a 404: the set is gone.
      expect((await side.admin.request('DELETE', `/api/crosswalks/sets/${setId}`)).status).toBe(404);
      // The job retried after it finished changes nothing and answers what the removal recorded.
      const retried = await removeCrosswalkSet({ schemes: side.env.app.schemes, db: side.env.app.db }, { setId }, { actorId: side.adminId, report: async () => undefined, signal: new AbortController().signal });
      expect(retried).toEqual({ result: { removed: socIscoRows.length - 2, kept: 2, keptLinks: [] }, pair: null });
      expect(await linkCount(side)).toBe(2 + 3);
    });

    it('takes a set back while an admin edits one of its links: the edit is kept whichever comes first', async () => {
      // The same file again: its set was taken back, so it is a new set (the two links kept before are already present).
      const job = await importFile(side, 'soc2020-isco08.csv', socIsco, { source: 'soc2020', target: 'isco08', weightColumn: 'n_index_entries' });
      expect(job.result).toMatchObject({ imported: socIscoRows.length - 2, alreadyPresent: 2, setId: expect.any(String) });
      const newSetId = (job.result as { setId: string }).setId;
      const row = socIscoRows[10]!;
      const edit = { sourceScheme: 'soc2020', sourceNodeID: row.source_code, targetScheme: 'isco08', targetNodeID: row.target_code, relation: 'narrowMatch' };

      const [removal, edited] = await Promise.all([side.admin.request('DELETE', `/api/crosswalks/sets/${newSetId}`), side.admin.post('/api/links', edit)]);
      expect(removal.status).toBe(202);
      expect(edited.status).toBe(204);
      const done = await waitForJob(side.admin, ((await removal.json()) as { jobId: string }).jobId, 120_000);
      expect(done.state, done.error ?? '').toBe('completed');
      const result = done.result as { removed: number; kept: number; keptLinks: { first: { value: string }; second: { value: string }; why: string }[] };
      expect(result.removed + result.kept).toBe(socIscoRows.length - 2);
      // Edited before the removal: kept as edited; after it: made anew. Either way it is there, in no set (narrowMatch from SOC 2020, broadMatch read from ISCO-08).
      const keptEdit = result.keptLinks.some((link) => link.first.value === row.source_code && link.second.value === row.target_code && link.why === 'edited');
      expect(result.kept).toBe(keptEdit ? 1 : 0);
      expect((await relations(side))[`isco08:${row.target_code} soc2020:${row.source_code}`]).toBe('broadMatch');
      expect(await linkCount(side)).toBe(2 + 3 + 1);
      expect(await factRows(side, 'set_id = $1', [newSetId])).toEqual([]);
      expect((await listSets(side)).map((set) => set.name)).toEqual(['extra.sssom.tsv']);
    });

    it('takes out the rest when a removal stopped half-way is run again, counting every link it took out', async () => {
      const job = await importFile(side, 'soc2020-isco08.csv', socIsco, { source: 'soc2020', target: 'isco08', weightColumn: 'n_index_entries' });
      const added = socIscoRows.length - 3; // the two kept before and the edited one are present already
      expect(job.result).toMatchObject({ imported: added, alreadyPresent: 3 });
      const input = { setId: (job.result as { setId: string }).setId };
      const deps = { schemes: side.env.app.schemes, db: side.env.app.db };

      // The worker stops after its first chunk (a shutdown): the job's next attempt runs it again.
      const stopping = new AbortController();
      const reports: number[] = [];
      const stopAfterFirstChunk = async (progress: { done: number }) => {
        reports.push(progress.done);
        if (progress.done > 0) stopping.abort();
      };
      await expect(removeCrosswalkSet(deps, input, { actorId: side.adminId, report: stopAfterFirstChunk, signal: stopping.signal })).rejects.toThrow();
      expect(reports).toEqual([0, 1_000]);
      expect(await linkCount(side)).toBe(6 + added - 1_000);

      const { result } = await removeCrosswalkSet(deps, input, { actorId: side.adminId, report: async () => undefined, signal: new AbortController().signal });
      expect(result).toEqual({ removed: added, kept: 0, keptLinks: [] });
      expect(await linkCount(side)).toBe(6);
      expect((await listSets(side)).map((set) => set.name)).toEqual(['extra.sssom.tsv']);
    });
  });
}
