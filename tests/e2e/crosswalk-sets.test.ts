import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility.js';
import { type AppProcess, startAppProcess } from './support/app-process.js';
import { expectVisible, launchBrowser, logIn, newPage, screenshot } from './support/browser.js';
import { csrfHeaders, waitForJob } from './support/page-api.js';

/**
 * An admin imports the ONS SOC 2020 → ISCO-08 crosswalk from the linking page, choosing its weight
 * column in the preview, sees the import listed as a set (and its weights in Explore), converts a
 * SOC 2020-coded dataset by the set's weights, and removes the set: the list empties and the links
 * are gone. The app seeds only the two schemes (no
 * crosswalk), so the set is the pair's only one.
 */

const data = path.resolve(import.meta.dirname, '../../../shared/data');
const socIscoFile = path.join(data, 'crosswalks/soc2020-isco08.csv');
const escoOnetFile = path.join(data, 'crosswalks/esco-onet.csv');
/** The file's rows: every one of its codes is a code of the seeded schemes. */
const socIscoRows = fs.readFileSync(socIscoFile, 'utf8').trim().split('\n').length - 1;

const seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'og-seed-'));
fs.mkdirSync(path.join(seedDir, 'schemes'));
for (const scheme of ['soc2020', 'isco08']) fs.symlinkSync(path.join(data, 'schemes', `${scheme}.csv`), path.join(seedDir, 'schemes', `${scheme}.csv`));

let app: AppProcess;
let browser: Browser;
let page: Page;
const pairAddress = 'lc=soc2020&rc=isco08';
/**
 * 100 titles coded SOC 2020 1111, whose 51 index entries the file spreads 33, 1, 14 and 3 over
 * ISCO-08 1112, 1114, 1120 and 1213: by the largest remainder, 65, 2, 27 and 6 rows.
 */
const datasetTitle = 'Chief executives, SOC 2020';
const expectedRows = { '1112': 65, '1114': 2, '1120': 27, '1213': 6 };

beforeAll(async () => {
  app = await startAppProcess({ SEED_DIR: seedDir });
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await page.goto(`${app.url}/admin/linking?${pairAddress}`);
  await logIn(page, app.admin.username, app.admin.password, { waitClosed: true });
  await page.getByTestId('source-tree').waitFor();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  fs.rmSync(seedDir, { recursive: true, force: true });
});

async function linkCount(on: Page = page): Promise<number> {
  return ((await (await on.request.get(`${app.url}/api/links/count`)).json()) as { count: number }).count;
}

/** Opens the linking page on the pair and waits for both trees and the link maps. */
async function openPair(on: Page): Promise<void> {
  await on.goto(`${app.url}/admin/linking?${pairAddress}`);
  for (const side of ['source', 'target'] as const) {
    await on.getByTestId(`${side}-tree`).waitFor();
    await expect.poll(() => on.getByTestId(`${side}-progress`).getAttribute('aria-busy')).toBeNull();
  }
}

/** A screenshot of the open dialog, which has no serious accessibility violation. */
async function shootDialog(on: Page, name: string): Promise<void> {
  await on.evaluate(() => window.scrollTo(0, 0));
  await screenshot(on, name);
  expect(await seriousAccessibilityViolations(on, '[role="dialog"]')).toEqual([]);
}

/** Opens the import dialog, chooses the file and waits for its preview. */
async function choosePreviewedFile(on: Page): Promise<void> {
  await on.getByTestId('crosswalk-import').click();
  await on.getByTestId('crosswalk-import-input').setInputFiles(socIscoFile);
  await expectVisible(on.getByTestId('crosswalk-preview'), 30_000);
}

/** Picks the weight column in the dialog's select and waits for the preview read with it. */
async function chooseWeightColumn(on: Page, column: string, firstWeight: string): Promise<void> {
  await on.getByTestId('crosswalk-import-weight').click();
  await on.getByRole('option', { name: new RegExp(`^${column}`) }).click();
  await expect.poll(() => on.getByTestId('crosswalk-preview-weight').first().innerText()).toBe(firstWeight);
}

