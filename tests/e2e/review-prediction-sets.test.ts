import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startAppProcess } from './support/app-process.js';
import { closeLeftoverDialog, expectVisible, launchBrowser, logIn, newPage, screenshot } from './support/browser.js';
import { csrfHeaders } from './support/page-api.js';

/**
 * The /review page as a person uses it, in Debian's Chromium against the built app: uploading
 * OccCANINE's CSV with the upload percentage and the import's live progress, the 'Prediction sets'
 * table (threshold, Show, counts checked against the API, Count, opening the review, deleting), a
 * file the server refuses and a file whose import fails.
 */

const predictionsFile = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../shared/data/predictions/occcanine_toydata_predictions.csv');
const setName = path.basename(predictionsFile, '.csv');

const predictionRows = Papa.parse<Record<string, string>>(fs.readFileSync(predictionsFile, 'utf8'), { header: true, skipEmptyLines: true }).data;

/** Each distinct title (OccCANINE's `occ1`) and its best confidence over its rows' `prob_1`…`prob_5`: counted here without the app. */
const bestConfidence = new Map<string, number>();
for (const row of predictionRows) {
  const title = row.occ1!.trim();
  if (!title) continue;
  const best = Math.max(...[1, 2, 3, 4, 5].map((k) => Number(row[`prob_${k}`]) || 0));
  bestConfidence.set(title, Math.max(bestConfidence.get(title) ?? 0, best));
}
const expectedTotal = bestConfidence.size;
/** The entries a review covers under a threshold: best confidence below it (SPEC §9). */
const expectedBelow = (threshold: number) => [...bestConfidence.values()].filter((conf) => conf < threshold).length;
const number = (value: number) => value.toLocaleString('en');

/** Mantine's menus, modals, tooltips and rings fade in over 150–250 ms: screenshots wait for them. */
async function shot(target: Page, name: string): Promise<void> {
  await target.waitForTimeout(400);
  await screenshot(target, name);
}

interface SetSummary {
  id: string;
  slug: string;
  name: string;
  threshold: number;
  filter: string;
  total: number;
  state: string;
  error: string | null;
}

let app: AppProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let scratch: string;

async function listSets(target: Page = page): Promise<SetSummary[]> {
  const response = await target.request.get(`${app.url}/api/prediction-sets`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { predictionSets: SetSummary[] }).predictionSets;
}

