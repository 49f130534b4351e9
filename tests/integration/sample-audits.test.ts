import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccuracyEstimateAnswer, type AuditAnswered, type AuditAt, auditAt, type AuditDetail, auditDetail, type AuditDrawn, type AuditReport, auditReport } from '../../shared/src/contracts/audits.js';
import type { PredictionEntryAnswer } from '../../shared/src/contracts/predictions.js';
import type { PredictionSetChanged } from '../../shared/src/events/job-events.js';
import type { HttpClient } from '../support/http-client.js';
import { waitForJob } from '../support/jobs.js';
import { startTestEnvironment, type TestEnvironment } from '../support/test-environment.js';

/**
 * Audits (issue 30): a sample of a dataset's set drawn through the API, stratified by confidence
 * band and proportional to people, answered through the API; the report's estimates match the
 * ones computed here from the textbook inclusion probabilities (n_h · people / band's people),
 * Hájek's weighted share and the Wilson interval over Kish's effective sample size. A standalone
 * set smaller than the sample is audited whole, and audits add up. Someone who may not see the
 * set gets 404.
 */

let env: TestEnvironment;
let owner: HttpClient;
let bea: HttpClient;
let dan: HttpClient;
let datasetSetId: string;
let standaloneSetId: string;

const bandConfidences = [0.95, 0.8, 0.6, 0.3];
/** 60 titles, 15 per band, people 1–13; the last three of the lowest band have no predictions. */
const titles = Array.from({ length: 60 }, (_, index) => {
  const band = index % 4;
  const noPrediction = band === 3 && index >= 48;
  return {
    string: `title ${String(index).padStart(2, '0')}`,
    band,
    confidence: noPrediction ? -1 : bandConfidences[band]! - (index % 3) * 0.01,
    people: 1 + ((index * 7) % 13),
    predictions: noPrediction ? [] : [{ uris: [`hisco:${String(10000 + index)}`], conf: bandConfidences[band]! - (index % 3) * 0.01 }],
  };
});
const titleOf = new Map(titles.map((title) => [title.string, title]));
/** The answer the reviewer gives: the top prediction is right except for every third title and the ones without predictions. */
const isRight = (string: string) => {
  const title = titleOf.get(string)!;
  return title.predictions.length > 0 && Number(string.slice(-2)) % 3 !== 0;
};

const setPath = (setId: string, rest: string) => `/api/prediction-sets/${setId}/${rest}`;

beforeAll(async () => {
  env = await startTestEnvironment({ workers: true });
  owner = (await env.signIn('ola', 'member')).client;
  bea = (await env.signIn('bea', 'member')).client;
  dan = (await env.signIn('dan', 'member')).client;
  const created = await owner.post('/api/datasets', {
    data: titles.map((title) => ({ title: title.string, code: '', totals: [title.people] })),
    metadata: { title: 'Parish', titleColumn: 'title', codeColumn: 'code', scheme: 'hisco', totalsColumns: ['people'] },
  });
  expect(created.status, await created.clone().text()).toBe(202);
  const dataset = (await created.json()) as { datasetId: string; jobId: string };
  expect((await waitForJob(owner, dataset.jobId, 60_000)).state).toBe('completed');
  expect((await owner.post(`/api/datasets/${dataset.datasetId}/collaborators`, { username: 'bea' })).status).toBeLessThan(300);
  const file = JSON.stringify(titles.map((title) => ({ string: title.string, predictions: title.predictions })));
  const uploaded = await owner.upload(`/api/datasets/${dataset.datasetId}/predictions`, 'parish.json', file, {});
  expect(uploaded.status, await uploaded.clone().text()).toBe(202);
  const accepted = (await uploaded.json()) as { predictionSetId: string; jobId: string };
  expect((await waitForJob(owner, accepted.jobId, 60_000)).state).toBe('completed');
  datasetSetId = accepted.predictionSetId;

  const small = titles.slice(0, 5).map((title) => ({ string: title.string, predictions: [{ uris: ['hisco:80110'], conf: 0.9 }] }));
  const standalone = await owner.upload('/api/predictions', 'small.json', JSON.stringify(small), {});
  expect(standalone.status, await standalone.clone().text()).toBe(202);
  const standaloneSet = (await standalone.json()) as { predictionSetId: string; jobId: string };
  expect((await waitForJob(owner, standaloneSet.jobId, 60_000)).state).toBe('completed');
  standaloneSetId = standaloneSet.predictionSetId;
}, 180_000);
afterAll(async () => {
  await env?.close();
});

