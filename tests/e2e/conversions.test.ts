import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startAppProcess } from './support/app-process.js';
import { closeLeftoverDialog, expectVisible, launchBrowser, logIn, newPage, screenshot } from './support/browser.js';

/**
 * Converting a dataset as a new user does it, in Debian's Chromium against the built app: upload
 * an ESCO-coded CSV, convert it into ISCO-08 at 'Root + 2' from 'New conversion', follow the job
 * to the result (totals that add up, target codes with sample titles, problematic codes), walk the
 * problematic codes on the diagram ('Map only here', 'Save and next'), and download the converted
 * table.
 */

const labelsFile = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../shared/data/titles/esco_occupation_labels_en.csv');
const user = { username: 'cora', password: 'cora-password-1' };
const title = 'ESCO labels sample';
/** The seeded ESCO → ISCO-08 crosswalk's links (tests/e2e/linking.test.ts waits for the same). */
const seededLinks = 2_942;

/**
 * The first 300 ESCO labels (each ESCO occupation has one ISCO-08 unit group), with persons, and
 * three titles coded only to an ESCO group, as census coders often do: such a code has no link of its
 * own and follows its descendants', which spread over several ISCO-08 groups at 'Root + 2'. One title
 * has a code ESCO does not know, one has no code: neither is converted, each for its reason.
 */
const groupCoded = [
  { title: 'scientist', code: '21', persons: 40 },
  { title: 'engineer', code: '21', persons: 25 },
  { title: 'professional', code: '2', persons: 12 },
];
const unknownCode = { title: 'alchemist', code: 'not-an-esco-code', persons: 3 };
const notCoded = { title: 'town crier', code: '', persons: 2 };
const labels = Papa.parse<Record<string, string>>(fs.readFileSync(labelsFile, 'utf8'), { header: true, skipEmptyLines: true })
  .data.slice(0, 300)
  .map((row, index) => ({ title: row.title!, code: row.esco_code!, isco: row.isco08!, persons: (index % 9) + 1 }));
const rows = [...labels, ...groupCoded, unknownCode, notCoded];
const persons = rows.reduce((sum, row) => sum + row.persons, 0);

let scratch: string;
let csvFile: string;
let app: AppProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let conversionUrl: string;
let codeUrl: string;

const number = (value: number) => value.toLocaleString('en');
const datasetRow = (target: Page): Locator => target.getByTestId('dataset-row').filter({ has: target.getByTestId('dataset-name').getByText(title, { exact: true }) });

