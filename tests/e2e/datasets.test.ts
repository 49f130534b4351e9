import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startAppProcess } from './support/app-process.js';
import { closeLeftoverDialog, expectVisible, launchBrowser, logIn, newPage, screenshot } from './support/browser.js';

/** Mantine's menus, modals, tooltips and stepper fade in over 150–250 ms: screenshots wait for them. */
async function shot(target: Page, name: string): Promise<void> {
  await target.waitForTimeout(400);
  await screenshot(target, name);
}

/**
 * The datasets flow as a person does it, in Debian's Chromium against the built app: the
 * upload wizard on a real title file, the live progress, the datasets list with its ring,
 * its actions and modals, deleting, sharing, and a file the ingest refuses.
 */

const titlesFile = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../shared/data/titles/occcanine_toydata_en.csv');
const member = { username: 'mira', password: 'mira-password-1' };
/** The server's DATASET_FILE_LIMIT here: above the census-sized file below, small enough to exceed without writing gigabytes. */
const fileLimit = '200mb';

let app: AppProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let scratch: string;

/** What the file holds, counted here independently of the app, with papaparse as the wizard reads it. */
function countTitles(file: string) {
  const parsed = Papa.parse<Record<string, string>>(fs.readFileSync(file, 'utf8'), { header: true, skipEmptyLines: true });
  const rows = parsed.data;
  const titles = new Set(rows.map((row) => row.title!.trim()).filter(Boolean));
  const codes = new Set(rows.map((row) => row.hisco!.trim()).filter(Boolean));
  const pairs = new Set(rows.map((row) => JSON.stringify([row.title!.trim(), row.hisco!.trim()])));
  return { rows: rows.length, titles, codes, pairs };
}
const expected = countTitles(titlesFile);
const number = (value: number) => value.toLocaleString('en');

/**
 * The share of HISCO codes among the distinct codes of the file's first 500 rows (what the wizard
 * samples), counted here against the scheme file the app was seeded with.
 */
function hiscoShare(file: string): number {
  const rows = Papa.parse<Record<string, string>>(fs.readFileSync(file, 'utf8'), { header: true, skipEmptyLines: true }).data.slice(0, 500);
  const sampled = [...new Set(rows.map((row) => row.hisco!.trim()).filter(Boolean))];
  const schemeFile = path.resolve(path.dirname(titlesFile), '../schemes/hisco.csv');
  const hisco = new Set(Papa.parse<Record<string, string>>(fs.readFileSync(schemeFile, 'utf8'), { header: true, skipEmptyLines: true }).data.map((row) => row.code));
  return Math.floor((sampled.filter((code) => hisco.has(code)).length * 100) / sampled.length);
}

/** Waits until the wizard has pre-selected the columns and scheme a file's header and codes suggest. */
async function expectPreSelected(target: Page, choices: { title: string; code: string; scheme: string; share: number }): Promise<void> {
  await expect.poll(() => target.getByTestId('wizard-title-column').inputValue()).toBe(choices.title);
  expect(await target.getByTestId('wizard-code-column').inputValue()).toBe(choices.code);
  expect(await target.getByText('Pre-selected from the file', { exact: true }).count()).toBe(2);
  await expect.poll(() => target.getByTestId('wizard-scheme').inputValue()).toBe(choices.scheme);
  await target.getByText(`${choices.share}% of the sampled codes are ${choices.scheme} codes`, { exact: true }).waitFor();
}