/** The Wilson interval computed here: share p over n (effective) entries, z = 1.959964. */
function wilson(p: number, n: number): { low: number; high: number } {
  const z = 1.959964;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Hájek's weighted share of right answers with its Wilson interval over Kish's n_eff. */
function expected(checks: { right: boolean; weight: number }[]): { checked: number; estimate: number; low: number; high: number } {
  const total = checks.reduce((sum, check) => sum + check.weight, 0);
  const right = checks.filter((check) => check.right).reduce((sum, check) => sum + check.weight, 0);
  const squares = checks.reduce((sum, check) => sum + check.weight ** 2, 0);
  const share = right / total;
  return { checked: checks.length, estimate: share, ...wilson(share, total ** 2 / squares) };
}

function expectEstimate(actual: AccuracyEstimateAnswer, wanted: ReturnType<typeof expected>) {
  expect(actual.checked).toBe(wanted.checked);
  expect(actual.estimate).toBeCloseTo(wanted.estimate, 9);
  expect(actual.low).toBeCloseTo(wanted.low, 9);
  expect(actual.high).toBeCloseTo(wanted.high, 9);
}

async function answer(client: HttpClient, setId: string, auditId: string, body: object) {
  return client.post(setPath(setId, `audits/${auditId}/answers`), body);
}

describe('an audit of a dataset’s set', () => {
  let audit: AuditDrawn;

  it('refuses a sample size out of range, and anyone who may not see the set', async () => {
    for (const size of [0, 1001, 2.5, 'ten']) {
      const refused = await owner.post(setPath(datasetSetId, 'audits'), { size });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
    expect((await dan.post(setPath(datasetSetId, 'audits'), { size: 10 })).status).toBe(404);
    expect((await dan.get(setPath(datasetSetId, 'audit'))).status).toBe(404);
    expect((await dan.get(setPath(datasetSetId, 'audit/at?confidence=0.9'))).status).toBe(404);
  });

  it('draws a sample stratified by confidence band', async () => {
    const drawn = await bea.post(setPath(datasetSetId, 'audits'), { size: 20 });
    expect(drawn.status, await drawn.clone().text()).toBe(200);
    audit = (await drawn.json()) as AuditDrawn;
    expect(audit.entries).toHaveLength(20);
    expect(new Set(audit.entries).size).toBe(20);
    const perBand = [0, 1, 2, 3].map((band) => audit.entries.filter((string) => titleOf.get(string)!.band === band).length);
    // A tenth of the sample each at least, the rest by people (the bands have about as many).
    for (const count of perBand) expect(count).toBeGreaterThanOrEqual(2);
    const detail = (await (await owner.get(setPath(datasetSetId, `audits/${audit.auditId}`))).json()) as AuditDetail;
    expect(auditDetail.safeParse(detail).success).toBe(true);
    expect(detail.entries.map((entry) => entry.string)).toEqual(audit.entries);
    expect(detail.entries.every((entry) => entry.correct === null && entry.band === titleOf.get(entry.string)!.band)).toBe(true);
    expect((await dan.get(setPath(datasetSetId, `audits/${audit.auditId}`))).status).toBe(404);
  });

  it('takes answers, the last one counting, and saves the right codes as the entry’s mapping', async () => {
    const someone = audit.entries.find((string) => isRight(string))!;
    expect((await dan.post(setPath(datasetSetId, `audits/${audit.auditId}/answers`), { string: someone, correct: true })).status).toBe(404);
    expect((await answer(owner, datasetSetId, audit.auditId, { string: 'not drawn', correct: true })).status).toBe(404);
    expect((await answer(owner, datasetSetId, '00000000-0000-4000-8000-000000000000', { string: someone, correct: true })).status).toBe(404);
    expect((await answer(owner, standaloneSetId, audit.auditId, { string: someone, correct: true })).status).toBe(404);
    expect((await answer(owner, datasetSetId, audit.auditId, { string: someone, correct: true, nodeURIs: ['hisco:61110'] })).status).toBe(400);
    expect((await answer(owner, datasetSetId, audit.auditId, { string: someone })).status).toBe(400);
    // First answered wrong, then right: the last answer counts.
    expect((await answer(bea, datasetSetId, audit.auditId, { string: someone, correct: false })).status).toBe(200);
    const answeredSoFar = new Set([someone]);
    for (const string of audit.entries) {
      answeredSoFar.add(string);
      const right = isRight(string);
      const noPrediction = titleOf.get(string)!.predictions.length === 0;
      if (noPrediction) expect((await answer(bea, datasetSetId, audit.auditId, { string, correct: true })).status).toBe(400);
      const body = right ? { string, correct: true } : { string, correct: false, nodeURIs: ['hisco:61110'] };
      const answered = await answer(bea, datasetSetId, audit.auditId, body);
      expect(answered.status, await answered.clone().text()).toBe(200);
      expect((await answered.json()) as AuditAnswered).toMatchObject({ auditId: audit.auditId, string, correct: right, answered: answeredSoFar.size, size: 20 });
    }
    const wrong = audit.entries.find((string) => !isRight(string))!;
    const entry = (await (await owner.get(setPath(datasetSetId, `entries/${encodeURIComponent(wrong)}`))).json()) as PredictionEntryAnswer;
    expect(entry.predictionEntry.mappings).toMatchObject({ nodeURIs: ['hisco:61110'], predictionURIs: [] });
    const accepted = (await (await owner.get(setPath(datasetSetId, `entries/${encodeURIComponent(someone)}`))).json()) as PredictionEntryAnswer;
    expect(accepted.predictionEntry.mappings).toMatchObject({ nodeURIs: [], predictionURIs: titleOf.get(someone)!.predictions[0]!.uris });
  });

  it('estimates the accuracy by entries and by people as computed here from the inclusion probabilities', async () => {
    const response = await bea.get(setPath(datasetSetId, 'audit'));
    expect(response.status, await response.clone().text()).toBe(200);
    const report = (await response.json()) as AuditReport;
    expect(auditReport.safeParse(report).success).toBe(true);
    // π = n_h · people / (the band's people), each below 1 here (no entry is taken for certain).
    const bandPeople = [0, 1, 2, 3].map((band) => titles.filter((title) => title.band === band).reduce((sum, title) => sum + title.people, 0));
    const drawnInBand = [0, 1, 2, 3].map((band) => audit.entries.filter((string) => titleOf.get(string)!.band === band).length);
    const checks = audit.entries.map((string) => {
      const title = titleOf.get(string)!;
      const probability = (drawnInBand[title.band]! * title.people) / bandPeople[title.band]!;
      expect(probability).toBeLessThan(1);
      return { title, right: isRight(string), byEntries: 1 / probability, byPeople: title.people / probability };
    });
    const byEntries = (filter: (title: (typeof titles)[number]) => boolean) => expected(checks.filter((check) => filter(check.title)).map((check) => ({ right: check.right, weight: check.byEntries })));
    const byPeople = (filter: (title: (typeof titles)[number]) => boolean) => expected(checks.filter((check) => filter(check.title)).map((check) => ({ right: check.right, weight: check.byPeople })));

    expect(report.overall.right).toBe(audit.entries.filter(isRight).length);
    expectEstimate(report.overall, byEntries(() => true));
    expectEstimate(report.byPeople!.overall, byPeople(() => true));
    expect(report.byPeople).toMatchObject({ basis: 'totals', column: 'people' });
    expect(report.bands.map((band) => [band.from, band.to])).toEqual([
      [0.9, 1],
      [0.75, 0.9],
      [0.5, 0.75],
      [0, 0.5],
    ]);
    for (const band of [0, 1, 2, 3]) {
      expectEstimate(report.bands[band]!, byEntries((title) => title.band === band));
      expectEstimate(report.byPeople!.bands[band]!, byPeople((title) => title.band === band));
    }
    // The curve at 0.75: the share of people at least that sure, and the accuracy above it.
    expect(report.curve.map((point) => point.threshold)).toEqual(Array.from({ length: 21 }, (_, step) => (step * 5) / 100));
    const at75 = report.byPeople!.curve.find((point) => point.threshold === 0.75)!;
    const people = titles.reduce((sum, title) => sum + title.people, 0);
    expect(at75.share).toBeCloseTo(titles.filter((title) => title.confidence >= 0.75).reduce((sum, title) => sum + title.people, 0) / people, 12);
    expectEstimate(at75, byPeople((title) => title.confidence >= 0.75));
    const entriesAt0 = report.curve[0]!;
    expect(entriesAt0.share).toBeCloseTo(57 / 60, 12);
    expect(report.curve[20]).toMatchObject({ threshold: 1, share: 0, checked: 0, estimate: null, low: null, high: null });
    expect(report.audits).toEqual([{ auditId: audit.auditId, createdAt: expect.any(String), size: 20, answered: 20 }]);

    const at = (await (await owner.get(setPath(datasetSetId, 'audit/at?confidence=0.9'))).json()) as AuditAt;
    expect(auditAt.safeParse(at).success).toBe(true);
    expect(at.confidence).toBe(0.9);
    expectEstimate(at, byEntries((title) => title.confidence >= 0.9));
    expect((await owner.get(setPath(datasetSetId, 'audit/at?confidence=2'))).status).toBe(400);
  });
});

describe('an audit, live', () => {
  it("tells the set's room of a new audit and of each answer, by string", async () => {
    const socket = io(env.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: owner.cookieHeader }, reconnection: false, forceNew: true });
    const heard: PredictionSetChanged[] = [];
    socket.on('predictionSet:changed', (change: PredictionSetChanged) => heard.push(change));
    try {
      const ack = await new Promise<{ ok: boolean }>((resolve) => socket.emit('predictionSet:subscribe', datasetSetId, resolve));
      expect(ack.ok).toBe(true);
      const drawn = (await (await bea.post(setPath(datasetSetId, 'audits'), { size: 2 })).json()) as AuditDrawn;
      const string = drawn.entries[0]!;
      expect((await answer(bea, datasetSetId, drawn.auditId, { string, correct: false, nodeURIs: ['hisco:95410'] })).status).toBe(200);
      await expect.poll(() => heard.length).toBeGreaterThanOrEqual(2);
      expect(heard).toContainEqual({ predictionSetId: datasetSetId, strings: [] });
      expect(heard).toContainEqual({ predictionSetId: datasetSetId, strings: [string] });
    } finally {
      socket.disconnect();
    }
  });
});