async function countsOf(setId: string, threshold: number): Promise<{ totalBelowThreshold: number; mappedCount: number }> {
  const response = await page.request.get(`${app.url}/api/prediction-sets/${encodeURIComponent(setId)}?threshold=${threshold}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { totalBelowThreshold: number; mappedCount: number };
}

function setRow(target: Page, name: string): Locator {
  return target.getByTestId('prediction-set-row').filter({ has: target.getByTestId('prediction-set-name').getByText(name, { exact: true }) });
}

/** The Show control's three labels as the row shows them. */
async function showLabels(row: Locator): Promise<string[]> {
  return (await row.getByTestId('prediction-set-show').locator('label').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

function expectedShowLabels(counts: { totalBelowThreshold: number; mappedCount: number }): string[] {
  return [`all ${number(counts.totalBelowThreshold)}`, `mapped ${number(counts.mappedCount)}`, `unmapped ${number(counts.totalBelowThreshold - counts.mappedCount)}`];
}

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'og-e2e-review-'));
  app = await startAppProcess();
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

afterEach(() => closeLeftoverDialog(page));

describe('the /review page', () => {
  it('is open to anyone, and asks a visitor to log in before it lists anything', async () => {
    await page.goto(`${app.url}/review`);
    const notice = page.getByTestId('review-login-required');
    await expectVisible(notice);
    expect(await notice.innerText()).toContain('Log in to review prediction sets');
    expect(await page.getByTestId('prediction-set-upload').count()).toBe(0);
    await shot(page, 'review-sets-0-anonymous-light');

    await notice.getByTestId('login-button').click();
    await logIn(page, app.admin.username, app.admin.password, { waitClosed: true });
    await expectVisible(page.getByTestId('prediction-set-upload'));
  });

  it('says what a prediction file is while there is none', async () => {
    const empty = page.getByTestId('prediction-sets-empty');
    await expectVisible(empty);
    const text = await empty.innerText();
    expect(text).toContain('No prediction sets yet');
    expect(text).toContain('"uris": ["hisco:61110"]');
    expect(text).toContain('OccCANINE');
    expect(await page.getByTestId('prediction-file-input').getAttribute('accept')).toContain('.json');
    expect(await page.getByTestId('prediction-file-input').getAttribute('accept')).toContain('.csv');
    await shot(page, 'review-sets-1-empty-light');
  });

  it('uploads OccCANINE’s CSV with a percentage, shows the import live, then lists the set with its total', async () => {
    await page.getByTestId('prediction-file-input').setInputFiles(predictionsFile);
    const importButton = page.getByTestId('reading-import');
    await expect.poll(() => importButton.isEnabled(), { timeout: 20_000 }).toBe(true);

    // A slow line, so the upload's percentage is seen moving (1.4 MB at ~250 KB/s).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 250_000 });
    await importButton.click();
    const percent = page.getByTestId('prediction-upload-percent');
    await expectVisible(percent);
    await expect.poll(async () => Number.parseInt(await percent.innerText(), 10), { timeout: 20_000 }).toBeGreaterThan(0);
    const seen = Number.parseInt(await percent.innerText(), 10);
    expect(seen).toBeLessThan(100);
    expect(await page.getByTestId('prediction-upload-progress').innerText()).toContain(`Uploading ${path.basename(predictionsFile)}`);
    await shot(page, 'review-sets-2-uploading-light');

    // Once the file is stored: the import job's card, and the set listed as importing or already ready.
    const card = page.getByTestId('job-card');
    await expectVisible(card, 30_000);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
    await expectVisible(setRow(page, setName));
    await shot(page, 'review-sets-3-importing-light');

    await page.locator('[data-testid="job-card"][data-state="completed"]').waitFor({ timeout: 60_000 });
    const row = setRow(page, setName);
    await row.and(page.locator('[data-state="ready"]')).waitFor({ timeout: 30_000 });
    await expect.poll(() => row.getByTestId('prediction-set-total').innerText()).toBe(number(expectedTotal));

    const [stored] = await listSets();
    expect(stored).toMatchObject({ name: setName, state: 'ready', total: expectedTotal, threshold: 0.75 });

    // The counts under the set's threshold (0.75), as the API gives them, in the Show control and the ring.
    const counts = await countsOf(stored!.id, 0.75);
    expect(counts).toEqual({ totalBelowThreshold: expectedBelow(0.75), mappedCount: 0 });
    await expect.poll(() => showLabels(row)).toEqual(expectedShowLabels(counts));
    expect(await row.getByTestId('mapping-progress').getAttribute('aria-label')).toBe(`0 of ${number(counts.totalBelowThreshold)} entries below the threshold mapped`);
    expect(await row.getByTestId('prediction-set-threshold-value').innerText()).toBe('75%');
    await shot(page, 'review-sets-4-ready-light');
  });

  it('stores a moved threshold and shows the counts under it', async () => {
    const [set] = await listSets();
    const row = setRow(page, setName);
    const before = await showLabels(row);

    // A click at the 50% mark of the track moves the thumb there; the change ends at once.
    const track = row.locator('.mantine-Slider-track');
    const box = (await track.boundingBox())!;
    const patched = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes(`/api/prediction-sets/${set!.slug}?threshold=`));
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
    expect((await patched).status()).toBe(200);

    const shown = Number.parseInt(await row.getByTestId('prediction-set-threshold-value').innerText(), 10);
    expect(shown).toBeGreaterThanOrEqual(45);
    expect(shown).toBeLessThanOrEqual(55);
    await expect.poll(async () => (await listSets())[0]!.threshold).toBe(shown / 100);

    const counts = await countsOf(set!.id, shown / 100);
    expect(counts).toEqual({ totalBelowThreshold: expectedBelow(shown / 100), mappedCount: 0 });
    expect(counts.totalBelowThreshold).toBeLessThan((await countsOf(set!.id, 0.75)).totalBelowThreshold);
    await expect.poll(() => showLabels(row)).toEqual(expectedShowLabels(counts));
    expect(await showLabels(row)).not.toEqual(before);
    await shot(page, 'review-sets-5-threshold-light');

    // The stored threshold is what the page shows after a reload.
    await page.reload();
    await expectVisible(setRow(page, setName));
    await expect.poll(() => setRow(page, setName).getByTestId('prediction-set-threshold-value').innerText()).toBe(`${shown}%`);
    await expect.poll(() => showLabels(setRow(page, setName))).toEqual(expectedShowLabels(counts));
  });

  it('stores the Show choice for the review opened next', async () => {
    const row = setRow(page, setName);
    expect((await listSets())[0]!.filter).toBe('unmapped');
    const show = row.getByTestId('prediction-set-show');
    expect(await show.locator('input[value="unmapped"]').isChecked()).toBe(true);

    await show.locator('label').filter({ hasText: /^mapped/ }).click();
    await expect.poll(async () => (await listSets())[0]!.filter).toBe('mapped');
    expect(await show.locator('input[value="mapped"]').isChecked()).toBe(true);
    await show.locator('label').filter({ hasText: /^all/ }).click();
    await expect.poll(async () => (await listSets())[0]!.filter).toBe('all');
    await page.reload();
    await expect.poll(() => setRow(page, setName).getByTestId('prediction-set-show').locator('input[value="all"]').isChecked()).toBe(true);
  });

  it('Count reads the counts again, and a mapping saved meanwhile shows in them', async () => {
    const [set] = await listSets();
    const row = setRow(page, setName);
    await row.and(page.locator('[data-state="ready"]')).waitFor();

    // Someone maps the first entry below the threshold (through the API, as the review screen saves).
    const first = await page.request.get(`${app.url}/api/prediction-sets/${set!.id}/entries/_first?threshold=${set!.threshold}&filter=unmapped`);
    expect(first.status()).toBe(200);
    const { predictionEntry } = (await first.json()) as { predictionEntry: { string: string; version: number; predictions: { uris: string[] }[] } };
    const uri = predictionEntry.predictions[0]?.uris[0] ?? 'hisco:61110';
    const saved = await page.request.post(`${app.url}/api/prediction-sets/${set!.id}/entries/${encodeURIComponent(predictionEntry.string)}`, {
      headers: await csrfHeaders(page, app.url),
      data: { mappings: { treeNodes: [], nodeURIs: [], predictionURIs: [uri], tags: [] }, version: predictionEntry.version },
    });
    expect(saved.status()).toBe(200);
    const counts = await countsOf(set!.id, set!.threshold);
    expect(counts.mappedCount).toBeGreaterThanOrEqual(1);

    // Count asks the API for this row's counts again, and the row shows them.
    const recounted = page.waitForResponse(
      (response) => response.request().method() === 'GET' && response.url().includes(`/api/prediction-sets/${set!.id}?threshold=${set!.threshold}`),
    );
    await row.getByTestId('prediction-set-count').click();
    expect((await recounted).status()).toBe(200);
    await expect.poll(() => showLabels(row)).toEqual(expectedShowLabels(counts));
    expect(await row.getByTestId('mapping-progress').getAttribute('aria-label')).toBe(
      `${number(counts.mappedCount)} of ${number(counts.totalBelowThreshold)} entries below the threshold mapped`,
    );
    await shot(page, 'review-sets-6-counted-light');
  });

  it('Name opens the review of the set', async () => {
    const [set] = await listSets();
    await setRow(page, setName).getByTestId('prediction-set-name').click();
    // The review opens the set's first entry under its stored filter and threshold, and names it in the address.
    await page.waitForURL((url) => url.pathname.startsWith(`/review/${encodeURIComponent(set!.slug)}/entries/`));
    expect(new URL(page.url()).searchParams.get('filter')).toBe(set!.filter);
    await page.getByTestId('entry-string').waitFor();
    await page.goBack();
    await expectVisible(setRow(page, setName));
  });
});

describe('files that do not become sets', () => {
  it('a file the server refuses shows "File upload failed" with its reason', async () => {
    const textFile = path.join(scratch, 'notes.txt');
    fs.writeFileSync(textFile, 'not predictions\n');
    await page.getByTestId('prediction-file-input').setInputFiles(textFile);
    // The column-mapping step's preview is refused: the file cannot be imported.
    const alert = page.getByTestId('reading-preview-error');
    await expectVisible(alert);
    const text = await alert.innerText();
    expect(text).toMatch(/File upload failed: \S/);
    expect(await page.getByTestId('reading-import').isDisabled()).toBe(true);
    expect(await listSets()).toHaveLength(1);
    await shot(page, 'review-sets-7-upload-failed-light');
  });

  it('a file whose import fails is listed with its error in red, and can be deleted', async () => {
    const broken = path.join(scratch, 'broken-predictions.csv');
    fs.writeFileSync(broken, 'row,inputs,hisco_1,prob_1,desc_1\n0,en[SEP]fisherman,61110,not-a-probability,Fisherman\n');
    await page.getByTestId('prediction-file-input').setInputFiles(broken);
    await page.getByTestId('reading-import').click();
    const row = setRow(page, 'broken-predictions');
    await row.and(page.locator('[data-state="failed"]')).waitFor({ timeout: 30_000 });
    const error = row.getByTestId('prediction-set-error');
    const stored = (await listSets()).find((set) => set.name === 'broken-predictions')!;
    expect(stored.state).toBe('failed');
    expect(await error.innerText()).toBe(`Import failed: ${stored.error}`);
    expect(await error.evaluate((element) => getComputedStyle(element).color)).toMatch(/^rgb\((2[0-5]\d|1\d\d), \d{1,2}, \d{1,2}\)$/);
    expect(await row.getByTestId('prediction-set-count').isDisabled()).toBe(true);
    await shot(page, 'review-sets-8-import-failed-light');

    await row.getByTestId('prediction-set-delete').click();
    await page.getByTestId('delete-prediction-set-confirm').click();
    await row.waitFor({ state: 'detached' });
    expect((await listSets()).map((set) => set.name)).toEqual([setName]);
  });
});

describe('in the dark colour scheme', () => {
  it('shows the same table', async () => {
    const { context: dark, page: darkPage } = await newPage(browser, 'dark');
    try {
      await darkPage.goto(`${app.url}/review`);
      await darkPage.getByTestId('review-login-required').getByTestId('login-button').click();
      await logIn(darkPage, app.admin.username, app.admin.password, { waitClosed: true });
      const row = setRow(darkPage, setName);
      await row.getByTestId('mapping-progress').waitFor();
      await shot(darkPage, 'review-sets-4-ready-dark');
      await row.getByTestId('prediction-set-delete').click();
      await expectVisible(darkPage.getByTestId('delete-prediction-set-modal'));
      await shot(darkPage, 'review-sets-9-delete-dark');
      await darkPage.keyboard.press('Escape');
    } finally {
      await dark.close();
    }
  });
});

describe('deleting a set', () => {
  it('asks first, and keeps the set when told to', async () => {
    await page.reload();
    const row = setRow(page, setName);
    await row.getByTestId('prediction-set-delete').click();
    const modal = page.getByTestId('delete-prediction-set-modal');
    await expectVisible(modal);
    expect(await modal.innerText()).toContain(`${setName} and its ${number(expectedTotal)} entries`);
    await shot(page, 'review-sets-9-delete-light');
    await page.getByTestId('delete-prediction-set-cancel').click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await listSets()).toHaveLength(1);
  });

  it('removes the row and the set once confirmed', async () => {
    const row = setRow(page, setName);
    await row.getByTestId('prediction-set-delete').click();
    await page.getByTestId('delete-prediction-set-confirm').click();
    await row.waitFor({ state: 'detached' });
    expect(await listSets()).toEqual([]);
    await expectVisible(page.getByTestId('prediction-sets-empty'));
    await shot(page, 'review-sets-10-deleted-light');
  });
});

describe('a set still being imported', () => {
  it('shows its import in its row, live, until it is ready', async () => {
    // A larger file (200,000 distinct titles), so the import takes long enough to be seen.
    const large = path.join(scratch, 'large-predictions.csv');
    const titles = 200_000;
    const lines = ['row,inputs,hisco_1,prob_1,desc_1,occ1'];
    for (let index = 0; index < titles; index++) lines.push(`${index},en[SEP]worker number ${index},61110,0.${String(index % 100).padStart(2, '0')},Fisherman,worker number ${index}`);
    fs.writeFileSync(large, `${lines.join('\n')}\n`);

    await page.getByTestId('prediction-file-input').setInputFiles(large);
    await page.getByTestId('reading-import').click();
    const row = setRow(page, 'large-predictions');
    const importing = row.getByTestId('prediction-set-importing');
    await expectVisible(importing, 30_000);
    expect(await row.getAttribute('data-state')).toBe('importing');
    expect(await importing.innerText()).toContain('Importing…');
    expect(await row.getByTestId('prediction-set-total').innerText()).toBe('—');
    await screenshot(page, 'review-sets-11-importing-light');

    // When the job ends the row turns ready by itself, with the total and the counts.
    await row.and(page.locator('[data-state="ready"]')).waitFor({ timeout: 90_000 });
    await expect.poll(() => row.getByTestId('prediction-set-total').innerText()).toBe(number(titles));
    const set = (await listSets()).find((candidate) => candidate.name === 'large-predictions')!;
    const counts = await countsOf(set.id, 0.75);
    expect(counts.totalBelowThreshold).toBe(titles * 0.75);
    await expect.poll(() => showLabels(row), { timeout: 15_000 }).toEqual(expectedShowLabels(counts));

    await row.getByTestId('prediction-set-delete').click();
    await page.getByTestId('delete-prediction-set-confirm').click();
    await row.waitFor({ state: 'detached' });
    expect(await listSets()).toEqual([]);
  });
});

describe("the sets of datasets on /review", () => {
  const datasetTitle = 'Parish register 1851';
  const datasetSetName = 'parish-coded';
  const standaloneName = 'loose-predictions';

  /** Stores a prediction file through the API (to a dataset's set with `datasetId`) and waits for its import. */
  async function uploadThroughApi(fileName: string, entries: unknown[], datasetId?: string): Promise<{ predictionSetId: string; slug: string }> {
    const response = await page.request.post(`${app.url}/api/${datasetId ? `datasets/${datasetId}/predictions` : 'predictions'}`, {
      headers: await csrfHeaders(page, app.url),
      multipart: { file: { name: fileName, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(entries)) } },
    });
    expect(response.status(), await response.text()).toBe(202);
    const accepted = (await response.json()) as { predictionSetId: string; slug: string; jobId: string };
    await expect.poll(async () => ((await (await page.request.get(`${app.url}/api/jobs/${accepted.jobId}`)).json()) as { state: string }).state, { timeout: 60_000 }).toBe('completed');
    return accepted;
  }

  /** Chooses an option of the filter by dataset. */
  async function chooseDataset(target: Page, label: string): Promise<void> {
    await target.getByTestId('prediction-sets-dataset-filter').click();
    await target.getByRole('option', { name: label, exact: true }).click();
  }

  const shownNames = (target: Page) => target.getByTestId('prediction-set-name').allInnerTexts();

  it("lists a dataset's set with its dataset's name, filters by dataset, and opens its review named by the set's name", async () => {
    await page.goto(`${app.url}/review`);
    await expectVisible(page.getByTestId('prediction-sets-empty'));
    const created = await page.request.post(`${app.url}/api/datasets`, {
      headers: await csrfHeaders(page, app.url),
      data: {
        data: [
          { title: 'general farmer', code: '61110', totals: [] },
          { title: 'tailor', code: '', totals: [] },
        ],
        metadata: { title: datasetTitle, titleColumn: 'title', codeColumn: 'hisco', scheme: 'hisco' },
      },
    });
    expect(created.status(), await created.text()).toBe(202);
    const dataset = (await created.json()) as { datasetId: string; jobId: string };
    await expect.poll(async () => ((await (await page.request.get(`${app.url}/api/jobs/${dataset.jobId}`)).json()) as { state: string }).state, { timeout: 60_000 }).toBe('completed');
    const coded = [
      { string: 'general farmer', predictions: [{ uris: ['hisco:61110'], conf: 0.4 }] },
      { string: 'tailor', predictions: [{ uris: ['hisco:79100'], conf: 0.3 }] },
    ];
    const datasetSet = await uploadThroughApi(`${datasetSetName}.json`, coded, dataset.datasetId);
    await uploadThroughApi(`${standaloneName}.json`, coded);

    await page.reload();
    const datasetRow = setRow(page, datasetSetName);
    await expectVisible(datasetRow);
    expect(await datasetRow.getByTestId('prediction-set-dataset').innerText()).toBe(`Dataset: ${datasetTitle}`);
    expect(await setRow(page, standaloneName).getByTestId('prediction-set-dataset').count()).toBe(0);
    expect((await shownNames(page)).sort()).toEqual([standaloneName, datasetSetName].sort());

    await chooseDataset(page, datasetTitle);
    await expect.poll(() => shownNames(page)).toEqual([datasetSetName]);
    await datasetRow.getByTestId('mapping-progress').waitFor();
    await shot(page, 'review-sets-12-dataset-filter-light');
    await chooseDataset(page, 'Standalone sets');
    await expect.poll(() => shownNames(page)).toEqual([standaloneName]);
    await chooseDataset(page, 'All prediction sets');
    await expect.poll(async () => (await shownNames(page)).length).toBe(2);

    // The dataset's set opens its review where the datasets list opens it, named by its name, not its slug.
    await datasetRow.getByTestId('prediction-set-name').click();
    await page.waitForURL((url) => url.pathname.startsWith(`/datasets/${dataset.datasetId}/prediction-sets/${datasetSet.predictionSetId}/entries/`));
    await page.getByTestId('entry-string').waitFor();
    const breadcrumbs = page.getByTestId('review-breadcrumbs');
    expect(await breadcrumbs.getByTestId('review-breadcrumbs-dataset').innerText()).toBe(datasetTitle);
    expect(await breadcrumbs.getByTestId('review-breadcrumbs-set').innerText()).toBe(datasetSetName);
    expect(await breadcrumbs.innerText()).not.toContain(datasetSet.slug);
    await expect.poll(() => page.title()).toContain(`${datasetSetName} · Review`);
    expect(await page.title()).not.toContain(datasetSet.slug);
    await shot(page, 'review-sets-13-dataset-review-light');
  });

  it('in the dark colour scheme', async () => {
    const { context: dark, page: darkPage } = await newPage(browser, 'dark');
    try {
      await darkPage.goto(`${app.url}/review`);
      await darkPage.getByTestId('review-login-required').getByTestId('login-button').click();
      await logIn(darkPage, app.admin.username, app.admin.password, { waitClosed: true });
      await chooseDataset(darkPage, datasetTitle);
      await expect.poll(() => shownNames(darkPage)).toEqual([datasetSetName]);
      await setRow(darkPage, datasetSetName).getByTestId('mapping-progress').waitFor();
      await shot(darkPage, 'review-sets-12-dataset-filter-dark');
      await setRow(darkPage, datasetSetName).getByTestId('prediction-set-name').click();
      await darkPage.getByTestId('entry-string').waitFor();
      expect(await darkPage.getByTestId('review-breadcrumbs-set').innerText()).toBe(datasetSetName);
      await shot(darkPage, 'review-sets-13-dataset-review-dark');
    } finally {
      await dark.close();
    }
  });
});