/** Picks an option of a Mantine Select by its exact text. */
async function choose(target: Page, select: Locator, option: string | RegExp): Promise<void> {
  await select.click();
  await target.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

function datasetRow(target: Page, title: string): Locator {
  return target.getByTestId('dataset-row').filter({ has: target.getByTestId('dataset-name').getByText(title, { exact: true }) });
}

/** Opens a row's action from its menu and waits for the dialog it brings. */
async function openAction(target: Page, title: string, action: string): Promise<void> {
  await datasetRow(target, title).getByTestId('dataset-actions').click();
  await target.getByTestId(action).click();
  await expectVisible(target.getByRole('dialog'));
}

async function closeModal(target: Page): Promise<void> {
  await target.keyboard.press('Escape');
  await target.getByRole('dialog').waitFor({ state: 'detached' });
}

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'og-e2e-datasets-'));
  app = await startAppProcess({ DATASET_FILE_LIMIT: fileLimit });
  app.addUser(member.username, 'member', member.password);
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  await page.goto(`${app.url}/datasets/upload`);
  await logIn(page, app.admin.username, app.admin.password, { waitClosed: true });
  await page.getByTestId('upload-wizard').waitFor();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

afterEach(() => closeLeftoverDialog(page));

describe('uploading a dataset through the wizard', () => {
  const title = 'OccCANINE toy data (English)';

  it('reads the file in the browser, counts its titles and codes, and walks the four steps', async () => {
    expect(await page.getByTestId('wizard-next').isDisabled()).toBe(true);
    for (const label of ['Upload CSV', 'Add context', 'Other options', 'Confirm settings']) {
      await expectVisible(page.getByTestId('wizard-stepper').getByText(label, { exact: true }));
    }
    await shot(page, 'datasets-wizard-1-empty-light');

    await page.getByTestId('wizard-file-input').setInputFiles(titlesFile);
    expect(await page.getByTestId('wizard-file-size').innerText()).toBe('270 KB');
    expect(await page.getByTestId('wizard-file-size').getAttribute('data-large')).toBeNull();
    await expect.poll(() => page.getByTestId('wizard-title-column').isEnabled()).toBe(true);
    expect(await page.getByTestId('wizard-file-format').innerText()).toBe('· comma-separated, UTF-8');

    // The headers `title,hisco` and the first rows pre-select both columns; the codes pre-pick HISCO, its share shown.
    const share = hiscoShare(titlesFile);
    await expectPreSelected(page, { title: 'title', code: 'hisco', scheme: 'HISCO', share });
    expect(await page.getByTestId('wizard-next').isEnabled()).toBe(true);
    await shot(page, 'datasets-wizard-1-pre-selected-light');
    await page.getByTestId('wizard-scheme').click();
    expect(await page.getByTestId('wizard-scheme-share-hisco').innerText()).toBe(`${share}%`);
    expect(Number.parseInt(await page.getByTestId('wizard-scheme-share-isco08').innerText(), 10)).toBeLessThan(share);
    await shot(page, 'datasets-wizard-1-scheme-shares-light');
    await page.keyboard.press('Escape');

    // Every choice can still be changed, and a file alone is not enough: a title or code column must be chosen.
    // (Mantine hides a select's clear button from assistive technology: found by its label's attribute.)
    await page.locator('button[aria-label="Clear the title column"]').click();
    await page.locator('button[aria-label="Clear the code column"]').click();
    expect(await page.getByTestId('wizard-next').isDisabled()).toBe(true);
    expect(await page.getByTestId('wizard-scheme').isDisabled()).toBe(true);

    await choose(page, page.getByTestId('wizard-title-column'), 'title');
    await page.locator('[data-testid="wizard-counts"][data-done]').waitFor();
    await expect.poll(() => page.getByTestId('wizard-count-titles').innerText()).toBe(number(expected.titles.size));
    await expect.poll(() => page.getByTestId('wizard-count-rows').innerText()).toBe(number(expected.rows));
    // The file was read again for the new choice, and the emptied code column stayed empty: no guess came back.
    expect(await page.getByTestId('wizard-code-column').inputValue()).toBe('');
    expect(await page.getByText('Pre-selected from the file', { exact: true }).count()).toBe(0);

    // The scheme is chosen once a code column is: pre-picked for a code column chosen by hand too.
    expect(await page.getByTestId('wizard-scheme').isDisabled()).toBe(true);
    await choose(page, page.getByTestId('wizard-code-column'), 'hisco');
    await page.locator('[data-testid="wizard-counts"][data-done]').waitFor();
    await expect.poll(() => page.getByTestId('wizard-count-codes').innerText()).toBe(number(expected.codes.size));
    await expect.poll(() => page.getByTestId('wizard-scheme').inputValue()).toBe('HISCO');
    // Choosing the pre-picked scheme again keeps it.
    await page.getByTestId('wizard-scheme').click();
    await page.getByTestId('wizard-scheme').fill('hisc');
    await page.getByRole('option', { name: /HISCO/ }).click();

    const tree = (await (await page.request.get(`${app.url}/api/schemes/hisco/tree`)).json()) as { lookup: Record<string, { label: string }> };
    const labels = new Set(Object.values(tree.lookup).map((code) => code.label));
    const valid = [...expected.codes].filter((code) => labels.has(code)).length;
    expect(valid).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('wizard-count-valid').innerText()).toBe(number(valid));
    await shot(page, 'datasets-wizard-1-upload-csv-light');

    await page.getByTestId('wizard-next').click();
    await choose(page, page.getByTestId('wizard-language'), 'English');
    await page.getByTestId('wizard-provenance').fill('OccCANINE training data: English toy sample');
    await page.getByTestId('wizard-wikidata').fill('42');
    await page.getByText('A Wikidata QID looks like Q42').waitFor();
    expect(await page.getByTestId('wizard-next').isDisabled()).toBe(true);
    await shot(page, 'datasets-wizard-2-add-context-error-light');
    await page.getByTestId('wizard-wikidata').fill('Q42');
    expect(await page.getByTestId('wizard-next').isEnabled()).toBe(true);
    await shot(page, 'datasets-wizard-2-add-context-light');

    await page.getByTestId('wizard-next').click();
    expect(await page.getByTestId('wizard-totals-columns').isDisabled()).toBe(true);
    expect(await page.getByTestId('wizard-predict-single').isEnabled()).toBe(true);
    expect(await page.getByTestId('wizard-restrict').isEnabled()).toBe(true);
    await page.getByTestId('wizard-predict-single').check();
    // Predictions in one scheme need the scheme: Next waits for it.
    expect(await page.getByTestId('wizard-next').isDisabled()).toBe(true);
    await page.getByTestId('wizard-predict-single').uncheck();
    await shot(page, 'datasets-wizard-3-other-options-light');

    await page.getByTestId('wizard-next').click();
    expect(await page.getByTestId('wizard-title').getAttribute('placeholder')).toBe('eg. UK Census 2021');
    for (const index of [0, 1, 2]) expect(await page.getByTestId(`wizard-agreement-${index}`).isChecked()).toBe(true);
    expect(await page.getByTestId('wizard-create').isDisabled()).toBe(true);
    await page.getByTestId('wizard-title').fill(title);
    expect(await page.getByTestId('wizard-create').isEnabled()).toBe(true);
    await shot(page, 'datasets-wizard-4-confirm-settings-light');
  });

  it('uploads the file, shows the ingest live, and lands on the list no earlier than 2 s after the click', async () => {
    const clickedAt = Date.now();
    await page.getByTestId('wizard-create').click();
    await page.getByText('Your dataset is being generated...').waitFor();
    // The ingest job's own card, fed over Socket.IO, appears once the file is stored.
    await page.getByTestId('job-card').waitFor();
    expect(await page.getByTestId('job-card').innerText()).toContain('Ingest dataset');
    await shot(page, 'datasets-wizard-5-completed-light');

    await page.waitForURL(`${app.url}/datasets/list`);
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(2_000);
    const row = datasetRow(page, title);
    await row.locator('[data-testid="dataset-ingest"][data-state="ready"]').waitFor();
    expect(await row.getByTestId('dataset-title-count').innerText()).toBe(number(expected.pairs.size));
    await shot(page, 'datasets-list-light');

    // The state comes from the server: a reload shows the same.
    await page.reload();
    await datasetRow(page, title).locator('[data-testid="dataset-ingest"][data-state="ready"]').waitFor();
    expect(await datasetRow(page, title).getByTestId('dataset-title-count').innerText()).toBe(number(expected.pairs.size));
  });

  it('offers the actions and modals of SPEC §2, their later parts disabled with a tooltip', async () => {
    await datasetRow(page, title).getByTestId('dataset-actions').click();
    await page.getByTestId('dataset-actions-menu').waitFor();
    await shot(page, 'datasets-actions-menu-light');
    await page.keyboard.press('Escape');

    await openAction(page, title, 'action-run-predictions');
    // The built-in coder runs here; SPEC's five models need a service this server is not configured with.
    expect(await page.getByRole('radio', { name: 'Built-in coder' }).isChecked()).toBe(true);
    for (const model of ['OccCanine', 'GPT-4.1', 'DeepSeek', 'Claude Sonnet 4', 'Gemini 2.5 Pro']) {
      await expectVisible(page.getByRole('radio', { name: model }));
      expect(await page.getByRole('radio', { name: model }).isDisabled()).toBe(true);
    }
    // The dataset's codes are HISCO: the run codes into HISCO unless another scheme is chosen.
    await expect.poll(() => page.getByTestId('predictions-scheme').inputValue()).toBe('HISCO');
    expect(await page.getByTestId('predictions-run').isEnabled()).toBe(true);
    await shot(page, 'datasets-modal-run-predictions-light');
    await page.getByText('Upload prediction results').click();
    expect(await page.getByTestId('predictions-file-input').getAttribute('accept')).toContain('.json');
    expect(await page.getByTestId('reading-import').isDisabled()).toBe(true);
    await shot(page, 'datasets-modal-run-predictions-file-light');
    await closeModal(page);

    await openAction(page, title, 'action-new-conversion');
    for (const depth of ['Root categories', 'Root + 1', 'Root + 2', 'Max']) await expectVisible(page.getByText(depth, { exact: true }));
    for (const tolerance of ['Aggregate all', 'Closest common parent']) await expectVisible(page.getByRole('radio', { name: tolerance }));
    for (const weighting of ['Equal shares', 'Proportional to a reference dataset', 'All to one target']) await expectVisible(page.getByRole('radio', { name: weighting }));
    // Confirm works: without a target scheme it asks for one and stays open.
    await page.getByTestId('conversion-confirm').click();
    await expectVisible(page.getByTestId('conversion-modal').getByText('Choose the scheme to convert into'));
    await shot(page, 'datasets-modal-new-conversion-light');
    await closeModal(page);

    await openAction(page, title, 'action-adjust-threshold');
    expect(await page.getByTestId('threshold-value').innerText()).toBe('0.75');
    for (const mark of ['25%', '50%', '75%']) expect(await page.getByTestId('threshold-modal').getByText(mark, { exact: true }).count()).toBeGreaterThan(0);
    await page.getByRole('slider', { name: 'Threshold' }).focus();
    for (let step = 0; step < 17; step++) await page.keyboard.press('ArrowLeft');
    expect(await page.getByTestId('threshold-value').innerText()).toBe('0.58');
    expect(await page.getByTestId('threshold-save').getAttribute('aria-disabled')).toBe('true');
    await page.getByTestId('threshold-save').hover();
    await page.getByRole('tooltip').filter({ hasText: 'saved with a prediction set' }).waitFor();
    await shot(page, 'datasets-modal-adjust-threshold-light');
    await closeModal(page);

    await datasetRow(page, title).getByTestId('dataset-export').click();
    await page.getByTestId('dataset-export-menu').getByText('Flattened').hover();
    await page.getByRole('tooltip').filter({ hasText: 'no prediction set to export yet' }).waitFor();
    await expectVisible(page.getByTestId('dataset-export-menu').getByText('Nested'));
    await shot(page, 'datasets-export-menu-light');
    await page.keyboard.press('Escape');
  });

  it('shares a dataset with a collaborator, who then sees it', async () => {
    const { context: memberContext, page: memberPage } = await newPage(browser);
    await memberPage.goto(`${app.url}/datasets/list`);
    await logIn(memberPage, member.username, member.password, { waitClosed: true });
    // Another member's dataset is not theirs to see.
    await memberPage.getByTestId('datasets-empty').waitFor();
    await shot(memberPage, 'datasets-list-empty-light');

    await openAction(page, title, 'action-add-collaborator');
    await page.getByTestId('collaborator-username').fill('nobody-here');
    await page.getByTestId('collaborator-submit').click();
    await page.getByTestId('collaborator-modal').getByText('There is no user named "nobody-here".').waitFor();
    await shot(page, 'datasets-modal-add-collaborator-error-light');
    await page.getByTestId('collaborator-username').fill(member.username);
    await page.getByTestId('collaborator-submit').click();
    await page.getByText(`${member.username} can now see ${title}`).waitFor();
    await datasetRow(page, title).getByText('shared with 1 person').waitFor();

    await memberPage.reload();
    const shared = datasetRow(memberPage, title);
    await shared.getByText('shared by').waitFor();
    expect(await shared.getByTestId('dataset-title-count').innerText()).toBe(number(expected.pairs.size));
    // A collaborator may not delete or share further.
    await shared.getByTestId('dataset-actions').click();
    expect(await memberPage.getByTestId('action-delete-dataset').isDisabled()).toBe(true);
    await memberContext.close();
  });
});

