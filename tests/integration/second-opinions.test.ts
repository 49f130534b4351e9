import Papa from 'papaparse';
import { type ConversionRow, storeSampleTitles } from '../../api/src/db/queries/conversions.js';
import { importScheme } from '../../api/src/schemes/import-scheme.js';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PredictionEntryAnswer } from '../../shared/src/contracts/predictions.js';
import type { AdjudicationSaved, AgreementReport, SecondOpinionCounts, SecondOpinionsOffered } from '../../shared/src/contracts/second-opinions.js';
import type { PredictionSetChanged } from '../../shared/src/events/job-events.js';
import type { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

/**
 * Double coding (issue 30): the owner offers a dataset set's mapped entries for a second opinion;
 * two collaborators code each other's entries blind (neither the API nor the set's socket room
 * shows them the first mapping); the agreement per HISCO level matches κ computed here; a third
 * person decides a disagreement; someone who may not see the set gets 404 everywhere.
 */

let env: TestEnvironment;
let owner: HttpClient;
let bea: HttpClient;
let cai: HttpClient;
let dan: HttpClient;
let eve: HttpClient;
let setId: string;

/** Each entry: who codes it first, their code, and the code its second reviewer gives. */
const plan = [
  { string: 'skomager', first: 'bea', firstCode: '80110', secondCode: '80110' },
  { string: 'skomagersvend', first: 'bea', firstCode: '80110', secondCode: '80120' },
  { string: 'gaardmand', first: 'bea', firstCode: '61110', secondCode: '62105' },
  { string: 'tømrer', first: 'bea', firstCode: '95410', secondCode: '95410' },
  { string: 'husmand', first: 'bea', firstCode: '61110', secondCode: '61110' },
  { string: 'skrædder', first: 'bea', firstCode: '79100', secondCode: '95410' },
  { string: 'bonde', first: 'cai', firstCode: '61110', secondCode: '61110' },
  { string: 'murer', first: 'cai', firstCode: '95120', secondCode: '95410' },
  { string: 'skomagermester', first: 'cai', firstCode: '80110', secondCode: '80110' },
  { string: 'landmand', first: 'cai', firstCode: '62105', secondCode: '61110' },
];
const unmapped = 'tjenestekarl';

const entryPath = (string: string) => `/api/prediction-sets/${setId}/entries/${encodeURIComponent(string)}`;
const setPath = (rest: string) => `/api/prediction-sets/${setId}/${rest}`;
const hisco = (code: string) => `hisco:${code}`;

beforeAll(async () => {
  env = await startTestEnvironment({ workers: true });
  owner = (await env.signIn('ola', 'member')).client;
  bea = (await env.signIn('bea', 'member')).client;
  cai = (await env.signIn('cai', 'member')).client;
  dan = (await env.signIn('dan', 'member')).client;
  eve = (await env.signIn('eve', 'member')).client;
  const titles = [...plan.map((entry) => entry.string), unmapped];
  const created = await owner.post('/api/datasets', {
    data: titles.map((title) => ({ title, code: '', totals: [1] })),
    metadata: { title: 'Parish', titleColumn: 'title', codeColumn: 'code', scheme: 'hisco', totalsColumns: ['people'] },
  });
  expect(created.status, await created.clone().text()).toBe(202);
  const dataset = (await created.json()) as { datasetId: string; jobId: string };
  expect((await waitForJob(owner, dataset.jobId, 60_000)).state).toBe('completed');
  for (const username of ['bea', 'cai', 'dan']) expect((await owner.post(`/api/datasets/${dataset.datasetId}/collaborators`, { username })).status).toBeLessThan(300);
  const file = JSON.stringify(titles.map((string) => ({ string, predictions: [{ uris: ['hisco:80110'], conf: 0.4 }] })));
  const uploaded = await owner.upload(`/api/datasets/${dataset.datasetId}/predictions`, 'parish.json', file, {});
  expect(uploaded.status, await uploaded.clone().text()).toBe(202);
  const accepted = (await uploaded.json()) as { predictionSetId: string; jobId: string };
  expect((await waitForJob(owner, accepted.jobId, 60_000)).state).toBe('completed');
  setId = accepted.predictionSetId;
  // The first reviewers code their entries through the review.
  const clients: Record<string, HttpClient> = { bea, cai };
  for (const entry of plan) {
    const saved = await clients[entry.first]!.post(entryPath(entry.string), { mappings: { nodeURIs: [hisco(entry.firstCode)], predictionURIs: [], tags: ['Master'] } });
    expect(saved.status, await saved.clone().text()).toBe(200);
  }
}, 180_000);
afterAll(async () => {
  await env?.close();
});

/** Cohen's κ computed here, apart from the app's: po, and pe from the two coders' marginal shares. */
function expectedKappa(pairs: [string, string][]): { agreement: number; kappa: number | null } {
  const n = pairs.length;
  const agreement = pairs.filter(([a, b]) => a === b).length / n;
  const categories = new Set(pairs.flat());
  let chance = 0;
  for (const category of categories) chance += (pairs.filter(([a]) => a === category).length / n) * (pairs.filter(([, b]) => b === category).length / n);
  return { agreement, kappa: chance === 1 ? null : (agreement - chance) / (1 - chance) };
}

describe('double coding', () => {
  it('lets only the owner offer entries, and offers only those a person mapped', async () => {
    expect((await bea.post(setPath('second-opinions'), { share: 1 })).status).toBe(403);
    expect((await owner.post(setPath('second-opinions'), { share: 0 })).status).toBe(400);
    expect((await owner.post(setPath('second-opinions'), { share: 1.5 })).status).toBe(400);
    const bad = await owner.post(setPath('second-opinions'), { strings: [] });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'validation_failed' } });
    // The unmapped entry is not offered; the first half now, the rest by share.
    const named = await owner.post(setPath('second-opinions'), { strings: [plan[0]!.string, unmapped] });
    expect((await named.json()) as SecondOpinionsOffered).toEqual({ entries: 1 });
    const drawn = await owner.post(setPath('second-opinions'), { share: 1 });
    expect((await drawn.json()) as SecondOpinionsOffered).toEqual({ entries: plan.length - 1 });
    expect((await owner.post(setPath('second-opinions'), { share: 1 })).status).toBe(200);
    expect((await (await dan.get(setPath('second-opinions'))).json()) as SecondOpinionCounts).toEqual({ offered: plan.length, answered: 0, pending: plan.length, forYou: plan.length });
    const beaFirst = plan.filter((entry) => entry.first === 'bea').length;
    expect((await (await bea.get(setPath('second-opinions'))).json()) as SecondOpinionCounts).toMatchObject({ pending: plan.length, forYou: plan.length - beaFirst });
  });

  it('hides a waiting entry\'s mapping from all but its first reviewer: entry reads, saves over it, exports', async () => {
    const read = async (client: HttpClient, string: string) => {
      const response = await client.get(entryPath(string));
      expect(response.status).toBe(200);
      return (await response.json()) as PredictionEntryAnswer;
    };
    // Bea coded 'gaardmand' first (61110, tagged Master): she reads her mapping as it is.
    const own = await read(bea, 'gaardmand');
    expect(own.predictionEntry.mappings).toMatchObject({ nodeURIs: [hisco('61110')], tags: ['Master'] });
    expect(own.predictionEntry.awaitingSecondOpinion).toBeUndefined();
    // Everyone else, the owner included, reads it blind, and is told why.
    for (const client of [cai, dan, owner]) {
      const blind = await read(client, 'gaardmand');
      expect(blind.predictionEntry.mappings).toMatchObject({ nodeURIs: [], predictionURIs: [], tags: [], treeNodes: [] });
      expect(blind.predictionEntry.awaitingSecondOpinion).toBe(true);
      expect(JSON.stringify(blind)).not.toMatch(/61110|Master/);
    }
    // The review's first entry (file order, mapped ones) is read the same way.
    const first = await dan.get(setPath('entries/_first?filter=mapped&order=file&threshold=1'));
    const firstEntry = ((await first.json()) as PredictionEntryAnswer).predictionEntry;
    expect(firstEntry).toMatchObject({ string: 'skomager', awaitingSecondOpinion: true, mappings: { nodeURIs: [], tags: [] } });
    // An entry no one offered reads as ever.
    expect((await read(dan, unmapped)).predictionEntry.awaitingSecondOpinion).toBeUndefined();

    // Nobody but its first reviewer saves over it: not alone, not ticked beside another entry, not with a stale version (whose refusal would send the mapping).
    const mappings = { nodeURIs: [hisco('95410')], predictionURIs: [], tags: [] };
    for (const body of [{ mappings }, { mappings, version: 0 }]) {
      const refused = await cai.post(entryPath('gaardmand'), body);
      expect(refused.status).toBe(403);
      const text = await refused.text();
      expect(text).toContain('waits for a second opinion');
      expect(text).not.toMatch(/61110|Master/);
    }
    expect((await owner.post(entryPath(unmapped), { mappings, alsoStrings: ['gaardmand'] })).status).toBe(403);
    expect((await read(bea, 'gaardmand')).predictionEntry.mappings.nodeURIs).toEqual([hisco('61110')]);
    expect((await read(bea, unmapped)).predictionEntry.mappings.nodeURIs).toEqual([]);
    // An audit's 'wrong' answer on it counts, but leaves the mapping its auditor may not see.
    const audit = (await (await dan.post(setPath('audits'), { size: 100 })).json()) as { auditId: string; entries: string[] };
    expect(audit.entries).toContain('gaardmand');
    const answered = await dan.post(setPath(`audits/${audit.auditId}/answers`), { string: 'gaardmand', correct: false, nodeURIs: [hisco('95410')] });
    expect(answered.status, await answered.clone().text()).toBe(200);
    expect(((await answered.json()) as { version: number | null }).version).toBeNull();
    expect((await read(bea, 'gaardmand')).predictionEntry.mappings.nodeURIs).toEqual([hisco('61110')]);

    // The exports write each waiting entry unmapped for all but its first reviewer.
    const exported = async (client: HttpClient, path: string) => {
      const response = await client.get(path);
      expect(response.status).toBe(200);
      return Papa.parse<Record<string, string>>((await response.text()).replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
    };
    const mappedIn = (rows: Record<string, string>[]) =>
      rows.filter((row) => Object.entries(row).some(([column, value]) => column !== 'string' && /Master|61110|79100|95120|95410|62105|80120/.test(value))).map((row) => row.string);
    const datasetId = (await env.app.db.query<{ dataset_id: string }>('SELECT dataset_id FROM prediction_sets WHERE id = $1', [setId])).rows[0]!.dataset_id;
    for (const path of [setPath('export?format=flattened'), `/api/datasets/${datasetId}/export?format=flattened`]) {
      expect(mappedIn(await exported(dan, path))).toEqual([]);
      expect(mappedIn(await exported(owner, path))).toEqual([]);
      expect(new Set(mappedIn(await exported(bea, path)))).toEqual(new Set(plan.filter((entry) => entry.first === 'bea').map((entry) => entry.string)));
    }
    const nested = await (await cai.get(setPath('export?format=nested'))).text();
    // Cai's own (murer 95120) are there, none of Bea's (tømrer 95410, skrædder 79100).
    expect(nested).toContain('95120');
    expect(nested).not.toMatch(/95410|79100/);
  });

  it("keeps a waiting entry out of a conversion's sample titles, which anyone who may see the conversion reads", async () => {
    // Gaardmand, husmand and bonde wait with 61110; the entry no one offered is mapped to 61110 now, and back after.
    const mapUnmapped = (nodeURIs: string[]) => owner.post(entryPath(unmapped), { mappings: { nodeURIs, predictionURIs: [], tags: [] } });
    expect((await mapUnmapped([hisco('61110')])).status).toBe(200);
    try {
      const { dataset_id: datasetId } = (await env.app.db.query<{ dataset_id: string }>('SELECT dataset_id FROM prediction_sets WHERE id = $1', [setId])).rows[0]!;
      const conversion = (
        await env.app.db.query<ConversionRow>(
          `INSERT INTO conversions (dataset_id, prediction_set_id, target_scheme, target_depth, aggregation, weighting) VALUES ($1, $2, 'occ1950', 'max', 'aggregate-all', 'equal') RETURNING *`,
          [datasetId, setId],
        )
      ).rows[0]!;
      await env.app.db.query('INSERT INTO conversion_codes (conversion_id, source_uri, occurrences) VALUES ($1, $2, 4), ($1, $3, 3)', [conversion.id, hisco('61110'), hisco('80110')]);
      await storeSampleTitles(env.app.db, conversion, 'hisco');
      const titles = await env.app.db.query<{ source_uri: string; titles: string[] }>('SELECT source_uri, titles FROM conversion_codes WHERE conversion_id = $1 ORDER BY source_uri', [conversion.id]);
      expect(titles.rows).toEqual([
        { source_uri: hisco('61110'), titles: [unmapped] },
        { source_uri: hisco('80110'), titles: [] },
      ]);
    } finally {
      expect((await mapUnmapped([])).status).toBe(200);
    }
  });

  it("offers each reviewer the other's entries blind, in the API and in the set's room, and never their own", async () => {
    const firstOf = new Map(plan.map((entry) => [entry.string, entry]));
    // Cai watches the set's room while Bea answers: no event may carry a mapping.
    const socket = io(env.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: cai.cookieHeader }, reconnection: false, forceNew: true });
    const heard: unknown[] = [];
    socket.onAny((_event: string, ...payload: unknown[]) => heard.push(...payload));
    try {
      const ack = await new Promise<{ ok: boolean }>((resolve) => socket.emit('predictionSet:subscribe', setId, resolve));
      expect(ack.ok).toBe(true);
      for (const [reviewer, name] of [
        [cai, 'cai'],
        [bea, 'bea'],
      ] as const) {
        for (;;) {
          const next = await reviewer.get(setPath('second-opinions/_next'));
          if (next.status === 404) break;
          expect(next.status, await next.clone().text()).toBe(200);
          const answer = (await next.json()) as PredictionEntryAnswer;
          const entry = firstOf.get(answer.predictionEntry.string)!;
          expect(entry.first).not.toBe(name);
          expect(answer.predictionEntry.mappings).toMatchObject({ nodeURIs: [], predictionURIs: [], tags: [], treeNodes: [] });
          expect(answer.predictionEntry.predictions).toEqual([{ uris: ['hisco:80110'], conf: 0.4 }]);
          expect(JSON.stringify(answer)).not.toContain('Master');
          if (entry.firstCode !== '80110') expect(JSON.stringify(answer)).not.toContain(entry.firstCode);
          const saved = await reviewer.post(setPath(`second-opinions/${encodeURIComponent(entry.string)}`), { nodeURIs: [hisco(entry.secondCode)], predictionURIs: [], tags: [] });
          expect(saved.status, await saved.clone().text()).toBe(200);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      socket.disconnect();
    }
    expect(heard.length).toBeGreaterThan(0);
    for (const event of heard as PredictionSetChanged[]) expect(Object.keys(event).sort()).toEqual(['predictionSetId', 'strings']);
    expect(JSON.stringify(heard)).not.toMatch(/hisco:|Master/);

    // The second opinion did not change the entries' mappings.
    const kept = (await (await owner.get(entryPath('skrædder'))).json()) as PredictionEntryAnswer;
    expect(kept.predictionEntry.mappings.nodeURIs).toEqual([hisco('79100')]);
    expect((await (await dan.get(setPath('second-opinions'))).json()) as SecondOpinionCounts).toEqual({ offered: plan.length, answered: plan.length, pending: 0, forYou: 0 });
    const none = await dan.get(setPath('second-opinions/_next'));
    expect(none.status).toBe(404);
  });

  it('does not let the first reviewer answer their own entry, nor anyone answer twice', async () => {
    const own = plan.find((entry) => entry.first === 'bea')!;
    const response = await bea.post(setPath(`second-opinions/${encodeURIComponent(own.string)}`), { nodeURIs: [hisco('80110')], predictionURIs: [], tags: [] });
    expect(response.status).toBe(403);
    const twice = await dan.post(setPath(`second-opinions/${encodeURIComponent(own.string)}`), { nodeURIs: [hisco('80110')], predictionURIs: [], tags: [] });
    expect(twice.status).toBe(409);
    expect((await dan.post(setPath(`second-opinions/${encodeURIComponent(unmapped)}`), { nodeURIs: [hisco('80110')], predictionURIs: [], tags: [] })).status).toBe(404);
    expect((await dan.post(setPath(`second-opinions/${encodeURIComponent(own.string)}`), { nodeURIs: [], predictionURIs: [], tags: [] })).status).toBe(400);
  });

  it('reports percent agreement and κ per HISCO level as computed here, overall and per pair', async () => {
    // Bea changes one of her entries after it was offered: its disagreement says so.
    expect((await bea.post(entryPath('skrædder'), { mappings: { nodeURIs: [hisco('79110')], predictionURIs: [], tags: [] } })).status).toBe(200);
    const report = (await (await dan.get(setPath('agreement'))).json()) as AgreementReport;
    expect(report.levels.map((level) => level.level)).toEqual([1, 2, 3, 5]);
    for (const level of report.levels) {
      const expected = expectedKappa(plan.map((entry) => [entry.firstCode.slice(0, level.level), entry.secondCode.slice(0, level.level)]));
      expect(level.entries).toBe(plan.length);
      expect(level.agreement).toBeCloseTo(expected.agreement, 10);
      expect(level.kappa).toBeCloseTo(expected.kappa!, 10);
    }
    expect(report.pairs).toHaveLength(1);
    expect(report.pairs[0]!.reviewers).toEqual(['bea', 'cai']);
    // Within the pair each reviewer is one coder: Bea's code against Cai's, whoever coded first.
    const byPair = expectedKappa(plan.map((entry) => (entry.first === 'bea' ? [entry.firstCode, entry.secondCode] : [entry.secondCode, entry.firstCode])));
    expect(report.pairs[0]!.levels.at(-1)!.kappa).toBeCloseTo(byPair.kappa!, 10);

    const disagreeing = plan.filter((entry) => entry.firstCode !== entry.secondCode);
    expect(report.disagreements.map((row) => row.string).sort()).toEqual(disagreeing.map((entry) => entry.string).sort());
    const tailor = report.disagreements.find((row) => row.string === 'skrædder')!;
    expect(tailor).toEqual({ string: 'skrædder', first: { reviewer: 'bea', uris: [hisco('79100')] }, second: { reviewer: 'cai', uris: [hisco('95410')] }, firstChangedSince: true });
    expect(report.disagreements.filter((row) => row.firstChangedSince).map((row) => row.string)).toEqual(['skrædder']);
  });

  it('lets a third person decide a disagreement: the entry takes the decision, logged, and leaves the list', async () => {
    const entry = plan.find((row) => row.string === 'murer')!;
    const path = setPath(`adjudications/${encodeURIComponent(entry.string)}`);
    expect((await cai.post(path, { nodeURIs: [hisco('95120')] })).status).toBe(403);
    expect((await bea.post(path, { nodeURIs: [hisco('95120')] })).status).toBe(403);
    expect((await dan.post(path, { nodeURIs: ['nowhere:1'] })).status).toBe(400);
    expect((await dan.post(setPath(`adjudications/${encodeURIComponent('skomager')}`), { nodeURIs: [hisco('80110')] })).status).toBe(409);
    const response = await dan.post(path, { nodeURIs: [hisco('95120')] });
    expect(response.status, await response.clone().text()).toBe(200);
    const decided = (await response.json()) as AdjudicationSaved;
    expect(decided).toMatchObject({ string: 'murer', uris: [hisco('95120')] });
    const now = (await (await owner.get(entryPath('murer'))).json()) as PredictionEntryAnswer;
    expect(now.predictionEntry.mappings.nodeURIs).toEqual([hisco('95120')]);
    expect(now.predictionEntry.mappings.tags).toEqual(['Master']);
    const danId = (await env.app.db.query<{ id: string }>("SELECT id FROM users WHERE username = 'dan'")).rows[0]!.id;
    const logged = await env.app.db.query('SELECT user_id, after FROM prediction_mapping_log WHERE set_id = $1 AND string = $2 ORDER BY id DESC LIMIT 1', [setId, 'murer']);
    expect(logged.rows[0]).toMatchObject({ user_id: danId, after: { nodeURIs: [hisco('95120')] } });
    const stored = await env.app.db.query('SELECT decided_by, decision_uris FROM prediction_second_opinions WHERE set_id = $1 AND string = $2', [setId, 'murer']);
    expect(stored.rows[0]).toEqual({ decided_by: danId, decision_uris: [hisco('95120')] });
    const report = (await (await dan.get(setPath('agreement'))).json()) as AgreementReport;
    expect(report.disagreements.map((row) => row.string)).not.toContain('murer');
    expect((await dan.post(path, { nodeURIs: [hisco('95120')] })).status).toBe(409);
    // The owner decides too, even on an entry a collaborator coded.
    expect((await owner.post(setPath(`adjudications/${encodeURIComponent('landmand')}`), { nodeURIs: [hisco('61110')] })).status).toBe(200);
  });

  it('exports the double coding as CSV and as SSSOM', async () => {
    // Bea changes an entry both reviewers agreed on: the CSV says so, as it does of her changed disagreement.
    expect((await bea.post(entryPath('tømrer'), { mappings: { nodeURIs: [hisco('61110')], predictionURIs: [], tags: [] } })).status).toBe(200);
    const csv = await dan.get(setPath('agreement.csv'));
    expect(csv.status).toBe(200);
    const rows = Papa.parse<Record<string, string>>((await csv.text()).replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(plan.length);
    expect(rows.find((row) => row.string === 'skomagersvend')).toMatchObject({
      first_reviewer: 'bea',
      first_codes: hisco('80110'),
      second_reviewer: 'cai',
      second_codes: hisco('80120'),
      agree_1_digit: 'yes',
      agree_3_digits: 'yes',
      agree_5_digits: 'no',
      decision: '',
    });
    expect(rows.find((row) => row.string === 'murer')).toMatchObject({ decision: hisco('95120'), decided_by: 'dan' });
    // Changed since offered: the agreed entry and the disagreement Bea changed; not the entries whose mapping is their decision.
    expect(rows.find((row) => row.string === 'tømrer')).toMatchObject({ first_codes: hisco('95410'), agree_5_digits: 'yes', first_changed_since: 'yes' });
    expect(rows.filter((row) => row.first_changed_since === 'yes').map((row) => row.string).sort()).toEqual(['skrædder', 'tømrer']);
    expect(rows.filter((row) => row.decision !== '').map((row) => [row.string, row.first_changed_since])).toEqual(expect.arrayContaining([['murer', 'no'], ['landmand', 'no']]));

    const sssom = await (await dan.get(setPath('agreement.sssom.tsv'))).text();
    const lines = sssom.split('\n').filter((line) => line && !line.startsWith('#'));
    const header = lines[0]!.split('\t');
    expect(header).toEqual(expect.arrayContaining(['subject_id', 'subject_label', 'object_id', 'mapping_justification', 'reviewer_id']));
    const mappings = lines.slice(1).map((line) => Object.fromEntries(line.split('\t').map((cell, index) => [header[index], cell])));
    expect(mappings).toHaveLength(plan.length * 2);
    expect(mappings.every((row) => row.mapping_justification === 'semapv:MappingReview')).toBe(true);
    expect(mappings.filter((row) => row.subject_label === 'skomagersvend').map((row) => [row.reviewer_label, row.object_id])).toEqual([
      ['bea', hisco('80110')],
      ['cai', hisco('80120')],
    ]);
    expect(sssom).toContain('#   hisco: ');
  });

  it("measures any other scheme's agreement at the depths of its tree", async () => {
    const tree = 'code,label,parent,description\nP,Primary,,\nPA,Agriculture,P,\nPA1,Farmers,PA,\nPA2,Farm servants,PA,\nPM,Mining,P,\nS,Secondary,,\n';
    await importScheme(env.app.schemes, { scheme: 'pst2', text: tree, format: 'csv', actorId: null });
    const admin = (await env.signIn('ada', 'admin')).client;
    const file = JSON.stringify(['farmer', 'servant', 'miner'].map((string) => ({ string, predictions: [{ uris: ['pst2:PA1'], conf: 0.4 }] })));
    const uploaded = (await (await owner.upload('/api/predictions', 'pst.json', file, {})).json()) as { predictionSetId: string; jobId: string };
    expect((await waitForJob(owner, uploaded.jobId, 60_000)).state).toBe('completed');
    const path = (rest: string) => `/api/prediction-sets/${uploaded.predictionSetId}/${rest}`;
    const codes = { farmer: ['PA1', 'PA1'], servant: ['PA2', 'PA1'], miner: ['PM', 'S'] } as const;
    for (const [string, [first]] of Object.entries(codes)) {
      expect((await owner.post(path(`entries/${string}`), { mappings: { nodeURIs: [`pst2:${first}`], predictionURIs: [], tags: [] } })).status).toBe(200);
    }
    expect(((await (await owner.post(path('second-opinions'), { share: 1 })).json()) as SecondOpinionsOffered).entries).toBe(3);
    expect((await owner.get(path('second-opinions/_next'))).status).toBe(404);
    for (const [string, [, second]] of Object.entries(codes)) {
      expect((await admin.post(path(`second-opinions/${string}`), { nodeURIs: [`pst2:${second}`] })).status).toBe(200);
    }
    const report = (await (await owner.get(path('agreement'))).json()) as AgreementReport;
    expect(report.levels.map((level) => [level.level, level.name, level.entries, level.agreement])).toEqual([
      [1, 'depth 1', 3, 2 / 3],
      [2, 'depth 2', 3, 2 / 3],
      [3, 'depth 3 (whole code)', 3, 1 / 3],
    ]);
    expect(report.levels[0]!.kappa).toBeNull();
    expect(report.levels[0]!.kappaNote).toMatch(/first reviewer gave every entry one code/);
    // Depth 3: first PA1 · PA2 · PM; second PA1 · PA1 · S: po = 1/3, pe = (1/3)(2/3) = 2/9.
    expect(report.levels[2]!.kappa).toBeCloseTo((1 / 3 - 2 / 9) / (1 - 2 / 9), 10);
    // Eve sees no standalone set of another.
    expect((await eve.get(path('agreement'))).status).toBe(404);
  });

  it('answers 404 to someone who may not see the set', async () => {
    for (const response of [
      await eve.get(setPath('agreement')),
      await eve.get(setPath('agreement.csv')),
      await eve.get(setPath('agreement.sssom.tsv')),
      await eve.get(setPath('second-opinions')),
      await eve.get(setPath('second-opinions/_next')),
      await eve.post(setPath('second-opinions'), { share: 1 }),
      await eve.post(setPath('second-opinions/skomager'), { nodeURIs: [hisco('80110')] }),
      await eve.post(setPath('adjudications/skrædder'), { nodeURIs: [hisco('79100')] }),
    ]) {
      expect(response.status).toBe(404);
    }
  });
});