describe('crosswalk sets on the linking page', () => {
  it('starts with no set for the pair', async () => {
    await openPair(page);
    await expect.poll(() => page.getByTestId('crosswalk-sets-count').innerText()).toBe('0');
    expect(await linkCount()).toBe(0);
  });

  it('previews the file: the detected weight column, the first rows as read, and counts once the count column is chosen', async () => {
    await choosePreviewedFile(page);
    const weight = page.getByTestId('crosswalk-import-weight');
    expect(await weight.inputValue()).toBe('share_of_soc2020_entries (detected)');
    expect(await page.getByTestId('crosswalk-preview-summary').innerText()).toContain(`${socIscoRows.toLocaleString('en')} rows read (the whole file)`);
    const rows = page.getByTestId('crosswalk-preview-row');
    expect(await rows.count()).toBe(20);
    expect(await rows.first().innerText()).toMatch(/^2\s+1111\s+1112\s+closeMatch\s+64\.7%$/);
    expect(await page.getByTestId('crosswalk-import-name').inputValue()).toBe('soc2020-isco08.csv');
    // A CSV says how its rows were matched; unspecified unless the admin knows better.
    expect(await page.getByTestId('crosswalk-import-justification').inputValue()).toMatch(/^Not said/);

    await chooseWeightColumn(page, 'n_index_entries', '33');
    expect(await weight.inputValue()).toBe('n_index_entries');
    await expectVisible(page.getByText('Read as counts: each row’s count becomes its share of the source code’s total.'));
    await page.getByTestId('crosswalk-import-license').fill('ONS content, no licence stated');
    await shootDialog(page, 'crosswalk-import-preview-light');
  });

  it('imports the file with the chosen weights as a set, listed with its name, file, licence, who, when, counts and links', async () => {
    await page.getByTestId('crosswalk-import-start').click();
    await expectVisible(page.getByTestId('crosswalk-import-result'), 120_000);
    expect(await page.getByTestId('crosswalk-imported').innerText()).toBe(socIscoRows.toLocaleString('en'));
    expect(await page.getByTestId('crosswalk-refused').innerText()).toBe('0');
    expect(await page.getByTestId('crosswalk-import-columns').innerText()).toContain('weights from n_index_entries (counts made shares of the source code’s total)');
    await page.getByTestId('crosswalk-import-close').click();
    expect(await linkCount()).toBe(socIscoRows);

    await expect.poll(() => page.getByTestId('crosswalk-sets-count').innerText()).toBe('1');
    await page.getByTestId('crosswalk-sets-open').click();
    const set = page.getByTestId('crosswalk-set');
    await expectVisible(set);
    expect(await set.count()).toBe(1);
    expect(await set.getByTestId('crosswalk-set-name').innerText()).toBe('soc2020-isco08.csv');
    expect(await set.getByTestId('crosswalk-set-file').innerText()).toBe('soc2020-isco08.csv');
    expect(await set.getByTestId('crosswalk-set-license').innerText()).toBe('ONS content, no licence stated');
    expect(await set.getByTestId('crosswalk-set-maker').innerText()).toMatch(new RegExp(`^By ${app.admin.username}, `));
    expect(await set.getByTestId('crosswalk-set-counts').innerText()).toBe(`${socIscoRows.toLocaleString('en')} imported, 0 already present, 0 refused`);
    expect(await set.getByTestId('crosswalk-set-links').innerText()).toBe(socIscoRows.toLocaleString('en'));
    await shootDialog(page, 'crosswalk-sets-list-light');
    await page.keyboard.press('Escape');
  });

  it('asks for a relation for each relation value that is no SKOS relation, with its rows counted', async () => {
    await openPair(page);
    await page.getByTestId('crosswalk-import').click();
    await page.getByTestId('crosswalk-import-input').setInputFiles(escoOnetFile);
    await expectVisible(page.getByTestId('crosswalk-preview'), 30_000);
    expect(await page.getByTestId('crosswalk-preview-summary').innerText()).toContain('relation from match_type');
    const unknown = page.getByTestId('crosswalk-unknown-relation');
    expect(await unknown.count()).toBe(1);
    expect(await unknown.getAttribute('data-value')).toBe('exactISCO');
    await expectVisible(page.getByText('43 rows', { exact: true }));
    await unknown.click();
    await page.getByRole('option', { name: /^exactMatch/ }).click();
    expect(await unknown.inputValue()).toBe('exactMatch');
    expect(await page.getByTestId('crosswalk-import-weight').inputValue()).toBe('No weights');
    await shootDialog(page, 'crosswalk-import-unknown-relations-light');
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('reads an SSSOM file’s weights from its confidence column, and asks no justification of it', async () => {
    const sssomFile = path.join(seedDir, 'soc-isco.sssom.tsv');
    fs.writeFileSync(
      sssomFile,
      [
        '# mapping_set_id: https://example.org/sets/soc-isco',
        '# license: https://creativecommons.org/licenses/by/4.0/',
        '# curie_map:',
        '#   soc2020: https://w3id.org/occupation-graph/soc2020/',
        '#   isco08: https://w3id.org/occupation-graph/isco08/',
        'subject_id\tpredicate_id\tobject_id\tmapping_justification\tconfidence',
        'soc2020:1111\tskos:broadMatch\tisco08:1112\tsemapv:ManualMappingCuration\t0.5',
        '',
      ].join('\n'),
    );
    await openPair(page);
    await page.getByTestId('crosswalk-import').click();
    await page.getByTestId('crosswalk-import-input').setInputFiles(sssomFile);
    await expectVisible(page.getByTestId('crosswalk-preview'), 30_000);
    expect(await page.getByTestId('crosswalk-preview-summary').innerText()).toMatch(/^SSSOM TSV, 1 row read \(the whole file\).*Mapping set https:\/\/example\.org\/sets\/soc-isco\.$/);
    const weight = page.getByTestId('crosswalk-import-weight');
    expect(await weight.inputValue()).toBe('confidence (detected)');
    expect(await weight.isDisabled()).toBe(true);
    expect(await page.getByTestId('crosswalk-preview-row').innerText()).toMatch(/^7\s+1111\s+1112\s+broadMatch\s+50%$/);
    expect(await page.getByTestId('crosswalk-import-license').getAttribute('placeholder')).toBe('https://creativecommons.org/licenses/by/4.0/');
    expect(await page.getByTestId('crosswalk-import-justification').count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('shows each link’s relation and share in Explore', async () => {
    // SOC 2020 1111 → ISCO-08 1112: 33 of the group's 51 index entries.
    await page.goto(`${app.url}/explore?scheme=soc2020&code=1111`);
    const link = page.locator('[data-testid="explore-link"][data-value="1112"]');
    await expectVisible(link, 20_000);
    expect(await link.getByTestId('explore-link-relation').innerText()).toBe('close match');
    expect(await link.getByTestId('explore-link-share').innerText()).toBe('65% of this group’s titles');
    await page.goto(`${app.url}/explore?scheme=isco08&code=1112`);
    const back = page.locator('[data-testid="explore-link"][data-value="1111"]');
    await expectVisible(back, 20_000);
    expect(await back.getByTestId('explore-link-share').innerText()).toBe('65% of that group’s titles');
  });

  it("converts a SOC 2020-coded dataset into ISCO-08 by the crosswalk's weights, the default, each target's share on the diagram", async () => {
    const created = await page.request.post(`${app.url}/api/datasets`, {
      headers: await csrfHeaders(page, app.url),
      data: {
        data: Array.from({ length: 100 }, (_, index) => ({ title: `chief executive ${index + 1}`, code: '1111', totals: [] })),
        metadata: { title: datasetTitle, titleColumn: 'title', codeColumn: 'soc2020', scheme: 'soc2020' },
      },
    });
    expect(created.status(), await created.text()).toBe(202);
    await waitForJob(page, app.url, ((await created.json()) as { jobId: string }).jobId);

    await page.goto(`${app.url}/datasets/list`);
    const dataset = page.getByTestId('dataset-row').filter({ has: page.getByTestId('dataset-name').getByText(datasetTitle, { exact: true }) });
    await expect.poll(() => dataset.getAttribute('data-state'), { timeout: 60_000 }).toBe('ready');
    await dataset.getByTestId('dataset-actions').click();
    await page.getByTestId('action-new-conversion').click();
    const modal = page.getByTestId('conversion-modal');
    await expectVisible(modal);
    await page.getByTestId('conversion-scheme').click();
    await page.getByRole('option', { name: /ISCO-08/ }).click();
    await modal.getByText('Max', { exact: true }).click();
    // The links into ISCO-08 carry weights: the crosswalk's weights are the preselected weighting.
    await expect.poll(() => modal.getByRole('radio', { name: 'By the crosswalk’s weights' }).isChecked()).toBe(true);
    await page.getByTestId('conversion-confirm').click();
    await page.waitForURL(/\/convert\/[0-9a-f-]{36}$/);
    const conversionUrl = page.url();
    await expect.poll(() => page.getByTestId('conversion-result-screen').getAttribute('data-state'), { timeout: 120_000 }).toBe('ready');
    expect(await page.getByTestId('conversion-settings').innerText()).toContain('By the crosswalk’s weights');

    await page.getByTestId('tab-targets').click();
    const targets = page.getByTestId('target-codes-table').getByTestId('target-code-row');
    await expect.poll(() => targets.count()).toBe(Object.keys(expectedRows).length);
    for (const [code, rows] of Object.entries(expectedRows)) {
      const target = targets.filter({ has: page.getByText(code, { exact: true }) });
      expect(await target.locator('td').nth(2).innerText(), code).toBe(String(rows));
    }

    await page.goto(`${conversionUrl}/codes/${encodeURIComponent('soc2020:1111')}`);
    await expectVisible(page.getByTestId('conversion-diagram'), 20_000);
    for (const [code, rows] of Object.entries(expectedRows)) {
      expect((await page.getByTestId(`diagram-share-${code}`).textContent())?.trim(), code).toBe(`· ${rows}%`);
    }
  });

  it('in the dark colour scheme', async () => {
    const { context, page: dark } = await newPage(browser, 'dark');
    await dark.goto(`${app.url}/admin/linking?${pairAddress}`);
    await logIn(dark, app.admin.username, app.admin.password, { waitClosed: true });
    await openPair(dark);
    await dark.getByTestId('crosswalk-sets-open').click();
    await expectVisible(dark.getByTestId('crosswalk-set'));
    await shootDialog(dark, 'crosswalk-sets-list-dark');
    await dark.keyboard.press('Escape');
    await choosePreviewedFile(dark);
    await chooseWeightColumn(dark, 'n_index_entries', '33');
    await shootDialog(dark, 'crosswalk-import-preview-dark');
    await context.close();
  });

  it('removes the set after a confirmation, following the job live: its links are gone and the list is empty', async () => {
    await openPair(page);
    await page.getByTestId('crosswalk-sets-open').click();
    await page.getByTestId('crosswalk-set-remove').click();
    await expectVisible(page.getByTestId('remove-crosswalk-set-modal'));
    expect(await seriousAccessibilityViolations(page, '[role="dialog"]')).toEqual([]);
    await page.getByTestId('remove-crosswalk-set-confirm').click();
    await expectVisible(page.getByTestId('crosswalk-set-removal-result'), 120_000);
    expect(await page.getByTestId('crosswalk-set-removed').innerText()).toBe(socIscoRows.toLocaleString('en'));
    expect(await page.getByTestId('crosswalk-set-kept').innerText()).toBe('0');
    // The job's phase in words, not as the job reports it ('done').
    await expect.poll(() => page.getByTestId('remove-crosswalk-set-progress').getByTestId('job-phase').innerText()).toBe('Set removed');
    await shootDialog(page, 'crosswalk-set-removed-light');
    await page.getByTestId('remove-crosswalk-set-close').click();
    await expectVisible(page.getByTestId('crosswalk-sets-empty'));
    await expect.poll(() => page.getByTestId('crosswalk-sets-count').innerText()).toBe('0');
    expect(await linkCount()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('target-progress').getAttribute('data-linked')).toBe('0');
  });
});