describe('a census-sized file', () => {
  /**
   * About 150 MB of real titles, each made distinct by a number (so the browser's distinct
   * count stops at its cap and says "at least"), with a HISCO code and a totals column.
   */
  function writeLargeFile(file: string, targetBytes: number): number {
    const titles = [...expected.titles];
    const codes = [...expected.codes];
    const out = fs.openSync(file, 'w');
    let bytes = 0;
    let rows = 0;
    let batch = 'title,hisco,n\n';
    while (bytes < targetBytes) {
      const title = titles[rows % titles.length]!.replaceAll('"', '""');
      batch += `"${title} ${rows}",${codes[rows % codes.length]},${rows % 7}\n`;
      rows++;
      if (batch.length > 1_000_000) {
        bytes += fs.writeSync(out, batch);
        batch = '';
      }
    }
    fs.writeSync(out, batch);
    fs.closeSync(out);
    return rows;
  }

  it('reads it in a worker while the page stays usable, and its ring moves live on the list, across a reload', async () => {
    const big = path.join(scratch, 'census-like.csv');
    const rows = writeLargeFile(big, 150_000_000);
    await page.goto(`${app.url}/datasets/upload`);
    await page.getByTestId('wizard-file-input').setInputFiles(big);
    await choose(page, page.getByTestId('wizard-title-column'), 'title');
    await page.getByTestId('wizard-reading').waitFor();
    // The page stays responsive while the worker reads: the code column can be chosen meanwhile.
    await choose(page, page.getByTestId('wizard-code-column'), 'hisco');
    await shot(page, 'datasets-wizard-1-reading-large-light');
    // How late the page's timers fire while the worker reads is measured by the bench (`npm run bench -- --only wizard`).
    await page.locator('[data-testid="wizard-counts"][data-done]').waitFor({ timeout: 180_000 });
    expect(await page.getByTestId('wizard-count-rows').innerText()).toBe(number(rows));
    expect(await page.getByTestId('wizard-count-titles').innerText()).toBe('at least 2,000,000');
    await expect.poll(() => page.getByTestId('wizard-count-codes').innerText()).toBe(number(expected.codes.size));
    await shot(page, 'datasets-wizard-1-large-counted-light');

    for (let step = 0; step < 3; step++) await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-title').fill('Census-like sample');
    await page.getByTestId('wizard-create').click();
    await page.getByText('Your dataset is being generated...').waitFor();
    if (await page.getByTestId('wizard-upload-progress').isVisible()) await screenshot(page, 'datasets-wizard-5-uploading-light');
    await page.waitForURL(`${app.url}/datasets/list`, { timeout: 60_000 });

    const ring = datasetRow(page, 'Census-like sample').getByTestId('dataset-ingest');
    const seen = new Set<string>();
    let reloaded = false;
    for (let tries = 0; tries < 600; tries++) {
      const state = await ring.getAttribute('data-state');
      if (state === 'ready' || state === 'failed') break;
      seen.add(`${await ring.getAttribute('data-percent')}|${await ring.innerText()}`);
      if (seen.size === 2) await shot(page, 'datasets-list-ingesting-light');
      if (seen.size >= 3 && !reloaded) {
        // The ring's state comes from the server's job_runs: it survives a reload.
        await page.reload();
        await ring.waitFor();
        expect(await ring.getAttribute('data-state')).toMatch(/ingesting|ready/);
        reloaded = true;
      }
      await page.waitForTimeout(200);
    }
    expect(seen.size).toBeGreaterThanOrEqual(3);
    await datasetRow(page, 'Census-like sample').locator('[data-testid="dataset-ingest"][data-state="ready"]').waitFor({ timeout: 60_000 });
    expect(await datasetRow(page, 'Census-like sample').getByTestId('dataset-title-count').innerText()).toBe(number(rows));
    fs.rmSync(big, { force: true });
  }, 240_000);
});

