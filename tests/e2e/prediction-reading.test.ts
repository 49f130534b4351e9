import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startAppProcess } from './support/app-process.js';
import { seriousAccessibilityViolations } from './support/accessibility.js';
import { closeLeftoverDialog, expectVisible, launchBrowser, logIn, newPage, screenshot } from './support/browser.js';
import { csrfHeaders } from './support/page-api.js';

/**
 * The column-mapping step of a prediction file (issue 28) as a person uses it, in Debian's
 * Chromium against the built app: a CSV in OccCANINE's evaluation layout (no probabilities)
 * uploaded on /review shows the reading proposed and the first entries as they will be stored,
 * imports with it, and its review shows an entry without a confidence ('—') with its kept context;
 * changing the reading previews it again; a dataset's 'Run predictions' upload goes through the
 * same step.
 */

const gold = ['hisco_1', 'hisco_2', 'hisco_3', 'hisco_4', 'hisco_5'];
const predicted = ['hisco_pred1_0', 'hisco_pred2_0', 'hisco_pred3_0', 'hisco_pred4_0', 'hisco_pred5_0'];
/** OccCANINE's evaluation layout: gold codes in hisco_k, the model's codes in hisco_pred{k}_0, no probabilities. */
const evaluationRows = [
  ['RowID', 'occ1', 'lang', 'Year', ...gold, ...predicted],
  ['1', 'farmer', 'en', '1881', '61110', '', '', '', '', '61110', '', '', '', ''],
  ['2', 'shoemaker', 'en', '1880', '80110', '', '', '', '', '80110', '', '', '', ''],
  ['3', 'smith and innkeeper', 'en', '1880', '83110', '51030', '', '', '', '83110', '51030', '', '', ''],
  ['4', 'shoemaker', 'en', '1885', '80110', '', '', '', '', '80120', '', '', '', ''],
  ['5', 'his wife', 'en', '1880', '-1', '', '', '', '', '-1', '', '', '', ''],
  ['6', 'day labourer', 'en', '1901', '99910', '', '', '', '', '99910', '', '', '', ''],
];
const evaluationCsv = `${evaluationRows.map((row) => row.join(',')).join('\n')}\n`;
const setName = 'xlmr-hisco-eval';

/** Mantine's menus, modals and transitions take 150–250 ms: screenshots wait for them. */
async function shot(target: Page, name: string): Promise<void> {
  await target.waitForTimeout(400);
  await screenshot(target, name);
}

let app: AppProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let scratch: string;
let evaluationFile: string;

function setRow(target: Page, name: string): Locator {
  return target.getByTestId('prediction-set-row').filter({ has: target.getByTestId('prediction-set-name').getByText(name, { exact: true }) });
}

/** The preview table's cells of one column, row by row. */
async function previewCells(target: Page, testId: string): Promise<string[]> {
  return (await target.getByTestId('reading-preview-table').getByTestId(testId).allInnerTexts()).map((text) => text.trim());
}

/** Logs in from /review's notice. */
async function logInOnReview(target: Page): Promise<void> {
  await target.goto(`${app.url}/review`);
  await target.getByTestId('review-login-required').getByTestId('login-button').click();
  await logIn(target, app.admin.username, app.admin.password, { waitClosed: true });
  await expectVisible(target.getByTestId('prediction-set-upload'));
}

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'og-e2e-reading-'));
  evaluationFile = path.join(scratch, `${setName}.csv`);
  fs.writeFileSync(evaluationFile, evaluationCsv);
  app = await startAppProcess();
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  await logInOnReview(page);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

afterEach(() => closeLeftoverDialog(page));

