import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startAppProcess } from './support/app-process.js';
import { seriousAccessibilityViolations } from './support/accessibility.js';
import { closeLeftoverDialog, expectVisible, launchBrowser, logIn, newPage, screenshot } from './support/browser.js';
import { csrfHeaders, waitForJob } from './support/page-api.js';

/**
 * Reviewing many entries at once (issue 29, 'Many entries at once'), in Debian's Chromium against
 * the built app, by keyboard: beside the entry, 'Similar entries' lists the set's unmapped entries
 * most like it with their rows and why; `a` ticks them all (and again unticks them), Space in the
 * list unticks one, Enter saves the entry and the ticked ones as one batch ('Mapped 4 entries'),
 * and the notice's Undo gives the whole batch back. Results of the entry search are ticked with
 * Shift+Enter the same way.
 */

const reviewer = { username: 'rhea', password: 'rhea-password-1' };

/** A census's titles and their rows, in file order: spelling variants of one occupation, household relations, and others. */
const rows: [string, number][] = [
  ['skomager', 5],
  ['Skomager.', 2],
  ['skomagere', 3],
  ['skomagersvend', 1],
  ['skomager og kromand', 1],
  ['smed', 4],
  ['hans kone', 6],
  ['deres kone', 2],
  ['daglejer', 3],
];
const predictions = rows.map(([string]) => ({
  string,
  predictions: string.includes('kone') ? [{ uris: ['hisco:99910'], conf: 0.3 }] : [{ uris: [string === 'smed' ? 'hisco:83110' : 'hisco:80110'], conf: 0.4 }, { uris: ['hisco:99910'], conf: 0.1 }],
}));

let app: AppProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let datasetId: string;
let setId: string;

async function shot(target: Page, name: string): Promise<void> {
  await target.waitForTimeout(400);
  await screenshot(target, name);
}

const entryUrl = (string: string) => `${app.url}/datasets/${datasetId}/prediction-sets/${setId}/entries/${encodeURIComponent(string)}?filter=unmapped&order=file`;
const entryTitle = (target: Page) => target.getByTestId('entry-string');

async function openEntry(target: Page, string: string): Promise<void> {
  await target.goto(entryUrl(string));
  await expect.poll(() => entryTitle(target).innerText(), { timeout: 10_000 }).toBe(string);
}

async function expectEntry(target: Page, string: string): Promise<void> {
  await expect.poll(() => entryTitle(target).innerText(), { timeout: 10_000 }).toBe(string);
}

/** The rows of 'Similar entries' shown, as `string` with why and whether each is ticked (read at once: the list changes live). */
async function similarRows(target: Page): Promise<{ string: string; reason: string; ticked: boolean }[]> {
  return target.getByTestId('similar-entry').evaluateAll((rows) =>
    rows.map((row) => ({
      string: row.getAttribute('data-string') ?? '',
      reason: row.getAttribute('data-reason') ?? '',
      ticked: row.querySelector<HTMLInputElement>('input[type="checkbox"]')?.checked ?? false,
    })),
  );
}

/** Whether each result of the open entry search is ticked. */
const searchTicks = () => page.getByTestId('entry-search-tick').evaluateAll((boxes) => boxes.map((box) => box.hasAttribute('data-checked')));

const tickedStrings = async (target: Page) => (await similarRows(target)).filter((row) => row.ticked).map((row) => row.string);

async function similarFromApi(string: string): Promise<string[]> {
  const response = await page.request.get(`${app.url}/api/prediction-sets/${setId}/entries/${encodeURIComponent(string)}/similar?limit=12`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { entries: { string: string }[] }).entries.map((entry) => entry.string);
}

async function mappedOf(string: string): Promise<{ mapped: boolean; predictionURIs: string[] }> {
  const response = await page.request.get(`${app.url}/api/prediction-sets/${setId}/entries/${encodeURIComponent(string)}?filter=all`);
  const entry = ((await response.json()) as { predictionEntry: { mappings: { predictionURIs: string[]; nodeURIs: string[] } } }).predictionEntry;
  return { mapped: entry.mappings.predictionURIs.length + entry.mappings.nodeURIs.length > 0, predictionURIs: entry.mappings.predictionURIs };
}

async function mappedCount(): Promise<number> {
  return ((await (await page.request.get(`${app.url}/api/prediction-sets/${setId}?threshold=0.75`)).json()) as { mappedCount: number }).mappedCount;
}

