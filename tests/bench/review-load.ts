import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { callApi } from '../e2e/support/page-api.js';
import { HttpClient } from '../support/http-client.js';
import type { PredictionSetEntry } from './review-set.js';
import { random } from './census-generator.js';

export interface ReviewLoad {
  /** Stops the reviewers (each finishes the save it is in) and says what they did. */
  stop(): Promise<{ saves: number; failed: number; firstFailure: string | null; seconds: number; savesPerSecond: number; exhausted: boolean }>;
}

/**
 * Other reviewers saving in the same set through the API the review screen uses, from this
 * process: each logged-in session reads an unmapped entry (as its screen does), saves its first
 * prediction as the mapping with the version read (`POST …/entries/{string}`, as the screen's
 * 'Save and next'), then pauses 0.5–1.5 s, drawn from the seed. The entries come from a pool of
 * their own, so they never take the measured reviewer's.
 */
export function startReviewLoad(options: { url: string; setId: string; threshold: number; sessions: HttpClient[]; pool: PredictionSetEntry[]; seed: number }): ReviewLoad {
  const next = random(options.seed);
  let taken = 0;
  let saves = 0;
  let failed = 0;
  let firstFailure: string | null = null;
  let running = true;
  const started = performance.now();
  const base = `/api/prediction-sets/${options.setId}/entries`;
  const reviewer = async (client: HttpClient) => {
    while (running && taken < options.pool.length) {
      const entry = options.pool[taken++]!;
      const path = `${base}/${encodeURIComponent(entry.string)}`;
      const read = await client.get(`${path}?filter=all&threshold=${options.threshold}`);
      const version = read.ok ? ((await read.json()) as { predictionEntry: { version: number } }).predictionEntry.version : undefined;
      if (!read.ok) await read.text();
      const saved = await client.post(`${path}?threshold=${options.threshold}`, {
        mappings: { treeNodes: [], nodeURIs: [], predictionURIs: entry.predictions[0]?.uris ?? [], tags: [] },
        nodeDetails: {},
        version,
        propagate: false,
        alsoStrings: [],
      });
      const answer = await saved.text();
      if (saved.ok) saves += 1;
      else {
        failed += 1;
        firstFailure ??= `${saved.status} ${answer.slice(0, 200)}`;
      }
      await new Promise((resolve) => setTimeout(resolve, 500 + next() * 1000));
    }
  };
  const all = Promise.all(options.sessions.map(reviewer));
  return {
    async stop() {
      running = false;
      const seconds = (performance.now() - started) / 1000;
      const counted = { saves, failed };
      await all;
      return { ...counted, firstFailure, seconds, savesPerSecond: counted.saves / seconds, exhausted: taken >= options.pool.length };
    },
  };
}

/**
 * Logs in each reviewer, a session of its own, one after the other: the login throttle counts
 * every attempt before its password is checked, so fifty at once from one address would be refused.
 */
export async function logInReviewers(url: string, users: { username: string; password: string }[]): Promise<HttpClient[]> {
  const clients: HttpClient[] = [];
  for (const user of users) {
    const client = new HttpClient(url);
    const answer = await client.login(user.username, user.password);
    if (answer.status !== 200) throw new Error(`login of ${user.username} answered ${answer.status}: ${await answer.text()}`);
    await client.get('/api/auth/csrf');
    clients.push(client);
  }
  return clients;
}

async function waitForJob(page: Page, jobId: string): Promise<void> {
  for (const started = Date.now(); ; ) {
    const { state } = (await callApi<{ state: string }>(page, 'GET', `/api/jobs/${jobId}`)).body;
    if (state === 'completed') return;
    if (state === 'failed' || Date.now() - started > 120_000) throw new Error(`Job ${jobId} did not complete: ${state}`);
    await page.waitForTimeout(200);
  }
}

/**
 * A set several reviewers can save in: a standalone set is its owner's alone, so the entries'
 * titles become a dataset of the page's reviewer, shared with the others as collaborators, and
 * the predictions are uploaded to it. Returns the set and the review's address of it.
 */
export async function uploadSharedSet(page: Page, name: string, entries: PredictionSetEntry[], collaborators: string[]): Promise<{ datasetId: string; predictionSetId: string; reviewPath: string }> {
  const created = await callApi<{ datasetId: string; jobId: string }>(page, 'POST', '/api/datasets', {
    data: entries.map((entry) => ({ title: entry.string, totals: [] })),
    metadata: { title: name, titleColumn: 'title', scheme: 'hisco' },
  });
  if (created.status !== 202) throw new Error(`The dataset was refused: ${created.status} ${JSON.stringify(created.body)}`);
  const { datasetId } = created.body;
  await waitForJob(page, created.body.jobId);
  for (const username of collaborators) {
    const shared = await callApi(page, 'POST', `/api/datasets/${datasetId}/collaborators`, { username });
    if (shared.status >= 300) throw new Error(`Sharing with ${username} answered ${shared.status}: ${JSON.stringify(shared.body)}`);
  }
  const accepted = await page.evaluate(
    async ({ datasetId, name, text }) => {
      await fetch('/api/auth/csrf', { credentials: 'same-origin' });
      const token = decodeURIComponent(document.cookie.split('; ').find((pair) => pair.startsWith('og_csrf='))?.slice('og_csrf='.length) ?? '');
      const form = new FormData();
      form.append('file', new File([text], `${name}.json`, { type: 'application/json' }));
      const response = await fetch(`/api/datasets/${datasetId}/predictions`, { method: 'POST', credentials: 'same-origin', headers: { 'x-csrf-token': token }, body: form });
      return { status: response.status, body: (await response.json()) as { predictionSetId: string; jobId: string } };
    },
    { datasetId, name, text: JSON.stringify(entries) },
  );
  if (accepted.status !== 202) throw new Error(`The predictions were refused: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  await waitForJob(page, accepted.body.jobId);
  return { datasetId, predictionSetId: accepted.body.predictionSetId, reviewPath: `/datasets/${datasetId}/prediction-sets/${accepted.body.predictionSetId}` };
}
