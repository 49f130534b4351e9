import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startAppProcess } from './support/app-process.js';
import { closeLeftoverDialog, expectVisible, launchBrowser, logIn, newPage, screenshot } from './support/browser.js';
import { csrfHeaders, waitForJob } from './support/page-api.js';

/**
 * The review of an entry whose file kept context (issue 28), in Debian's Chromium against the
 * built app: a dataset's set imported from OccCANINE's evaluation layout shows under the title
 * the kept columns, the reference code and the dataset's own codes, each named; its predictions
 * carry no confidence ('—'), and the info card says so. A set whose first-ranked codes were given
 * a confidence at import says that instead.
 */

const reviewer = { username: 'rhea', password: 'rhea-password-1' };
const datasetTitle = 'Danish census sample';
const codeColumn = 'HISCO code';

/** OccCANINE's evaluation layout: gold codes in hisco_k, the model's occupation k of its answer j in hisco_pred{k}_{j}, no probabilities. */
const evaluationFile = [
  'RowID,occ1,lang,Year,hisco_1,hisco_2,hisco_pred1_0,hisco_pred2_0,hisco_pred1_1',
  '1,skomager,da,1880,80110,,80110,,80120',
  '2,skomager,da,1880,80110,,80110,,',
  '3,skomager,da,1885,80110,,80110,,',
  '4,smed og kromand,da,1880,83110,51030,83110,51030,83120',
  '5,daglejer,da,1901,99910,,99910,,',
].join('\n');

let app: AppProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let datasetId: string;
let setId: string;

/** Uploads a prediction file (with a reading, when given) and waits for its import. */
async function importPredictions(to: string, name: string, text: string, reading?: unknown): Promise<string> {
  const response = await page.request.post(`${app.url}${to}`, {
    headers: await csrfHeaders(page, app.url),
    multipart: { file: { name, mimeType: 'text/csv', buffer: Buffer.from(text) }, ...(reading ? { reading: JSON.stringify(reading) } : {}) },
  });
  expect(response.status(), await response.text()).toBe(202);
  const accepted = (await response.json()) as { predictionSetId: string; jobId: string };
  await waitForJob(page, app.url, accepted.jobId);
  return accepted.predictionSetId;
}

async function shot(target: Page, name: string): Promise<void> {
  await target.waitForTimeout(400);
  await screenshot(target, name);
}

const entryUrl = (string: string) => `${app.url}/datasets/${datasetId}/prediction-sets/${setId}/entries/${encodeURIComponent(string)}?filter=all`;

/** The names the API gives the codes, as the review shows them beside each code. */
async function codeNames(string: string): Promise<Record<string, { name: string }>> {
  const response = await page.request.get(`${app.url}/api/prediction-sets/${setId}/entries/${encodeURIComponent(string)}?filter=all`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { nodeDetails: Record<string, { name: string }> }).nodeDetails;
}

beforeAll(async () => {
  app = await startAppProcess();
  app.addUser(reviewer.username, 'member', reviewer.password);
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  await page.goto(`${app.url}/datasets/list`);
  await logIn(page, reviewer.username, reviewer.password, { waitClosed: true });

  // The dataset has 'skomager' three times as 80110 and once as 80120.
  const created = await page.request.post(`${app.url}/api/datasets`, {
    headers: await csrfHeaders(page, app.url),
    data: {
      data: [
        ...Array.from({ length: 3 }, () => ({ title: 'skomager', code: '80110', totals: [] })),
        { title: 'skomager', code: '80120', totals: [] },
        { title: 'daglejer', code: '99910', totals: [] },
      ],
      metadata: { title: datasetTitle, titleColumn: 'title', codeColumn, scheme: 'hisco' },
    },
  });
  expect(created.status(), await created.text()).toBe(202);
  const dataset = (await created.json()) as { datasetId: string; jobId: string };
  datasetId = dataset.datasetId;
  await waitForJob(page, app.url, dataset.jobId);
  setId = await importPredictions(`/api/datasets/${datasetId}/predictions`, 'danish-eval.csv', evaluationFile);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
});
afterEach(() => closeLeftoverDialog(page));