describe('a file larger than the server accepts', () => {
  it('is refused as soon as it is chosen, without being read, and Next stays disabled', async () => {
    // 250 MB that take no disk: the wizard must refuse it by its size alone, before reading a byte.
    const huge = path.join(scratch, 'too-large.csv');
    fs.writeFileSync(huge, 'title,hisco\n');
    fs.truncateSync(huge, 250_000_000);
    await page.goto(`${app.url}/datasets/upload`);
    await page.getByTestId('wizard-file-input').setInputFiles(huge);
    const refusal = page.getByTestId('wizard-file-refused');
    await refusal.waitFor();
    expect(await refusal.innerText()).toBe('This file is 250 MB; the largest file this server accepts is 200 MB.');
    expect(await page.getByTestId('wizard-file-size').innerText()).toBe('250 MB');
    expect(await page.getByTestId('wizard-next').isDisabled()).toBe(true);
    // Not read: no header, so no column to choose and nothing being counted.
    expect(await page.getByTestId('wizard-title-column').isDisabled()).toBe(true);
    expect(await page.getByTestId('wizard-reading').count()).toBe(0);
    await shot(page, 'datasets-wizard-1-too-large-light');

    // Another file is read as usual.
    await page.getByTestId('wizard-file-input').setInputFiles(titlesFile);
    await expect.poll(() => page.getByTestId('wizard-title-column').isEnabled()).toBe(true);
    expect(await refusal.count()).toBe(0);
    await choose(page, page.getByTestId('wizard-title-column'), 'title');
    expect(await page.getByTestId('wizard-next').isEnabled()).toBe(true);
    fs.rmSync(huge, { force: true });
  });
});