describe('an audit of a standalone set', () => {
  it('audits every entry of a set smaller than the sample, and audits add up', async () => {
    const empty = (await (await owner.get(setPath(standaloneSetId, 'audit'))).json()) as AuditReport;
    expect(empty.overall).toEqual({ checked: 0, right: 0, estimate: null, low: null, high: null });
    expect(empty.byPeople).toBeUndefined();
    const first = (await (await owner.post(setPath(standaloneSetId, 'audits'), {})).json()) as AuditDrawn;
    expect([...first.entries].sort()).toEqual(titles.slice(0, 5).map((title) => title.string));
    for (const [index, string] of first.entries.entries()) {
      expect((await answer(owner, standaloneSetId, first.auditId, index === 0 ? { string, correct: false, nodeURIs: ['hisco:61110'] } : { string, correct: true })).status).toBe(200);
    }
    const once = (await (await owner.get(setPath(standaloneSetId, 'audit'))).json()) as AuditReport;
    expectEstimate(once.overall, { checked: 5, estimate: 0.8, ...wilson(0.8, 5) });
    expect(once.bands[0]).toMatchObject({ checked: 5, right: 4 });

    const second = (await (await owner.post(setPath(standaloneSetId, 'audits'), { size: 3 })).json()) as AuditDrawn;
    expect(second.entries).toHaveLength(3);
    for (const string of second.entries) expect((await answer(owner, standaloneSetId, second.auditId, { string, correct: true })).status).toBe(200);
    const twice = (await (await owner.get(setPath(standaloneSetId, 'audit'))).json()) as AuditReport;
    // Three of five drawn uniformly: each stands for 5/3 entries against 1 in the first audit.
    expectEstimate(twice.overall, expected([...[false, true, true, true, true].map((right) => ({ right, weight: 1 })), ...[1, 2, 3].map(() => ({ right: true, weight: 5 / 3 }))]));
    expect(twice.overall).toMatchObject({ checked: 8, right: 7 });
    expect(twice.audits.map((audit) => [audit.auditId, audit.size, audit.answered])).toEqual([
      [first.auditId, 5, 5],
      [second.auditId, 3, 3],
    ]);
  });
});