describe("an entry's context in the review (issue 28)", () => {
  it('shows the kept columns, the reference code and the dataset’s codes under the title, each code named', async () => {
    const names = await codeNames('skomager');
    const name = (code: string) => names[`hisco:${code}`]!.name;
    expect(name('80110')).toBeTruthy();
    await page.goto(entryUrl('skomager'));
    await expect.poll(() => page.getByTestId('entry-string').innerText()).toBe('skomager');
    const items = page.getByTestId('entry-context').getByTestId('entry-context-item');
    await expectVisible(items.first());
    expect(await items.allInnerTexts()).toEqual([
      'RowID: 1 · 2 · 3',
      'Year: 1880 ×2 · 1885',
      `Reference code (hisco_1): 80110 ${name('80110')} ×3`,
      `In the dataset (${codeColumn}): 80110 ${name('80110')} ×3 · 80120 ${name('80120')}`,
    ]);
    expect(await items.nth(2).getAttribute('data-kind')).toBe('reference');
    expect(await items.nth(3).getAttribute('data-kind')).toBe('dataset');
    await shot(page, 'review-entry-context-light');
  });

  it("shows '—' for the predictions' confidence the file does not give, and the info card says why", async () => {
    const boxes = page.getByTestId('prediction').getByTestId('confidence-box');
    expect(await boxes.count()).toBe(2);
    for (const box of await boxes.all()) {
      expect(await box.innerText()).toBe('—');
      expect(await box.getAttribute('data-band')).toBe('none');
    }
    await boxes.first().hover();
    await page.getByRole('tooltip').filter({ hasText: 'The file gives no confidence' }).waitFor();
    await page.mouse.move(0, 0);

    await page.getByTestId('review-info').hover();
    const sentence = page.getByTestId('review-info-card').getByTestId('review-confidences');
    await expectVisible(sentence);
    expect(await sentence.innerText()).toBe('The file gives no confidences: every entry is below the threshold');
    await shot(page, 'review-entry-no-confidences-light');
    await page.mouse.move(0, 0);
  });

  it('shows no context for an entry whose file kept none', async () => {
    const plain = await importPredictions('/api/predictions', 'plain.json', JSON.stringify([{ string: 'weaver', predictions: [{ uris: ['hisco:75400'], conf: 0.4 }] }]));
    const slug = ((await (await page.request.get(`${app.url}/api/prediction-sets/${plain}/summary`)).json()) as { predictionSet: { slug: string } }).predictionSet.slug;
    await page.goto(`${app.url}/review/${slug}/entries/weaver?filter=all`);
    await expect.poll(() => page.getByTestId('entry-string').innerText()).toBe('weaver');
    expect(await page.getByTestId('prediction').getByTestId('confidence-box').innerText()).toBe('40.0%');
    expect(await page.getByTestId('entry-context').count()).toBe(0);
    await page.getByTestId('review-info').hover();
    await expectVisible(page.getByTestId('review-info-card'));
    expect(await page.getByTestId('review-confidences').count()).toBe(0);
    await page.mouse.move(0, 0);
  });

  it("says the confidence given at import to each entry's first-ranked code", async () => {
    const preview = await page.request.post(`${app.url}/api/predictions/preview`, {
      headers: await csrfHeaders(page, app.url),
      multipart: { file: { name: 'given.csv', mimeType: 'text/csv', buffer: Buffer.from(evaluationFile) } },
    });
    expect(preview.status(), await preview.text()).toBe(200);
    const { reading } = (await preview.json()) as { reading: Record<string, unknown> };
    const given = await importPredictions('/api/predictions', 'given.csv', evaluationFile, { ...reading, firstConfidence: 0.8 });
    const slug = ((await (await page.request.get(`${app.url}/api/prediction-sets/${given}/summary`)).json()) as { predictionSet: { slug: string } }).predictionSet.slug;
    await page.goto(`${app.url}/review/${slug}/entries/skomager?filter=all`);
    await expect.poll(() => page.getByTestId('entry-string').innerText()).toBe('skomager');
    const boxes = page.getByTestId('prediction').getByTestId('confidence-box');
    expect(await boxes.allInnerTexts()).toEqual(['80.0%', '—']);
    await page.getByTestId('review-info').hover();
    const sentence = page.getByTestId('review-info-card').getByTestId('review-confidences');
    await expectVisible(sentence);
    expect(await sentence.innerText()).toBe('Confidence 0.8 given at import to each entry’s first-ranked code');
    await shot(page, 'review-entry-given-confidence-light');
    await page.mouse.move(0, 0);
  });

  it('in the dark colour scheme', async () => {
    const { context: dark, page: darkPage } = await newPage(browser, 'dark');
    await darkPage.goto(`${app.url}/datasets/list`);
    await logIn(darkPage, reviewer.username, reviewer.password, { waitClosed: true });
    await darkPage.goto(entryUrl('skomager'));
    await expect.poll(() => darkPage.getByTestId('entry-context-item').count()).toBe(4);
    await shot(darkPage, 'review-entry-context-dark');
    await darkPage.getByTestId('review-info').hover();
    await expectVisible(darkPage.getByTestId('review-confidences'));
    await shot(darkPage, 'review-entry-no-confidences-dark');
    await dark.close();
  });
});
