import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startAppProcess } from './support/app-process.js';
import { seriousAccessibilityViolations } from './support/accessibility.js';
import { expectVisible, launchBrowser, logIn, newPage, screenshot } from './support/browser.js';
import { seededLinksOf, seedDataDir, waitForSeededCrosswalks } from './support/seeded-crosswalks.js';

/**
 * Explore as an anonymous visitor does it, in Debian's Chromium against the built app with the
 * seeded schemes and crosswalks (among them ESCO → ISCO-08: 2,942 broadMatch links, ESCO
 * occupation → ISCO-08 unit group; and SOC 2020 → ISCO-08): look up an ISCO-08 code and its ESCO
 * occupations, follow one into ESCO, translate pasted and uploaded ESCO codes into ISCO-08 and
 * download the table; and a member's '[TMP] Translate' lands on 'Translate codes'. How many links a
 * code has is counted from every seeded crosswalk file.
 */

const readCsv = (file: string) => Papa.parse<Record<string, string>>(fs.readFileSync(path.join(seedDataDir, file), 'utf8'), { header: true, skipEmptyLines: true }).data;
const isco = readCsv('schemes/isco08.csv');
const crosswalk = readCsv('crosswalks/esco-isco08.csv');

/** ISCO-08 2221 'Nursing Professionals': three ESCO occupations are linked to it, and codes of other schemes. */
const nursing = { code: '2221', name: isco.find((row) => row.code === '2221')!.label };
const nursingOccupations = crosswalk.filter((row) => row.target_code === nursing.code);
const nursingLinks = seededLinksOf('isco08', nursing.code);
const nursingLinkedSchemes = new Set(nursingLinks.map((link) => link.scheme)).size;
const specialistNurse = nursingOccupations.find((row) => row.esco_preferred_label === 'specialist nurse')!;
const generalPractitioner = crosswalk.find((row) => row.target_code === '2211')!;

/** ISCO-08 22 'Health Professionals' has no link of its own; its unit groups below carry the links. */
const healthCodes = isco.filter((row) => row.code.startsWith('22') && row.code !== '22');
const healthLinkCounts = healthCodes.map((row) => seededLinksOf('isco08', row.code).length);
const healthLinks = healthLinkCounts.reduce((sum, count) => sum + count, 0);
const linkedHealthCodes = healthLinkCounts.filter((count) => count > 0).length;

const member = { username: 'ezra', password: 'ezra-password-1' };
/** Translations an anonymous address may ask for a minute here: the last test goes past it. */
const translationsPerMinute = 4;

let app: AppProcess;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  app = await startAppProcess({ ANONYMOUS_TRANSLATIONS_PER_MINUTE: String(translationsPerMinute) });
  app.addUser(member.username, 'member', member.password);
  browser = await launchBrowser();
  // The crosswalks are imported by jobs queued at the first start.
  await waitForSeededCrosswalks(app);
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function open(colorScheme: 'light' | 'dark', address: string): Promise<Page> {
  const opened = await newPage(browser, colorScheme);
  context = opened.context;
  await opened.page.goto(`${app.url}${address}`);
  await opened.page.getByRole('heading', { name: 'Explore', level: 1 }).waitFor();
  return opened.page;
}

/** A full-page screenshot from the top, once nothing moves, and the page's content checked with axe-core (the shell is checked by accessibility.test.ts). */
async function shootAndCheck(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  // Nothing hovered: the shot shows the page at rest.
  await page.mouse.move(0, 799);
  await page.waitForTimeout(300);
  await screenshot(page, name);
  expect(await seriousAccessibilityViolations(page, 'main')).toEqual([]);
}

/**
 * Puts a long text into a text box at once, as a paste does (playwright's fill types it in as
 * text input, which takes Chromium many seconds for thousands of lines).
 */