describe("OccCANINE's evaluation layout on /review", () => {
  it('proposes the reading: title occ1, the model codes in rank order without confidences, language, context and reference codes', async () => {
    await page.getByTestId('prediction-file-input').setInputFiles(evaluationFile);
    const step = page.getByTestId('prediction-reading');
    await expectVisible(step, 20_000);
    expect(await step.getAttribute('data-layout')).toBe('occcanine-eval');
    expect(await page.getByTestId('reading-layout').innerText()).toBe("Recognised OccCANINE's evaluation layout: the model's codes from hisco_pred1_0…, no confidences.");

    expect(await page.getByTestId('reading-title').inputValue()).toBe('occ1');
    for (const [rank, column] of predicted.entries()) {
      expect(await page.getByTestId(`reading-code-${rank}`).inputValue()).toBe(column);
      expect(await page.getByTestId(`reading-confidence-${rank}`).inputValue()).toBe('No confidence');
    }
    expect(await page.getByTestId(`reading-code-${predicted.length}`).count()).toBe(0);
    expect(await page.getByTestId('reading-scheme').inputValue()).toBe('HISCO');
    expect(await page.getByTestId('reading-language').inputValue()).toBe('lang');
    // No code has a confidence column: a confidence may be given to the first-ranked code, none is.
    expect(await page.getByTestId('reading-first-confidence').inputValue()).toBe('');
    expect(await step.innerText()).toContain('every entry stays below any threshold');
    for (const column of ['Year', 'RowID']) expect(await page.getByTestId(`reading-context-${column}`).isChecked()).toBe(true);
    for (const column of gold) {
      expect(await page.getByTestId(`reading-reference-${column}`).isChecked()).toBe(true);
      expect(await page.getByTestId(`reading-context-${column}`).isDisabled()).toBe(true);
    }

    // The six rows as they will be stored: the model's codes (an answer's several occupations together), no confidence, the values kept.
    await expect.poll(() => previewCells(page, 'reading-preview-title')).toEqual(evaluationRows.slice(1).map((row) => row[1]));
    const codes = await page.getByTestId('reading-preview-codes').allInnerTexts();
    expect(codes[0]).toContain('61110');
    expect(codes[2]).toContain('83110 & 51030');
    expect(codes[3]).toContain('80120');
    expect(new Set(await previewCells(page, 'reading-preview-confidence'))).toEqual(new Set(['—']));
    expect(await previewCells(page, 'reading-preview-language')).toEqual(Array(6).fill('en'));
    const table = page.getByTestId('reading-preview-table');
    expect(await table.locator('[data-testid="reading-preview-context"][data-column="Year"]').allInnerTexts()).toEqual(evaluationRows.slice(1).map((row) => row[3]));
    expect(await table.locator('[data-testid="reading-preview-context"][data-column="hisco_1"]').allInnerTexts()).toEqual(evaluationRows.slice(1).map((row) => row[4]));
    expect(await page.getByTestId('reading-problems').count()).toBe(0);
    expect(await page.getByTestId('reading-import').isEnabled()).toBe(true);
    expect(await seriousAccessibilityViolations(page, '[data-testid="prediction-reading-step"]')).toEqual([]);
    await shot(page, 'prediction-reading-1-proposed-light');
  });

  it('imports with the reading accepted, and the review shows an entry without a confidence with its context under the title', async () => {
    await page.getByTestId('reading-import').click();
    await expect.poll(() => page.getByTestId('prediction-reading').count()).toBe(0);
    await page.locator('[data-testid="job-card"][data-state="completed"]').waitFor({ timeout: 60_000 });
    const row = setRow(page, setName);
    await row.and(page.locator('[data-state="ready"]')).waitFor({ timeout: 30_000 });
    // Five distinct titles: the two shoemaker rows are one entry.
    await expect.poll(() => row.getByTestId('prediction-set-total').innerText()).toBe('5');

    const slug = (await row.getAttribute('data-slug'))!;
    await row.getByTestId('prediction-set-name').click();
    await page.waitForURL((url) => url.pathname.startsWith(`/review/${encodeURIComponent(slug)}/entries/`));
    await page.goto(`${app.url}/review/${encodeURIComponent(slug)}/entries/${encodeURIComponent('farmer')}?filter=all`);
    await expect.poll(() => page.getByTestId('entry-string').innerText()).toBe('farmer');
    const box = page.getByTestId('confidence-box').first();
    expect(await box.innerText()).toBe('—');
    expect(await box.getAttribute('data-band')).toBe('none');
    const context = page.getByTestId('entry-context');
    await expectVisible(context);
    const items = (await context.getByTestId('entry-context-item').allInnerTexts()).map((text) => text.trim());
    expect(items).toContain('Year: 1881');
    expect(items).toContain('RowID: 1');
    expect(items.find((text) => text.startsWith('Reference code (hisco_1): '))).toMatch(/^Reference code \(hisco_1\): 61110\b/);
    await shot(page, 'prediction-reading-2-review-light');

    // The repeated title keeps both rows' years.
    await page.goto(`${app.url}/review/${encodeURIComponent(slug)}/entries/${encodeURIComponent('shoemaker')}?filter=all`);
    await expect.poll(() => page.getByTestId('entry-string').innerText()).toBe('shoemaker');
    await expect.poll(async () => (await page.getByTestId('entry-context-item').allInnerTexts()).map((text) => text.trim())).toContain('Year: 1880 · 1885');
  });
});