beforeAll(async () => {
  app = await startAppProcess();
  app.addUser(reviewer.username, 'member', reviewer.password);
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  await page.goto(`${app.url}/datasets/list`);
  await logIn(page, reviewer.username, reviewer.password, { waitClosed: true });

  const created = await page.request.post(`${app.url}/api/datasets`, {
    headers: await csrfHeaders(page, app.url),
    data: {
      data: rows.flatMap(([title, count]) => Array.from({ length: count }, () => ({ title, totals: [] }))),
      metadata: { title: 'Danish census 1880', titleColumn: 'title', scheme: 'hisco' },
    },
  });
  expect(created.status(), await created.text()).toBe(202);
  const dataset = (await created.json()) as { datasetId: string; jobId: string };
  datasetId = dataset.datasetId;
  await waitForJob(page, app.url, dataset.jobId);
  const uploaded = await page.request.post(`${app.url}/api/datasets/${datasetId}/predictions`, {
    headers: await csrfHeaders(page, app.url),
    multipart: { file: { name: 'census-predictions.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(predictions)) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(202);
  const accepted = (await uploaded.json()) as { predictionSetId: string; jobId: string };
  setId = accepted.predictionSetId;
  await waitForJob(page, app.url, accepted.jobId);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
});
afterEach(() => closeLeftoverDialog(page));

describe("'Similar entries' in the review (issue 29)", () => {
  it('lists the unmapped entries most like the entry on screen, with their rows and why', async () => {
    await openEntry(page, 'skomager');
    const expected = await similarFromApi('skomager');
    expect(expected).toEqual(expect.arrayContaining(['Skomager.', 'skomagere', 'skomagersvend', 'skomager og kromand']));
    expect(expected).not.toContain('smed');
    await expect.poll(async () => (await similarRows(page)).map((row) => row.string), { timeout: 10_000 }).toEqual(expected);
    const first = page.getByTestId('similar-entry').first();
    expect(await first.getAttribute('data-string')).toBe('Skomager.');
    expect(await first.getAttribute('data-reason')).toBe('same-title');
    expect(await first.innerText()).toContain('2 rows');
    expect((await first.innerText()).toLowerCase()).toContain('same title');
    const variant = page.locator('[data-testid="similar-entry"][data-string="skomagere"]');
    expect(await variant.getAttribute('data-reason')).toBe('similar');
    expect(await variant.innerText()).toContain('3 rows');
    expect(await tickedStrings(page)).toEqual([]);
    expect(await seriousAccessibilityViolations(page, '[data-testid="similar-entries"]')).toEqual([]);
    // `a` is listed under '?'.
    await page.keyboard.press('?');
    await expectVisible(page.getByTestId('shortcuts-list').getByText('Tick all the similar entries shown', { exact: false }));
    await page.keyboard.press('Escape');
    await shot(page, 'review-similar-entries-light');
  });

  it('ticks all with `a`, unticks one in the list, saves the entry and three ticked as one batch, and undoes the batch', async () => {
    await openEntry(page, 'skomager');
    const before = await mappedCount();
    const badge = page.getByTestId('review-progress-badge');
    await expect.poll(() => badge.innerText()).toBe(`${before} / 9 mapped`);
    const shown = await similarFromApi('skomager');
    expect(shown).toHaveLength(4);
    await expect.poll(async () => (await similarRows(page)).map((row) => row.string), { timeout: 10_000 }).toEqual(shown);
    await page.keyboard.press('1');
    await expect.poll(() => page.getByTestId('save-and-next').innerText()).toBe('Save (1) and next');

    // `a` ticks every entry shown; again, unticks them; once more, ticks them.
    await page.keyboard.press('a');
    await expect.poll(() => tickedStrings(page)).toEqual(shown);
    await page.keyboard.press('a');
    await expect.poll(() => tickedStrings(page)).toEqual([]);
    await page.keyboard.press('a');
    await expect.poll(() => tickedStrings(page)).toHaveLength(4);
    expect(await page.getByTestId('similar-entries-ticked').innerText()).toBe('Saving maps the 4 ticked entries the same as this one.');

    // In the list: ↓ to 'skomager og kromand', Space unticks it.
    await page.getByRole('checkbox', { name: `Tick ${shown[0]}` }).focus();
    for (let step = 0; step < shown.indexOf('skomager og kromand'); step += 1) await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Tick skomager og kromand');
    await page.keyboard.press('Space');
    await expect.poll(() => tickedStrings(page)).toEqual(shown.filter((string) => string !== 'skomager og kromand'));
    expect(await page.getByTestId('similar-entries-ticked').innerText()).toBe('Saving maps the 3 ticked entries the same as this one.');
    await shot(page, 'review-similar-entries-ticked-light');

    // Enter saves the four as one; the next entry shown is the first one not ticked.
    await page.keyboard.press('Enter');
    const notice = page.getByTestId('batch-saved-notice');
    await expectVisible(notice);
    expect(await notice.innerText()).toContain('Mapped 4 entries to 1 URI(s)');
    await expectEntry(page, 'skomager og kromand');
    for (const string of ['skomager', 'Skomager.', 'skomagere', 'skomagersvend']) expect(await mappedOf(string)).toEqual({ mapped: true, predictionURIs: ['hisco:80110'] });
    expect((await mappedOf('skomager og kromand')).mapped).toBe(false);
    expect(await mappedCount()).toBe(before + 4);
    await expect.poll(() => badge.innerText()).toBe(`${before + 4} / 9 mapped`);
    // The next entry's list leaves out the entries just mapped, and starts with none ticked.
    await expect.poll(async () => (await similarRows(page)).map((row) => row.string), { timeout: 10_000 }).toEqual(await similarFromApi('skomager og kromand'));
    expect((await similarRows(page)).map((row) => row.string)).not.toContain('skomagere');
    expect(await tickedStrings(page)).toEqual([]);
    await shot(page, 'review-similar-entries-saved-light');

    // Undo gives the whole batch back: all four unmapped, the counts back, the entries read again.
    await notice.getByTestId('batch-undo').click();
    const undone = page.getByTestId('batch-undone-notice');
    await expectVisible(undone);
    expect(await undone.innerText()).toBe('4 entries given back their mapping from before');
    for (const string of ['skomager', 'Skomager.', 'skomagere', 'skomagersvend']) expect((await mappedOf(string)).mapped).toBe(false);
    expect(await mappedCount()).toBe(before);
    await expect.poll(() => badge.innerText()).toBe(`${before} / 9 mapped`);
    await expect.poll(async () => (await similarRows(page)).map((row) => row.string), { timeout: 10_000 }).toContain('skomagere');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('ArrowLeft');
    await expectEntry(page, 'skomagersvend');
  });

  it('ticks results of the entry search with Shift+Enter and saves them with the entry', async () => {
    await openEntry(page, 'smed');
    const before = await mappedCount();
    await page.keyboard.press('1');
    await page.keyboard.press('/');
    await page.keyboard.type('kone');
    await expectVisible(page.getByRole('option', { name: 'deres kone' }));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+Enter');
    // The list stays open with both ticked, and the entry is still on screen.
    await expect.poll(() => searchTicks()).toEqual([true, true]);
    await expectEntry(page, 'smed');
    // A click on a result's box unticks (and ticks) it, leaving the list open and the entry on screen.
    await page.getByTestId('entry-search-tick').first().click();
    await expect.poll(() => searchTicks()).toEqual([false, true]);
    await page.getByTestId('entry-search-tick').first().click();
    await expect.poll(() => searchTicks()).toEqual([true, true]);
    await expectEntry(page, 'smed');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search entries');
    expect(await seriousAccessibilityViolations(page, '[role="listbox"]')).toEqual([]);
    await shot(page, 'review-similar-entries-search-light');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    // 'Similar entries' shows them as ticked in the search.
    await expect.poll(async () => (await similarRows(page)).filter((row) => row.reason === 'search').map((row) => row.string).sort()).toEqual(['deres kone', 'hans kone']);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Enter');
    await expectVisible(page.getByTestId('batch-saved-notice'));
    expect(await page.getByTestId('batch-saved-notice').innerText()).toContain('Mapped 3 entries to 1 URI(s)');
    for (const string of ['smed', 'hans kone', 'deres kone']) expect(await mappedOf(string)).toEqual({ mapped: true, predictionURIs: ['hisco:83110'] });
    expect(await mappedCount()).toBe(before + 3);
    await page.getByTestId('batch-saved-notice').getByTestId('batch-undo').click();
    await expectVisible(page.getByTestId('batch-undone-notice'));
    expect(await mappedCount()).toBe(before);
  });

  it('takes an entry out of the list when it is mapped elsewhere (by another reviewer, or in another tab)', async () => {
    await openEntry(page, 'hans kone');
    await expect.poll(async () => (await similarRows(page)).map((row) => row.string), { timeout: 10_000 }).toContain('deres kone');
    const saved = await page.request.post(`${app.url}/api/prediction-sets/${setId}/entries/${encodeURIComponent('deres kone')}?threshold=0.75`, {
      headers: await csrfHeaders(page, app.url),
      data: { mappings: { predictionURIs: ['hisco:99910'] } },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await expect.poll(async () => (await similarRows(page)).map((row) => row.string), { timeout: 10_000 }).not.toContain('deres kone');
  });

  it('in the dark colour scheme', async () => {
    const { context: dark, page: darkPage } = await newPage(browser, 'dark');
    await darkPage.goto(`${app.url}/datasets/list`);
    await logIn(darkPage, reviewer.username, reviewer.password, { waitClosed: true });
    await openEntry(darkPage, 'skomager');
    await expect.poll(() => darkPage.getByTestId('similar-entry').count(), { timeout: 10_000 }).toBe(4);
    await darkPage.keyboard.press('1');
    await darkPage.keyboard.press('a');
    await expect.poll(() => tickedStrings(darkPage)).toHaveLength(4);
    await shot(darkPage, 'review-similar-entries-dark');
    await dark.close();
  });
});