describe('the draw', () => {
  it('takes each entry about as often as its inclusion probability says', async () => {
    // Size 8: one entry per band, the other four by people; the bands' people decide how many each gets, the same every time.
    const runs = 120;
    const seen = new Map<string, number>();
    let perBand: number[] | null = null;
    for (let run = 0; run < runs; run++) {
      const drawn = (await (await bea.post(setPath(datasetSetId, 'audits'), { size: 8 })).json()) as AuditDrawn;
      expect(drawn.entries).toHaveLength(8);
      const counts = [0, 1, 2, 3].map((band) => drawn.entries.filter((string) => titleOf.get(string)!.band === band).length);
      if (perBand) expect(counts).toEqual(perBand);
      perBand = counts;
      for (const string of drawn.entries) seen.set(string, (seen.get(string) ?? 0) + 1);
    }
    const bandPeople = [0, 1, 2, 3].map((band) => titles.filter((title) => title.band === band).reduce((sum, title) => sum + title.people, 0));
    for (const title of titles) {
      const probability = (perBand![title.band]! * title.people) / bandPeople[title.band]!;
      const spread = Math.sqrt((probability * (1 - probability)) / runs);
      expect(Math.abs((seen.get(title.string) ?? 0) / runs - probability), title.string).toBeLessThan(5 * spread + 0.01);
    }
  }, 120_000);

  it('takes an entry with most of its band’s people for certain, standing for itself only', async () => {
    const town = [{ title: 'landowner', people: 1000 }, ...Array.from({ length: 9 }, (_, index) => ({ title: `cottar ${index + 1}`, people: index + 1 }))];
    const created = await owner.post('/api/datasets', {
      data: town.map((row) => ({ title: row.title, code: '', totals: [row.people] })),
      metadata: { title: 'Town', titleColumn: 'title', codeColumn: 'code', scheme: 'hisco', totalsColumns: ['people'] },
    });
    const dataset = (await created.json()) as { datasetId: string; jobId: string };
    expect((await waitForJob(owner, dataset.jobId, 60_000)).state).toBe('completed');
    const file = JSON.stringify(town.map((row) => ({ string: row.title, predictions: [{ uris: ['hisco:61110'], conf: 0.95 }] })));
    const uploaded = (await (await owner.upload(`/api/datasets/${dataset.datasetId}/predictions`, 'town.json', file, {})).json()) as { predictionSetId: string; jobId: string };
    expect((await waitForJob(owner, uploaded.jobId, 60_000)).state).toBe('completed');
    const drawn = (await (await owner.post(setPath(uploaded.predictionSetId, 'audits'), { size: 3 })).json()) as AuditDrawn;
    expect(drawn.entries).toHaveLength(3);
    expect(drawn.entries).toContain('landowner');
    // The landowner is right, the two cottars drawn are wrong. 3 × 1000 ≥ 1045: the landowner is certain; each cottar of
    // x people is drawn with 2x / 45 and stands for 45 / 2x entries and 22.5 people.
    for (const string of drawn.entries) {
      const body = string === 'landowner' ? { string, correct: true } : { string, correct: false, nodeURIs: ['hisco:62105'] };
      expect((await answer(owner, uploaded.predictionSetId, drawn.auditId, body)).status).toBe(200);
    }
    const report = (await (await owner.get(setPath(uploaded.predictionSetId, 'audit'))).json()) as AuditReport;
    const cottars = drawn.entries.filter((string) => string !== 'landowner').map((string) => town.find((row) => row.title === string)!.people);
    expectEstimate(report.byPeople!.overall, expected([{ right: true, weight: 1000 }, ...cottars.map(() => ({ right: false, weight: 22.5 }))]));
    expect(report.byPeople!.overall.estimate).toBeCloseTo(1000 / 1045, 12);
    expectEstimate(report.overall, expected([{ right: true, weight: 1 }, ...cottars.map((people) => ({ right: false, weight: 45 / (2 * people) }))]));
  });
});