async function pasteInto(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).evaluate((element, value) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    setValue.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

const params = (page: Page) => new URL(page.url()).searchParams;
const detail = (page: Page) => page.getByTestId('explore-code-detail');
const rowOf = (page: Page, code: string) => page.locator(`[data-testid="translation-row"][data-code="${code}"]`);

describe('Explore, anonymous and read-only', () => {
  it('looks up an ISCO-08 code and its ESCO occupations, and follows one into ESCO', async () => {
    const page = await open('light', '/explore');
    expect(await page.getByTestId('explore-tab-browse').getAttribute('aria-selected')).toBe('true');
    await expectVisible(page.getByTestId('explore-tree').getByTestId('tree-node-2'));
    expect(await page.getByTestId('explore-scheme-select').inputValue()).toBe('ISCO-08');
    await expectVisible(page.getByTestId('explore-no-code'));
    // Read-only: nothing to edit, move, delete or import.
    for (const word of ['Save', 'Delete', 'Move', 'Import', 'Create child']) expect(await page.getByRole('button', { name: word }).count()).toBe(0);
    await shootAndCheck(page, 'explore-browse-light');

    const historyBefore = await page.evaluate(() => window.history.length);
    await page.getByTestId('explore-search').fill('nursing professionals');
    await page.getByTestId(`explore-search-option-${nursing.code}`).click();
    await expect.poll(() => params(page).get('code')).toBe(nursing.code);
    expect(params(page).get('scheme')).toBe('isco08');
    // A selection replaces the history entry.
    expect(await page.evaluate(() => window.history.length)).toBe(historyBefore);

    await expectVisible(detail(page));
    expect(await page.getByTestId('explore-code-name').innerText()).toBe(nursing.name);
    expect(await page.getByTestId('explore-code-label').innerText()).toBe(nursing.code);
    expect(await page.getByTestId('explore-code-description').innerText()).toContain('Nursing professionals provide treatment');
    expect(await page.getByTestId('explore-breadcrumbs').innerText()).toMatch(/Professionals[\s\S]*Health Professionals/);
    expect(await page.getByTestId('explore-tree').getByTestId(`tree-node-${nursing.code}`).getAttribute('data-selected')).toBe('true');

    const escoLinks = page.getByTestId('explore-link-group-esco').getByTestId('explore-link');
    await expect.poll(() => escoLinks.count()).toBe(nursingOccupations.length);
    const names = await escoLinks.getByRole('link').allInnerTexts();
    expect(names.sort()).toEqual(nursingOccupations.map((row) => row.esco_preferred_label).sort());
    // Stored as ESCO occupation broadMatch ISCO-08 group: seen from ISCO-08, each occupation is narrower.
    expect(await escoLinks.getByTestId('explore-link-relation').allInnerTexts()).toEqual(nursingOccupations.map(() => 'narrower'));
    // Its ESCO occupations and the codes of the other seeded crosswalks.
    expect(nursingLinkedSchemes).toBeGreaterThan(1);
    expect(await page.getByTestId('explore-links-count').innerText()).toBe(`${nursingLinks.length} links to ${nursingLinkedSchemes} schemes`);
    await shootAndCheck(page, 'explore-code-light');

    // A linked code opens in its own scheme.
    await page.getByTestId(`explore-link-esco-${specialistNurse.source_code}`).click();
    await expect.poll(() => params(page).get('scheme')).toBe('esco');
    expect(params(page).get('code')).toBe(specialistNurse.source_code);
    await expect.poll(() => page.getByTestId('explore-code-name').innerText()).toBe('specialist nurse');
    expect(await page.getByTestId('explore-scheme-select').inputValue()).toBe('ESCO');
    expect(await page.getByTestId('explore-breadcrumbs').innerText()).toContain('Nursing professionals');
    const iscoLink = page.getByTestId('explore-link-group-isco08').getByTestId('explore-link');
    await expect.poll(() => iscoLink.count()).toBe(1);
    expect(await iscoLink.getByRole('link').innerText()).toBe(nursing.name);
    expect(await iscoLink.getByTestId('explore-link-relation').innerText()).toBe('broader');

    // Following a link adds a history entry: Back returns to the ISCO-08 code.
    await page.goBack();
    await expect.poll(() => params(page).get('scheme')).toBe('isco08');
    await expect.poll(() => page.getByTestId('explore-code-name').innerText()).toBe(nursing.name);
  });

  it('shows a group with no links of its own, and what the codes below it are linked to', async () => {
    const page = await open('dark', '/explore?scheme=isco08&code=22');
    await expectVisible(detail(page));
    expect(await page.getByTestId('explore-code-name').innerText()).toBe('Health Professionals');
    await expectVisible(page.getByTestId('explore-links-empty'));
    expect(await page.getByTestId('explore-links-empty').innerText()).toBe('No links to other schemes.');
    expect(await page.getByTestId('explore-descendant-links').innerText()).toBe(
      `${linkedHealthCodes} of the ${healthCodes.length} codes below this one have ${healthLinks.toLocaleString('en')} links to other schemes; open them in the tree to see them.`,
    );
    await shootAndCheck(page, 'explore-code-group-dark');

    // A code the scheme does not have says so.
    await page.goto(`${app.url}/explore?scheme=isco08&code=9999`);
    await expectVisible(page.getByTestId('explore-code-not-found'));
  });

  it('shows the browser and a code in dark', async () => {
    const page = await open('dark', '/explore');
    await expectVisible(page.getByTestId('explore-tree').getByTestId('tree-node-2'));
    await shootAndCheck(page, 'explore-browse-dark');
    await page.goto(`${app.url}/explore?scheme=isco08&code=${nursing.code}`);
    await expect.poll(() => page.getByTestId('explore-link-group-esco').getByTestId('explore-link').count()).toBe(nursingOccupations.length);
    await shootAndCheck(page, 'explore-code-dark');
  });

  it('translates a pasted list of ESCO codes into ISCO-08 and downloads the table', async () => {
    const page = await open('light', '/explore');
    await page.getByTestId('explore-tab-translate').click();
    await expect.poll(() => params(page).get('tab')).toBe('translate');
    expect(await page.getByTestId('translate-from').inputValue()).toBe('ESCO');
    expect(await page.getByTestId('translate-to').inputValue()).toBe('ISCO-08');

    // Two nurses and a GP (their own links), ESCO's group 2221 (its occupations' links), a code ESCO
    // does not know, and one a spreadsheet would run as a formula; separated every way a list is.
    const unknown = 'not-an-esco-code';
    const formula = '=1+1';
    const pasted = `${nursingOccupations[0]!.source_code}\n${specialistNurse.source_code}, ${generalPractitioner.source_code};2221\t${unknown}\n\n${formula}\n${unknown}`;
    await page.getByTestId('translate-codes').fill(pasted);
    await expect.poll(() => page.getByTestId('translate-code-count').innerText()).toBe('6 codes');

    const answer = page.waitForResponse((response) => response.url().endsWith('/api/translate'));
    await page.getByTestId('translate-submit').click();
    expect((await answer).status()).toBe(200);
    await expectVisible(page.getByTestId('translation-result'));
    await expect.poll(() => page.getByTestId('translation-row').count()).toBe(6);
    const count = (status: string) => page.getByTestId(`translation-count-${status}`).getAttribute('data-count');
    expect(await count('translated')).toBe('4');
    expect(await count('unknown')).toBe('2');
    expect(await count('no-link')).toBe('0');

    const nurse = rowOf(page, specialistNurse.source_code);
    expect(await nurse.getByTestId('translation-status').innerText()).toBe('translated');
    expect(await nurse.locator('td').nth(1).innerText()).toBe('specialist nurse');
    const nurseTarget = nurse.getByTestId('translation-target');
    expect(await nurseTarget.count()).toBe(1);
    expect(await nurseTarget.getAttribute('data-code')).toBe('2221');
    expect(await nurseTarget.innerText()).toContain(nursing.name);
    expect(await nurseTarget.getByTestId('translation-target-relation').innerText()).toBe('broader');
    expect(await nurseTarget.getByTestId('translation-target-path').innerText()).toBe('direct');
    expect(await rowOf(page, generalPractitioner.source_code).getByTestId('translation-target').getAttribute('data-code')).toBe('2211');
    expect(await rowOf(page, '2221').getByTestId('translation-target').getAttribute('data-code')).toBe('2221');
    expect(await rowOf(page, unknown).getByTestId('translation-status').innerText()).toBe('unknown code');
    expect(await rowOf(page, unknown).getByTestId('translation-target').count()).toBe(0);
    await shootAndCheck(page, 'explore-translate-light');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('translation-download').click()]);
    expect(download.suggestedFilename()).toBe('translation-esco-to-isco08.csv');
    const text = fs.readFileSync((await download.path())!, 'utf8');
    const rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['source_code', 'source_name', 'status', 'target_code', 'target_name', 'relation', 'path', 'via', 'weight']);
    // The ESCO → ISCO-08 crosswalk gives its links no weight.
    expect(rows).toContainEqual([specialistNurse.source_code, 'specialist nurse', 'translated', '2221', nursing.name, 'broadMatch', 'direct', '', '']);
    // ESCO's group 2221 has no links of its own: it is read through the occupations below it.
    expect(rows.find((row) => row[0] === '2221' && row[3] === '2221')?.[7]).not.toBe('');
    expect(rows).toContainEqual([unknown, '', 'unknown', '', '', '', '', '', '']);
    // The formula is written so that a spreadsheet shows it instead of running it.
    expect(rows).toContainEqual([`'${formula}`, '', 'unknown', '', '', '', '', '', '']);
    expect(rows).toHaveLength(1 + 6);
  });

  it('reads an uploaded file’s first column, and refuses too many codes before sending them', async () => {
    const page = await open('dark', '/explore?tab=translate');
    expect(await page.getByTestId('explore-tab-translate').getAttribute('aria-selected')).toBe('true');
    const file = Papa.unparse({
      fields: ['esco_code', 'title'],
      data: nursingOccupations.map((row) => [row.source_code, row.esco_preferred_label]),
    });
    await page.locator('input[type="file"]').setInputFiles({ name: 'nurses.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await expect.poll(() => page.getByTestId('translate-file-note').innerText()).toBe(
      `${nursingOccupations.length} codes read from the first column of nurses.csv (header “esco_code” skipped).`,
    );
    expect((await page.getByTestId('translate-codes').inputValue()).split('\n')).toEqual(nursingOccupations.map((row) => row.source_code));
    await page.getByTestId('translate-submit').click();
    await expect.poll(() => page.getByTestId('translation-row').count()).toBe(nursingOccupations.length);
    expect(await page.getByTestId('translation-count-translated').getAttribute('data-count')).toBe(String(nursingOccupations.length));
    await shootAndCheck(page, 'explore-translate-dark');

    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/translate')) sent += 1;
    });
    await pasteInto(page, 'translate-codes', Array.from({ length: 5_001 }, (_, index) => `code-${index}`).join('\n'));
    await expectVisible(page.getByTestId('translate-too-many'));
    expect(await page.getByTestId('translate-too-many').innerText()).toContain('At most 5,000 codes can be translated at a time; this list has 5,001.');
    expect(await page.getByTestId('translate-submit').isDisabled()).toBe(true);
    expect(sent).toBe(0);
  });

  it('tells an anonymous visitor who translates too often how long to wait', async () => {
    const page = await open('light', '/explore?tab=translate');
    await page.getByTestId('translate-codes').fill(specialistNurse.source_code);
    // Each earlier test translated as this address; go past the minute's limit.
    for (let attempt = 0; attempt <= translationsPerMinute; attempt++) {
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/translate'));
      await page.getByTestId('translate-submit').click();
      if ((await answer).status() === 429) break;
    }
    await expectVisible(page.getByTestId('translate-error'));
    expect(await page.getByTestId('translate-error').innerText()).toMatch(/Too many requests, try again in \d+ s/);
    expect(await page.getByTestId('translate-submit').isDisabled()).toBe(true);
    await shootAndCheck(page, 'explore-translate-rate-limited-light');
  });
});

describe('[TMP] Translate', () => {
  it('opens Explore’s Translate codes for a member', async () => {
    const opened = await newPage(browser);
    context = opened.context;
    const { page } = opened;
    await page.goto(`${app.url}/datasets/list`);
    await logIn(page, member.username, member.password, { waitClosed: true });
    await page.getByTestId('nav-translate').click();
    await expect.poll(() => `${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe('/explore?tab=translate');
    await expect.poll(() => page.getByTestId('explore-tab-translate').getAttribute('aria-selected')).toBe('true');
    await expectVisible(page.getByTestId('translate-form'));
  });
});