async function shot(target: Page, name: string): Promise<void> {
  // A full-page shot of a scrolled page draws the sticky header half-way down.
  await target.evaluate(() => window.scrollTo(0, 0));
  await target.waitForTimeout(400);
  await screenshot(target, name);
}

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'og-e2e-conversions-'));
  csvFile = path.join(scratch, 'esco-labels-sample.csv');
  fs.writeFileSync(csvFile, Papa.unparse({ fields: ['title', 'esco_code', 'persons'], data: rows.map((row) => [row.title, row.code, row.persons]) }));

  app = await startAppProcess();
  app.addUser(user.username, 'member', user.password);
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  await page.goto(`${app.url}/datasets/list`);
  await logIn(page, user.username, user.password, { waitClosed: true });

  // The crosswalk is a job queued at the first start: a conversion needs its links.
  const linkCount = async () => ((await (await page.request.get(`${app.url}/api/links/count`)).json()) as { count: number }).count;
  const deadline = Date.now() + 90_000;
  while ((await linkCount()) < seededLinks) {
    if (Date.now() > deadline) throw new Error('The seeded ESCO → ISCO-08 crosswalk was not imported within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});
afterEach(() => closeLeftoverDialog(page));

describe('converting a coded dataset into another scheme (issue 14)', () => {
  it("says there is nothing under 'My datasets' yet, and that an unknown conversion is not found", async () => {
    await page.goto(`${app.url}/convert`);
    await expectVisible(page.getByTestId('conversions-empty'));
    await shot(page, 'conversions-0-empty-light');
    await page.goto(`${app.url}/convert/00000000-0000-4000-8000-000000000000`);
    await expectVisible(page.getByTestId('conversion-load-error').getByText('Conversion not found'));
    await page.getByTestId('conversion-load-error').getByRole('link', { name: 'My datasets' }).click();
    await page.waitForURL(`${app.url}/convert`);
    await page.getByTestId('conversions-empty').getByRole('link', { name: 'Go to the datasets' }).click();
    await page.waitForURL(`${app.url}/datasets/list`);
  });

  it('uploads an ESCO-coded CSV from the datasets list', async () => {
    await page.getByTestId('datasets-upload').click();
    await page.getByTestId('wizard-file-input').setInputFiles(csvFile);
    await expect.poll(() => page.getByTestId('wizard-title-column').inputValue(), { timeout: 20_000 }).toBe('title');
    await expect.poll(() => page.getByTestId('wizard-code-column').inputValue()).toBe('esco_code');
    if ((await page.getByTestId('wizard-scheme').inputValue()) !== 'ESCO') {
      await page.getByTestId('wizard-scheme').click();
      await page.getByRole('option', { name: /^ESCO/ }).click();
    }
    await expect.poll(() => page.getByTestId('wizard-scheme').inputValue()).toBe('ESCO');
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-use-totals').check();
    await page.getByTestId('wizard-totals-columns').click();
    await page.getByRole('option', { name: 'persons', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-title').fill(title);
    await page.getByTestId('wizard-create').click();
    await page.waitForURL(`${app.url}/datasets/list`, { timeout: 30_000 });
    await expect.poll(() => datasetRow(page).getAttribute('data-state'), { timeout: 60_000 }).toBe('ready');
  });

  it("starts a conversion into ISCO-08 at 'Root + 2' from 'New conversion', and follows it to the result", async () => {
    await datasetRow(page).getByTestId('dataset-actions').click();
    await page.getByTestId('action-new-conversion').click();
    const modal = page.getByTestId('conversion-modal');
    await expectVisible(modal);
    for (const label of ['Root categories', 'Root + 1', 'Root + 2', 'Max']) await expectVisible(modal.getByText(label, { exact: true }));
    for (const label of ['Aggregate all', 'Closest common parent', 'Equal shares', 'Proportional to a reference dataset', 'All to one target']) {
      await expectVisible(modal.getByRole('radio', { name: label }));
    }
    // The dataset's own scheme is not offered as a target.
    await page.getByTestId('conversion-scheme').click();
    await expectVisible(page.getByRole('option', { name: /ISCO-08/ }));
    expect(await page.getByRole('option', { name: /^ESCO/ }).count()).toBe(0);
    await page.getByRole('option', { name: /ISCO-08/ }).click();

    // A reference weighting needs a dataset coded in ISCO-08: this user has none, and is told so.
    await modal.getByRole('radio', { name: 'Proportional to a reference dataset' }).check();
    await expectVisible(modal.getByText('None of your datasets is coded in ISCO-08', { exact: false }));
    await page.getByTestId('conversion-confirm').click();
    await expectVisible(modal.getByText('Choose the reference dataset'));
    await modal.getByRole('radio', { name: 'Equal shares' }).check();

    await modal.getByText('Root + 2', { exact: true }).click();
    expect(await modal.getByRole('radio', { name: 'Root + 2' }).isChecked()).toBe(true);
    await shot(page, 'conversions-1-new-conversion-light');
    await page.getByTestId('conversion-confirm').click();
    await page.waitForURL(/\/convert\/[0-9a-f-]{36}$/);
    conversionUrl = page.url();

    const screen = page.getByTestId('conversion-result-screen');
    await expectVisible(screen);
    expect(await page.getByTestId('crumb-my-datasets').innerText()).toBe('My datasets');
    expect(await page.getByTestId('crumb-dataset').innerText()).toBe(title);
    expect(await page.getByTestId('crumb-scheme').innerText()).toBe('ISCO-08');
    // Live progress while the job runs; the job may end before the progress is painted, or before the page opens.
    const done = page.locator('[data-testid="conversion-result-screen"][data-state="ready"]');
    await expectVisible(page.getByTestId('conversion-progress').or(done).first());
    await expect.poll(() => screen.getAttribute('data-state'), { timeout: 120_000 }).toBe('ready');
  });

  it('shows the totals adding up, the target codes with sample titles, and the problematic codes', async () => {
    await expectVisible(page.getByTestId('conversion-summary'), 30_000);
    expect(await page.getByTestId('summary-adds-up').getAttribute('data-adds-up')).toBe('true');
    const personsRow = page.locator('[data-testid="summary-measure"][data-measure="persons"]');
    const cells = personsRow.locator('td');
    const converted = persons - unknownCode.persons - notCoded.persons;
    // Dataset, converted, not converted, then no link, unlinkable, unknown code, not coded.
    expect(await cells.nth(1).innerText()).toBe(number(persons));
    expect(await personsRow.getByTestId('summary-measure-converted').innerText()).toBe(`${number(converted)} (${((converted / persons) * 100).toFixed(1)}%)`);
    expect(await personsRow.getByTestId('summary-measure-not-converted').innerText()).toBe(String(unknownCode.persons + notCoded.persons));
    expect(await cells.nth(4).innerText()).toBe('0');
    expect(await cells.nth(5).innerText()).toBe('0');
    expect(await cells.nth(6).innerText()).toBe(String(unknownCode.persons));
    expect(await cells.nth(7).innerText()).toBe(String(notCoded.persons));
    const rowsRow = page.locator('[data-testid="summary-measure"][data-measure="Rows"]');
    expect(await rowsRow.locator('td').nth(1).innerText()).toBe(number(rows.length));
    expect(await rowsRow.getByTestId('summary-measure-not-converted').innerText()).toBe('2');
    expect(await page.locator('[data-testid="summary-path"][data-path="direct"]').getByTestId('summary-path-share').innerText()).toBe('100%');

    const problematic = page.getByTestId('problematic-codes-table').getByTestId('source-code-row');
    await expect.poll(() => problematic.count()).toBe(2);
    expect(await problematic.first().getAttribute('data-uri')).toBe('esco:21');
    await shot(page, 'conversions-2-result-light');

    await page.getByTestId('tab-targets').click();
    const targets = page.getByTestId('target-codes-table').getByTestId('target-code-row');
    await expect.poll(() => targets.count()).toBeGreaterThan(5);
    // Armed forces officers (ISCO-08 011) with sample titles of theirs.
    const officers = targets.filter({ has: page.getByText('011', { exact: true }) });
    await expectVisible(officers);
    const samples = await officers.locator('td').last().innerText();
    expect(labels.filter((row) => row.isco.startsWith('011')).some((row) => samples.includes(`“${row.title}”`))).toBe(true);
    await shot(page, 'conversions-3-result-targets-light');
    await page.getByTestId('tab-problematic').click();
  });

  it("opens a problematic code on the diagram, says what's going on, and decides it with 'Map only here'", async () => {
    await page.getByTestId('walk-problematic').click();
    await page.waitForURL(/\/codes\/esco%3A21$/);
    codeUrl = page.url();
    await expectVisible(page.getByTestId('conversion-diagram'));
    expect(await page.getByTestId('walk-position').innerText()).toBe('Problematic code 1 of 2');
    await expectVisible(page.getByTestId('diagram-origin'));
    const problemNodes = page.locator('[data-testid^="diagram-node-"][data-problem="true"]');
    await expect.poll(() => problemNodes.count()).toBeGreaterThan(1);
    await expectVisible(page.getByTestId('diagram-problem').getByText('There is a problem with this aggregation.', { exact: false }));
    await shot(page, 'conversions-4-diagram-light');

    await page.getByTestId('whats-going-on').click();
    await expectVisible(page.getByTestId('whats-going-on-panel').getByText('problematic', { exact: false }).first());
    await shot(page, 'conversions-5-whats-going-on-light');
    await page.keyboard.press('Escape');

    await page.getByTestId('open-target-tree').click();
    const drawer = page.getByRole('dialog', { name: 'Add another link to ISCO-08' });
    await expectVisible(drawer);
    await expectVisible(drawer.getByTestId('drawer-tree'));
    await shot(page, 'conversions-6-drawer-light');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // 'Map only here' on the first problem node (keyboard: focus it, Enter selects it).
    const chosen = problemNodes.first();
    const value = (await chosen.getAttribute('data-testid'))!.replace('diagram-node-', '');
    await chosen.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => chosen.getAttribute('data-selected')).toBe('true');
    await page.getByTestId('map-only-here').click();
    await expect.poll(() => problemNodes.count()).toBe(0);
    expect(await page.getByTestId(`diagram-node-${value}`).getAttribute('data-link')).toBe('true');
    await expectVisible(page.getByTestId('unsaved'));

    await page.getByTestId('save-and-next').click();
    // The next problematic code without a decision.
    await page.waitForURL(/\/codes\/esco%3A2$/);
    await expectVisible(page.getByTestId('conversion-diagram'));
    expect(await page.getByTestId('walk-position').innerText()).toMatch(/^Problematic code \d of 2$/);
  });

  it('shows the decision in the result, and downloads the converted table as CSV', async () => {
    await page.getByTestId('crumb-dataset').click();
    await page.waitForURL(conversionUrl);
    const decided = page.locator('[data-testid="source-code-row"][data-uri="esco:21"]');
    await expect.poll(() => decided.getAttribute('data-decided'), { timeout: 20_000 }).toBe('true');
    await expectVisible(decided.getByText('Decided', { exact: true }));
    expect(await page.getByTestId('summary-adds-up').getAttribute('data-adds-up')).toBe('true');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const table = fs.readFileSync((await download.path())!, 'utf8');
    const parsed = Papa.parse<Record<string, string>>(table, { header: true, skipEmptyLines: true });
    expect(parsed.data.length).toBeGreaterThan(5);
    expect(table.split('\n')[0]).toContain('persons');

    const [sssom] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-sssom').click()]);
    expect(sssom.suggestedFilename()).toMatch(/sssom/i);
  });

  it("takes a decision back with 'Restore original conversion'", async () => {
    await page.locator('[data-testid="source-code-row"][data-uri="esco:21"]').getByTestId('source-code-link').click();
    await page.waitForURL(codeUrl);
    await expectVisible(page.getByTestId('code-decided'));
    expect(await page.locator('[data-testid^="diagram-node-"][data-problem="true"]').count()).toBe(0);
    await page.getByTestId('restore-conversion').click();
    await expectVisible(page.getByTestId('code-problematic'));
    await expect.poll(() => page.locator('[data-testid^="diagram-node-"][data-problem="true"]').count()).toBeGreaterThan(1);
    await page.getByTestId('crumb-dataset').click();
    await expect.poll(() => page.locator('[data-testid="source-code-row"][data-uri="esco:21"]').getAttribute('data-decided')).toBe('false');
  });

  it("lists the conversion under 'My datasets'", async () => {
    await page.getByTestId('crumb-my-datasets').click();
    await page.waitForURL(`${app.url}/convert`);
    const row = page.getByTestId('conversion-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getAttribute('data-state')).toBe('ready');
    expect(await row.getByTestId('conversion-name').innerText()).toBe(title);
    expect(await row.getByTestId('conversion-problematic').innerText()).toBe('2 (0 decided)');
    await shot(page, 'conversions-7-list-light');
    await row.getByTestId('conversion-name').click();
    await page.waitForURL(conversionUrl);
  });

  it('looks right in dark', async () => {
    const dark = await newPage(browser, 'dark');
    try {
      await dark.page.goto(`${app.url}/convert`);
      await logIn(dark.page, user.username, user.password, { waitClosed: true });
      await expectVisible(dark.page.getByTestId('conversion-row'));
      await shot(dark.page, 'conversions-7-list-dark');
      await dark.page.goto(conversionUrl);
      await expectVisible(dark.page.getByTestId('conversion-summary'), 30_000);
      await shot(dark.page, 'conversions-2-result-dark');
      await dark.page.goto(codeUrl);
      await expectVisible(dark.page.getByTestId('conversion-diagram'));
      await shot(dark.page, 'conversions-4-diagram-dark');
      await dark.page.getByTestId('open-target-tree').click();
      await expectVisible(dark.page.getByTestId('drawer-tree'));
      await shot(dark.page, 'conversions-6-drawer-dark');
    } finally {
      await dark.context.close();
    }
  });

  it("converts a prediction set's reviewed mappings from its 'Add translation'", async () => {
    // A small OCCPAST prediction file for five of the titles; nothing of it is reviewed yet.
    const file = path.join(scratch, 'esco-predictions.json');
    fs.writeFileSync(file, JSON.stringify(labels.slice(0, 5).map((row) => ({ string: row.title, predictions: [{ uris: [`esco:${row.code}`], conf: 0.9 }] }))));
    await page.goto(`${app.url}/datasets/list`);
    await datasetRow(page).getByTestId('dataset-actions').click();
    await page.getByTestId('action-run-predictions').click();
    await page.getByText('Upload prediction results').click();
    await page.getByTestId('predictions-file-input').setInputFiles(file);
    await page.getByTestId('reading-import').click();
    await page.getByTestId('predictions-import').getByTestId('job-card').waitFor();
    await page.getByTestId('predictions-cancel').click();
    const set = page.getByTestId('prediction-set-row').filter({ has: page.getByTestId('prediction-set-name').getByText('esco-predictions', { exact: true }) });
    await expect.poll(() => set.getAttribute('data-state'), { timeout: 60_000 }).toBe('ready');

    await set.getByTestId('prediction-set-actions').click();
    await page.getByTestId('action-add-translation').click();
    const modal = page.getByTestId('conversion-modal');
    await expectVisible(modal.getByText('the reviewed mappings of', { exact: false }));
    await page.getByTestId('conversion-scheme').click();
    await page.getByRole('option', { name: /ISCO-08/ }).click();
    await page.getByTestId('conversion-confirm').click();
    await page.waitForURL(/\/convert\/[0-9a-f-]{36}$/);
    expect(page.url()).not.toBe(conversionUrl);
    expect(await page.getByTestId('crumb-dataset').innerText()).toBe(`${title} · esco-predictions`);
    await expect.poll(() => page.getByTestId('conversion-result-screen').getAttribute('data-state'), { timeout: 120_000 }).toBe('ready');
    // No mapping is reviewed: the rows are counted, none converted, and the totals still add up.
    await expectVisible(page.getByTestId('conversion-summary'), 30_000);
    expect(await page.getByTestId('summary-adds-up').getAttribute('data-adds-up')).toBe('true');
    await shot(page, 'conversions-8-translation-light');
  });
});