describe('a UTF-16 file with a byte-order mark', () => {
  it('shows its columns, pre-selected, and goes through the wizard to a ready dataset whose titles read back whole', async () => {
    // Excel's "Unicode text": UTF-16LE with a byte-order mark, here with real Swedish and German titles and their HISCO codes.
    const rows: Array<[string, string]> = [
      ['Skräddare', '79100'],
      ['Tapetserare', '79620'],
      ['Bäcker', '77610'],
      ['Snickare', '95410'],
      ['Müller, Knecht', '99900'],
    ];
    const text = ['title,hisco', ...rows.map(([title, code]) => `"${title}",${code}`)].join('\r\n') + '\r\n';
    const file = path.join(scratch, 'unicode-titles.csv');
    fs.writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));

    await page.goto(`${app.url}/datasets/upload`);
    await page.getByTestId('wizard-file-input').setInputFiles(file);
    await expect.poll(() => page.getByTestId('wizard-title-column').isEnabled()).toBe(true);
    expect(await page.getByTestId('wizard-file-format').innerText()).toBe('· comma-separated, UTF-16 (little-endian)');
    await expectPreSelected(page, { title: 'title', code: 'hisco', scheme: 'HISCO', share: 100 });
    await page.locator('[data-testid="wizard-counts"][data-done]').waitFor();
    expect(await page.getByTestId('wizard-count-titles').innerText()).toBe(number(rows.length));
    await expect.poll(() => page.getByTestId('wizard-count-valid').innerText()).toBe(number(rows.length));
    await shot(page, 'datasets-wizard-1-utf16-light');

    for (let step = 0; step < 3; step++) await page.getByTestId('wizard-next').click();
    const title = 'Swedish and German titles (UTF-16)';
    await page.getByTestId('wizard-title').fill(title);
    await page.getByTestId('wizard-create').click();
    await page.waitForURL(`${app.url}/datasets/list`);
    await datasetRow(page, title).locator('[data-testid="dataset-ingest"][data-state="ready"]').waitFor();

    const list = (await (await page.request.get(`${app.url}/api/datasets`)).json()) as { datasets: Array<{ id: string; metadata: { title: string; titleColumn: string; codeColumn: string; scheme: string } }> };
    const dataset = list.datasets.find((entry) => entry.metadata.title === title)!;
    expect(dataset.metadata).toMatchObject({ titleColumn: 'title', codeColumn: 'hisco', scheme: 'hisco' });
    const stored = (await (await page.request.get(`${app.url}/api/datasets/${dataset.id}/titles`)).json()) as { titles: Array<{ title: string; code: string }> };
    expect(stored.titles.map(({ title: storedTitle, code }) => [storedTitle, code]).sort()).toEqual([...rows].sort());
    fs.rmSync(file, { force: true });
  });
});