describe('changing the reading', () => {
  it('previews each change again: a confidence given to the first-ranked code, a column no longer kept, a code column ranked lower', async () => {
    const { context: dark, page: darkPage } = await newPage(browser, 'dark');
    try {
      await logInOnReview(darkPage);
      await darkPage.getByTestId('prediction-file-input').setInputFiles(evaluationFile);
      await expectVisible(darkPage.getByTestId('prediction-reading'), 20_000);
      await expect.poll(() => previewCells(darkPage, 'reading-preview-title')).toHaveLength(6);
      expect(await seriousAccessibilityViolations(darkPage, '[data-testid="prediction-reading-step"]')).toEqual([]);
      await shot(darkPage, 'prediction-reading-1-proposed-dark');

      // 0.8 for each entry's first-ranked code: the preview shows it, the layout stays the evaluation one's.
      // Typed key by key, through '0.' on the way.
      await darkPage.getByTestId('reading-first-confidence').pressSequentially('0.8');
      expect(await darkPage.getByTestId('reading-first-confidence').inputValue()).toBe('0.8');
      await expect.poll(() => previewCells(darkPage, 'reading-preview-confidence')).toEqual(Array(6).fill('80%'));
      expect(await darkPage.getByTestId('reading-restore').isVisible()).toBe(true);

      // Year no longer kept: its column leaves the table.
      await darkPage.getByTestId('reading-context-Year').uncheck();
      const table = darkPage.getByTestId('reading-preview-table');
      await expect.poll(() => table.locator('[data-testid="reading-preview-context"][data-column="Year"]').count()).toBe(0);
      expect(await table.locator('[data-testid="reading-preview-context"][data-column="RowID"]').count()).toBe(6);

      // The second code column ranked first: the third row's answer reads 51030 first.
      await darkPage.getByTestId('reading-code-down-0').click();
      expect(await darkPage.getByTestId('reading-code-0').inputValue()).toBe('hisco_pred2_0');
      await expect.poll(async () => (await darkPage.getByTestId('reading-preview-codes').allInnerTexts())[2]).toContain('51030 & 83110');
      await shot(darkPage, 'prediction-reading-3-changed-dark');

      // Back to the reading proposed.
      await darkPage.getByTestId('reading-restore').click();
      expect(await darkPage.getByTestId('reading-code-0').inputValue()).toBe('hisco_pred1_0');
      await expect.poll(() => previewCells(darkPage, 'reading-preview-confidence')).toEqual(Array(6).fill('—'));
      expect(await darkPage.getByTestId('reading-first-confidence').inputValue()).toBe('');
      expect(await darkPage.getByTestId('reading-context-Year').isChecked()).toBe(true);
      await darkPage.getByTestId('reading-cancel').click();
      await expect.poll(() => darkPage.getByTestId('prediction-reading').count()).toBe(0);
    } finally {
      await dark.close();
    }
  });
});

describe('a file longer than the start the preview reads', () => {
  it('is previewed from its first megabyte without calling the line cut there a problem', async () => {
    // 600 rows of about 3 KB (a long quoted note beside each): the first megabyte, all the browser sends, ends inside the
    // note of row 350 or so, before the 500 entries the preview samples, with its quote left open.
    const note = `"${'a long transcription note, '.repeat(110)}"`;
    const lines = [[...evaluationRows[0]!, 'note'].join(',')];
    for (let row = 1; row <= 600; row++) lines.push(`${row},farm servant number ${row},en,1880,62105,,,,,62105,,,,,${note}`);
    const file = path.join(scratch, 'long-evaluation.csv');
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    await page.goto(`${app.url}/review`);
    await page.getByTestId('prediction-file-input').setInputFiles(file);
    await expectVisible(page.getByTestId('prediction-reading'), 20_000);
    await expect.poll(() => previewCells(page, 'reading-preview-title')).toHaveLength(20);
    expect(await page.getByTestId('reading-problems').count()).toBe(0);
    expect(await page.getByTestId('reading-import').isEnabled()).toBe(true);
    await page.getByTestId('reading-cancel').click();
  });
});

