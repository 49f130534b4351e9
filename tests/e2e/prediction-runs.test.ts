import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeedDir, seedDirCopy, smallHiscoFiles } from '../support/seed-dir.js';
import { type AppProcess, startAppProcess } from './support/app-process.js';
import { expectVisible, launchBrowser, logIn, newPage, screenshot } from './support/browser.js';

/**
 * Running predictions as a new user does it, in Debian's Chromium against the built app: upload
 * an uncoded Danish census sample with 'Make predictions in a given scheme: HISCO', watch the run,
 * review the set; then run the built-in coder again from 'Run predictions' and read what it
 * learned from.
 */

const censusFile = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../shared/data/titles/occcanine_dk_occupations_unlabelled.csv');
const user = { username: 'nina', password: 'nina-password-1' };
const title = 'Danish census sample';
const setName = `${title} · built-in coder · HISCO`;

let app: AppProcess;
/** The app seeds from the data folder, its titles manifest narrowed to the small HISCO files (the English sample, the verified 'no occupation' lists). */
let seed: SeedDir | undefined;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** The review's address of an entry the coder gave no prediction. */
let noPredictionUrl: string;

const datasetRow = (target: Page) => target.getByTestId('dataset-row').filter({ has: target.getByTestId('dataset-name').getByText(title, { exact: true }) });
const setRows = (target: Page): Locator => target.getByTestId('prediction-set-row').filter({ has: target.getByTestId('prediction-set-name').getByText(setName, { exact: true }) });

async function shot(target: Page, name: string): Promise<void> {
  await target.waitForTimeout(400);
  await screenshot(target, name);
}

beforeAll(async () => {
  seed = seedDirCopy({ keep: smallHiscoFiles });
  app = await startAppProcess({ SEED_DIR: seed.dir });
  app.addUser(user.username, 'member', user.password);
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  await page.goto(`${app.url}/datasets/upload`);
  await logIn(page, user.username, user.password, { waitClosed: true });
  await page.getByTestId('upload-wizard').waitFor();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
  seed?.remove();
});

describe('running predictions (issue 13)', () => {
  it("uploads an uncoded census with 'Make predictions in a given scheme: HISCO' and the coded set arrives", async () => {
    await page.getByTestId('wizard-file-input').setInputFiles(censusFile);
    await expect.poll(() => page.getByTestId('wizard-title-column').inputValue(), { timeout: 20_000 }).toBe('title');
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-predict-single').check();
    await page.getByTestId('wizard-predict-scheme').click();
    await page.getByRole('option', { name: /HISCO/ }).click();
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-title').fill(title);
    await page.getByTestId('wizard-create').click();
    await page.waitForURL(`${app.url}/datasets/list`, { timeout: 30_000 });

    await expectVisible(datasetRow(page), 30_000);
    const set = setRows(page).first();
    await expectVisible(set, 30_000);
    await shot(page, 'prediction-runs-1-list-light');
    await expect.poll(() => set.getAttribute('data-state'), { timeout: 120_000 }).toBe('ready');
  });

  it('opens the set for review: entries coded into HISCO with their confidence', async () => {
    const set = setRows(page).first();
    await set.getByTestId('prediction-set-actions').click();
    await page.getByTestId('prediction-set-actions-menu').waitFor();
    await page.getByTestId('review-all').click();
    await page.waitForURL(/\/prediction-sets\/[^/]+\/entries\//);
    await expectVisible(page.getByTestId('entry-string'));
    // Most frequent first is the run's order: the first entries the coder knows.
    await expect.poll(async () => page.getByTestId('prediction').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('prediction').first().getByText(/^hisco$/i).count()).toBe(1);
    await shot(page, 'prediction-runs-2-review-light');

    // An entry the coder could not code says why, where its predictions would be (issue 27).
    for (let step = 0; step < 40 && (await page.getByTestId('no-predictions').count()) === 0; step++) {
      const current = await page.getByTestId('entry-string').innerText();
      await page.getByTestId('next-entry').click();
      await expect.poll(() => page.getByTestId('entry-string').innerText()).not.toBe(current);
    }
    const none = page.getByTestId('no-predictions');
    await expectVisible(none);
    expect(await none.innerText()).toMatch(/^No prediction: (no known title near it|the coder has no training data in [A-Z][\w ’']+)\.\s+Choose its code in the tree\.$/);
    noPredictionUrl = page.url();
    await shot(page, 'prediction-runs-2b-no-prediction-light');
  });

  it("runs the built-in coder again from 'Run predictions' and says what it learned from", async () => {
    await page.goto(`${app.url}/datasets/list`);
    await datasetRow(page).getByTestId('dataset-actions').click();
    await page.getByTestId('action-run-predictions').click();
    const modal = page.getByTestId('predictions-modal');
    await expectVisible(modal);
    expect(await page.getByRole('radio', { name: 'Built-in coder' }).isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId('predictions-scheme').inputValue()).toBe('HISCO');
    await shot(page, 'prediction-runs-3-modal-light');
    await page.getByTestId('predictions-run').click();
    await expectVisible(modal.getByTestId('job-card'));
    await expect.poll(() => modal.getByTestId('predictions-learned-from').innerText(), { timeout: 120_000 }).toMatch(/^Learned from [\d,]+ titles in HISCO; coded [\d,]+ of [\d,]+ titles\.$/);
    await shot(page, 'prediction-runs-4-learned-light');
    await page.getByTestId('predictions-cancel').click();
    await expect.poll(() => setRows(page).count()).toBe(2);
  });

  it('looks right in dark', async () => {
    const dark = await newPage(browser, 'dark');
    try {
      await dark.page.goto(`${app.url}/datasets/list`);
      await logIn(dark.page, user.username, user.password, { waitClosed: true });
      await expectVisible(datasetRow(dark.page));
      await datasetRow(dark.page).getByTestId('dataset-actions').click();
      await dark.page.getByTestId('action-run-predictions').click();
      await expectVisible(dark.page.getByTestId('predictions-modal'));
      await shot(dark.page, 'prediction-runs-5-modal-dark');
      await dark.page.keyboard.press('Escape');
      await dark.page.goto(noPredictionUrl);
      await expectVisible(dark.page.getByTestId('no-predictions'));
      await shot(dark.page, 'prediction-runs-6-no-prediction-dark');
    } finally {
      await dark.context.close();
    }
  });
});