describe('a dataset the ingest refuses, and deleting datasets', () => {
  it('warns about ragged rows in the wizard, and the list shows why the dataset failed', async () => {
    const ragged = path.join(scratch, 'ragged-titles.csv');
    fs.writeFileSync(ragged, 'title,code\nbaker,1\nsmith\nweaver,3\n');
    await page.goto(`${app.url}/datasets/upload`);
    await page.getByTestId('wizard-file-input').setInputFiles(ragged);
    await choose(page, page.getByTestId('wizard-title-column'), 'title');
    await page.getByTestId('wizard-ragged').waitFor();
    expect(await page.getByTestId('wizard-ragged').innerText()).toContain('row 3 (the header is row 1) has 1 field; the header has 2');
    await shot(page, 'datasets-wizard-1-ragged-light');
    for (let step = 0; step < 3; step++) await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-title').fill('Ragged file');
    await page.getByTestId('wizard-create').click();
    await page.waitForURL(`${app.url}/datasets/list`);
    const row = datasetRow(page, 'Ragged file');
    await row.locator('[data-testid="dataset-ingest"][data-state="failed"]').waitFor();
    await expect.poll(() => row.getByTestId('dataset-error').innerText()).toBe('Line 3 has 1 field; the header has 2.');
    await shot(page, 'datasets-list-failed-light');
  });

  it('deletes a dataset after a confirmation, and it is gone from the list and the API', async () => {
    await openAction(page, 'Ragged file', 'action-delete-dataset');
    await page.getByTestId('delete-dataset-modal').waitFor();
    await shot(page, 'datasets-modal-delete-light');
    await page.getByTestId('delete-dataset-cancel').click();
    expect(await datasetRow(page, 'Ragged file').count()).toBe(1);

    await openAction(page, 'Ragged file', 'action-delete-dataset');
    await page.getByTestId('delete-dataset-confirm').click();
    await page.getByText('Dataset Ragged file deleted').waitFor();
    await expect.poll(() => datasetRow(page, 'Ragged file').count()).toBe(0);
    const list = (await (await page.request.get(`${app.url}/api/datasets`)).json()) as { datasets: Array<{ metadata: { title: string } }> };
    expect(list.datasets.map((dataset) => dataset.metadata.title)).not.toContain('Ragged file');
  });
});