describe('a table with no column of codes', () => {
  it('asks for the code columns and the scheme, and Import waits for them', async () => {
    const file = path.join(scratch, 'titles-only.csv');
    fs.writeFileSync(file, 'title,note\nbaker,town\nsmith,village\n');
    await page.goto(`${app.url}/review`);
    await page.getByTestId('prediction-file-input').setInputFiles(file);
    await expectVisible(page.getByTestId('prediction-reading'), 20_000);
    expect(await page.getByTestId('reading-layout').innerText()).toContain('choose the title column and the code columns');
    expect(await page.getByTestId('reading-title').inputValue()).toBe('title');
    expect(await page.getByTestId('reading-missing').innerText()).toBe('Choose at least one code column.');
    expect(await page.getByTestId('reading-import').isDisabled()).toBe(true);

    await page.getByTestId('reading-code-add').click();
    expect(await page.getByTestId('reading-code-0').inputValue()).toBe('note');
    expect(await page.getByTestId('reading-missing').innerText()).toBe('Choose the scheme of the codes.');
    expect(await page.getByTestId('reading-import').isDisabled()).toBe(true);
    await page.getByTestId('reading-cancel').click();
    await expect.poll(() => page.getByTestId('prediction-reading').count()).toBe(0);
  });
});

describe("a dataset's 'Run predictions' upload", () => {
  it('goes through the same step and imports the set of the dataset', async () => {
    const created = await page.request.post(`${app.url}/api/datasets`, {
      headers: await csrfHeaders(page, app.url),
      data: {
        data: evaluationRows.slice(1).map((row) => ({ title: row[1], code: '', totals: [] })),
        metadata: { title: 'Census sample 1880', titleColumn: 'title' },
      },
    });
    expect(created.status(), await created.text()).toBe(202);
    const dataset = (await created.json()) as { datasetId: string; jobId: string };
    await expect.poll(async () => ((await (await page.request.get(`${app.url}/api/jobs/${dataset.jobId}`)).json()) as { state: string }).state, { timeout: 60_000 }).toBe('completed');

    await page.goto(`${app.url}/datasets/list`);
    const datasetRow = page.getByTestId('dataset-row').filter({ has: page.getByTestId('dataset-name').getByText('Census sample 1880', { exact: true }) });
    await datasetRow.getByTestId('dataset-actions').click();
    await page.getByTestId('action-run-predictions').click();
    await page.getByText('Upload prediction results', { exact: true }).click();
    expect(await page.getByTestId('reading-import').isDisabled()).toBe(true);
    await page.getByTestId('predictions-file-input').setInputFiles(evaluationFile);
    const modal = page.getByTestId('predictions-modal');
    await expectVisible(modal.getByTestId('prediction-reading'), 20_000);
    expect(await modal.getByTestId('reading-layout').innerText()).toContain("OccCANINE's evaluation layout");
    await expect.poll(() => previewCells(page, 'reading-preview-title')).toHaveLength(6);
    expect(await seriousAccessibilityViolations(page, '[data-testid="predictions-modal"]')).toEqual([]);
    await shot(page, 'prediction-reading-4-dataset-light');

    await modal.getByTestId('reading-import').click();
    await page.getByTestId('predictions-import').getByTestId('job-card').and(page.locator('[data-state="completed"]')).waitFor({ timeout: 60_000 });
    await page.getByTestId('predictions-cancel').click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => setRow(page, setName).getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
    const listed = (await (await page.request.get(`${app.url}/api/prediction-sets`)).json()) as { predictionSets: { name: string; datasetId: string | null; total: number }[] };
    expect(listed.predictionSets.find((set) => set.datasetId === dataset.datasetId)).toMatchObject({ name: setName, total: 5 });
  });
});