describe('in the dark colour scheme', () => {
  it('shows each wizard step, the list and each modal', async () => {
    const { context: dark, page: darkPage } = await newPage(browser, 'dark');
    await darkPage.goto(`${app.url}/datasets/upload`);
    await logIn(darkPage, app.admin.username, app.admin.password, { waitClosed: true });
    await shot(darkPage, 'datasets-wizard-1-empty-dark');
    await darkPage.getByTestId('wizard-file-input').setInputFiles(titlesFile);
    await expectPreSelected(darkPage, { title: 'title', code: 'hisco', scheme: 'HISCO', share: hiscoShare(titlesFile) });
    await shot(darkPage, 'datasets-wizard-1-pre-selected-dark');
    await darkPage.getByTestId('wizard-scheme').click();
    await darkPage.getByTestId('wizard-scheme-share-hisco').waitFor();
    await shot(darkPage, 'datasets-wizard-1-scheme-shares-dark');
    await darkPage.keyboard.press('Escape');
    // Choosing what is already chosen keeps it.
    await choose(darkPage, darkPage.getByTestId('wizard-title-column'), 'title');
    await choose(darkPage, darkPage.getByTestId('wizard-code-column'), 'hisco');
    await darkPage.getByTestId('wizard-scheme').click();
    await darkPage.getByRole('option', { name: /HISCO/ }).click();
    await darkPage.locator('[data-testid="wizard-counts"][data-done]').waitFor();
    await expect.poll(() => darkPage.getByTestId('wizard-count-valid').innerText()).not.toBe('—');
    await shot(darkPage, 'datasets-wizard-1-upload-csv-dark');
    await darkPage.getByTestId('wizard-next').click();
    await shot(darkPage, 'datasets-wizard-2-add-context-dark');
    await darkPage.getByTestId('wizard-next').click();
    await darkPage.getByTestId('wizard-use-totals').check();
    await shot(darkPage, 'datasets-wizard-3-other-options-dark');
    await darkPage.getByTestId('wizard-next').click();
    await darkPage.getByTestId('wizard-title').fill('Toy data, dark');
    await shot(darkPage, 'datasets-wizard-4-confirm-settings-dark');
    await darkPage.getByTestId('wizard-create').click();
    await darkPage.getByTestId('job-card').waitFor();
    await shot(darkPage, 'datasets-wizard-5-completed-dark');
    await darkPage.waitForURL(`${app.url}/datasets/list`);
    await datasetRow(darkPage, 'Toy data, dark').locator('[data-testid="dataset-ingest"][data-state="ready"]').waitFor();
    await shot(darkPage, 'datasets-list-dark');

    const modals: Array<[string, string]> = [
      ['action-run-predictions', 'run-predictions'],
      ['action-new-conversion', 'new-conversion'],
      ['action-adjust-threshold', 'adjust-threshold'],
      ['action-add-collaborator', 'add-collaborator'],
      ['action-delete-dataset', 'delete'],
    ];
    for (const [action, name] of modals) {
      await openAction(darkPage, 'Toy data, dark', action);
      await darkPage.getByRole('dialog').waitFor();
      await shot(darkPage, `datasets-modal-${name}-dark`);
      await closeModal(darkPage);
    }
    await dark.close();
  });
});
