import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startAppProcess } from './support/app-process.js';
import { closeLeftoverDialog, expectVisible, launchBrowser, logIn, newPage, screenshot } from './support/browser.js';
import { callApi, uploadPredictionSet } from './support/page-api.js';

/**
 * The review screen as a reviewer works it, in Debian's Chromium against the built app: entries
 * by arrows and buttons, predictions by key, tree nodes by drag and drop and double-click, tags,
 * save and next, the 404 summary, hostile strings in the address, two reviewers on one entry,
 * bulk accept and undo, and an export that holds what was saved.
 */

const reviewer = { username: 'rhea', password: 'rhea-password-1' };
const toyPredictions = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../shared/data/predictions/occcanine_toydata_predictions.csv');
const second = { username: 'sam', password: 'sam-password-1' };

/** Strings a reviewer meets that an address must survive: a slash, a percent sign, emoji, quotes, a question mark. */
const hostile = ['a/b weaver', '100% cotton spinner', '🧵 tailor', 'who? farmer'];
/** 12 entries in file order; best confidences 0.05…0.6 (all below 0.75), the last two above; two share a normalised title. */
const entries = [
  { string: hostile[0]!, predictions: [{ uris: ['hisco:75432'], conf: 0.62 }, { uris: ['hisco:79100'], conf: 0.2 }] },
  { string: hostile[1]!, predictions: [{ uris: ['hisco:75432'], conf: 0.41 }, { uris: ['hisco:99930'], conf: 0.3 }, { uris: ['hisco:61110', 'hisco:62105'], conf: 0.1 }] },
  { string: hostile[2]!, predictions: [{ uris: ['hisco:79100'], conf: 0.55 }] },
  { string: hostile[3]!, predictions: [{ uris: ['hisco:61110'], conf: 0.7 }] },
  { string: 'Farm-Labourer', predictions: [{ uris: ['hisco:62105'], conf: 0.5 }] },
  { string: 'farm labourer', predictions: [{ uris: ['hisco:62105'], conf: 0.52 }] },
  { string: 'blacksmith', predictions: [{ uris: ['hisco:83110'], conf: 0.3 }] },
  { string: 'factory hand', predictions: [{ uris: ['hisco:99930'], conf: 0.45 }] },
  { string: 'general farmer', predictions: [{ uris: ['hisco:61110'], conf: 0.66 }] },
  { string: 'soldier', predictions: [{ uris: ['hisco:58340'], conf: 0.05 }] },
  { string: 'coal merchant', predictions: [{ uris: ['hisco:41025'], conf: 0.97 }] },
  { string: 'wine merchant', predictions: [{ uris: ['hisco:41025'], conf: 0.93 }] },
  // A literal %2F, which the router's own parameter decoding would turn into a slash.
  { string: '50%2F50 share', predictions: [{ uris: ['hisco:61110'], conf: 0.85 }] },
];

let app: AppProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let set: { predictionSetId: string; slug: string; jobId: string };

async function shot(target: Page, name: string): Promise<void> {
  await target.waitForTimeout(400);
  await screenshot(target, name);
}

const entryTitle = (target: Page) => target.getByTestId('entry-string');
const reviewUrl = (string?: string) => `${app.url}/review/${set.slug}${string === undefined ? '' : `/entries/${encodeURIComponent(string)}`}`;

async function expectEntry(target: Page, string: string): Promise<void> {
  await expect.poll(() => entryTitle(target).innerText(), { timeout: 10_000 }).toBe(string);
  await expect.poll(() => decodeURIComponent(new URL(target.url()).pathname.split('/entries/')[1] ?? '')).toBe(string);
}

async function counts(target: Page, threshold = 0.75) {
  return (await callApi<{ totalBelowThreshold: number; mappedCount: number }>(target, 'GET', `/api/prediction-sets/${set.predictionSetId}?threshold=${threshold}`)).body;
}

async function mappingOf(target: Page, string: string) {
  const answer = await callApi<{ predictionEntry: { mappings: { nodeURIs: string[]; predictionURIs: string[]; tags: string[] } } }>(
    target,
    'GET',
    `/api/prediction-sets/${set.predictionSetId}/entries/${encodeURIComponent(string)}?filter=all`,
  );
  return answer.body.predictionEntry.mappings;
}

beforeAll(async () => {
  app = await startAppProcess();
  app.addUser(reviewer.username, 'member', reviewer.password);
  app.addUser(second.username, 'admin', second.password);
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  // A guarded page opens the login modal; /review is not guarded (SPEC §2).
  await page.goto(`${app.url}/datasets/list`);
  await logIn(page, reviewer.username, reviewer.password, { waitClosed: true });
  set = await uploadPredictionSet(page, 'parish registers.json', entries);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
});
afterEach(() => closeLeftoverDialog(page));

describe('the review screen (SPEC §2, §4)', () => {
  it('opens the first unmapped entry and replaces the address with its string', async () => {
    await page.goto(reviewUrl());
    await expectEntry(page, 'a/b weaver');
    // The breadcrumb names the set by its name, never by its slug.
    await expectVisible(page.getByTestId('review-breadcrumbs-set'));
    expect(await page.getByTestId('review-breadcrumbs-set').innerText()).toBe('parish registers');
    expect(await page.getByTestId('review-breadcrumbs').innerText()).not.toContain(set.slug);
    const predictions = page.getByTestId('prediction');
    expect(await predictions.count()).toBe(2);
    expect(await predictions.nth(0).getByTestId('confidence-box').innerText()).toBe('62.0%');
    expect(await predictions.nth(0).getByTestId('confidence-box').getAttribute('data-band')).toBe('medium');
    expect(await predictions.nth(1).getByTestId('confidence-box').getAttribute('data-band')).toBe('low');
    await expectVisible(predictions.nth(0).getByText('Cotton Weaver (Hand or Machine)'));
    expect(await page.getByTestId('save-and-next').innerText()).toBe('No changes to save');
    expect(await page.getByTestId('save-and-next').isDisabled()).toBe(true);
    expect(await page.getByTestId('tags').isDisabled()).toBe(true);
    await expectVisible(page.getByText('Drag and drop occupation here'));
    await shot(page, 'review-1-entry-light');
  });

  it('moves by arrows and buttons, and keeps hostile strings in the address', async () => {
    await page.goto(reviewUrl('a/b weaver'));
    await expectEntry(page, 'a/b weaver');
    await page.keyboard.press('ArrowRight');
    await expectEntry(page, '100% cotton spinner');
    await page.getByTestId('next-entry').click();
    await expectEntry(page, '🧵 tailor');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('ArrowLeft');
    await expectEntry(page, '100% cotton spinner');
    await page.getByTestId('previous-entry').click();
    await expectEntry(page, 'a/b weaver');
    // Opened straight from the address, each one.
    for (const string of [...hostile, '50%2F50 share']) {
      await page.goto(reviewUrl(string));
      await expectEntry(page, string);
    }
    // Arrows rest while the search box has the focus.
    await page.getByTestId('entry-search').focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(300);
    expect(await entryTitle(page).innerText()).toBe('50%2F50 share');
  });

  it('finds entries by search (3 characters or more) and opens the one chosen', async () => {
    await page.goto(reviewUrl('a/b weaver'));
    await expectEntry(page, 'a/b weaver');
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search entries');
    await page.keyboard.type('fa');
    await page.waitForTimeout(400);
    expect(await page.getByRole('option').count()).toBe(0);
    await page.keyboard.type('rm');
    await expectVisible(page.getByRole('option', { name: 'farm labourer' }));
    await shot(page, 'review-2-search-light');
    await page.getByRole('option', { name: 'general farmer' }).click();
    await expectEntry(page, 'general farmer');
  });

  it('toggles predictions by key, adds a tree node by drag and drop and by double-click, tags, and saves to the next entry', async () => {
    await page.goto(reviewUrl('100% cotton spinner'));
    await expectEntry(page, '100% cotton spinner');
    const before = await counts(page);
    await page.keyboard.press('1');
    await expect.poll(() => page.getByTestId('prediction').nth(0).getByRole('checkbox').isChecked()).toBe(true);
    await page.keyboard.press('3');
    await expect.poll(() => page.getByTestId('save-and-next').innerText()).toBe('Save (3) and next');
    await page.keyboard.press('3');
    await expect.poll(() => page.getByTestId('save-and-next').innerText()).toBe('Save (1) and next');

    // The tree starts in the predictions' scheme; search it, then drag the code found into the drop zone.
    await page.getByTestId('review-tree-search').fill('Blacksmith, General');
    await page.getByTestId('review-tree-search-option-83110').click();
    const smith = page.getByTestId('tree-node-83110');
    await expectVisible(smith);
    await smith.dragTo(page.getByTestId('drop-zone'));
    await expectVisible(page.getByTestId('chosen-node').filter({ hasText: 'Blacksmith, General' }));
    // Double-click adds another; clicking a chosen node takes it out.
    await page.getByTestId('review-tree-search').fill('Factory Worker');
    await page.getByTestId('review-tree-search-option-99930').click();
    await page.getByTestId('tree-node-99930').dblclick();
    await expect.poll(() => page.getByTestId('chosen-node').count()).toBe(2);
    await page.getByTestId('chosen-node').filter({ hasText: 'Factory Worker' }).getByText('Factory Worker').click();
    await expect.poll(() => page.getByTestId('chosen-node').count()).toBe(1);
    expect(await page.getByTestId('save-and-next').innerText()).toBe('Save (2) and next');

    await page.getByTestId('tags').click();
    await page.getByRole('option', { name: 'Apprentice', exact: true }).click();
    await page.getByRole('option', { name: 'Day labour', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await shot(page, 'review-3-chosen-light');

    await page.keyboard.press('Enter');
    await expectEntry(page, '🧵 tailor');
    await expectVisible(page.getByText('Mapped 100% cotton spinner to 2 URI(s)'));
    await expectVisible(page.getByText('Mapping saved', { exact: true }));
    await shot(page, 'review-4-saved-light');
    expect(await mappingOf(page, '100% cotton spinner')).toEqual({
      treeNodes: [expect.objectContaining({ codeValue: '83110', scheme: 'hisco' })],
      nodeURIs: ['hisco:83110'],
      predictionURIs: ['hisco:75432'],
      tags: ['Apprentice', 'Day labour'],
    });
    expect(await counts(page)).toEqual({ totalBelowThreshold: before.totalBelowThreshold, mappedCount: before.mappedCount + 1 });
  });

  it('offers to map the entries with the same title after a save', async () => {
    await page.goto(reviewUrl('Farm-Labourer'));
    await expectEntry(page, 'Farm-Labourer');
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    const alsoMap = page.getByTestId('also-map-same-title');
    await expectVisible(alsoMap);
    expect(await alsoMap.innerText()).toBe('Also map 1 entry with the same title');
    await alsoMap.click();
    // The notice has done its work: it closes, and no button is left to press twice.
    await expect.poll(() => alsoMap.count()).toBe(0);
    await expect.poll(async () => (await mappingOf(page, 'farm labourer')).predictionURIs).toEqual(['hisco:62105']);
  });

  it('changes counts with the threshold and filter, and shows the summary when a filter is exhausted', async () => {
    await page.goto(`${reviewUrl()}?filter=mapped&threshold=0.75&order=file`);
    await expectEntry(page, '100% cotton spinner');
    await page.getByTestId('review-info').hover();
    await expectVisible(page.getByTestId('review-info-card'));
    const mappedNow = (await counts(page)).mappedCount;
    await expect.poll(() => page.getByTestId('mapped-below-threshold').innerText()).toBe(`Mapped ${mappedNow} of 10`);
    expect(await page.getByTestId('below-threshold').innerText()).toBe(`Below threshold 10 of ${entries.length}`);
    await expect.poll(() => page.getByTestId('review-coverage').innerText()).toMatch(/^Coverage: \d+\.\d% of the entries mapped/);
    await shot(page, 'review-5-info-card-light');
    // The slider: 50% leaves the entries below 0.5.
    const slider = page.getByTestId('review-info-card').getByRole('slider');
    await slider.focus();
    for (let step = 0; step < 25; step++) await slider.press('ArrowLeft');
    await expect.poll(() => page.getByTestId('below-threshold').innerText()).toBe(`Below threshold ${entries.filter((entry) => entry.predictions[0]!.conf < 0.5).length} of ${entries.length}`);
    await expect.poll(() => new URL(page.url()).searchParams.get('threshold')).toBe('0.5');

    // Nothing mapped below 0.1: the summary of SPEC §8.
    await page.goto(`${reviewUrl()}?filter=mapped&threshold=0.1`);
    await expectVisible(page.getByText('No mapped entry found in dataset'));
    const summary = await page.getByTestId('no-entry-summary').innerText();
    expect(summary).toContain(`Total entries\t${entries.length}`);
    expect(summary).toContain('Below threshold\t1');
    await shot(page, 'review-6-no-entry-light');
    await page.goto(reviewUrl('no such title'));
    await expectVisible(page.getByText('Entry not found'));
  });

  it('shows the other reviewer’s choice on a 409 and keeps the one chosen', async () => {
    const other = await newPage(browser);
    try {
      await page.goto(`${reviewUrl('blacksmith')}?filter=all`);
      await expectEntry(page, 'blacksmith');
      await other.page.goto(`${app.url}/datasets/list`);
      await logIn(other.page, second.username, second.password, { waitClosed: true });
      await other.page.goto(`${reviewUrl('blacksmith')}?filter=all`);
      await expectEntry(other.page, 'blacksmith');
      // This reviewer chooses a code from the tree…
      await page.getByTestId('review-tree-search').fill('Factory Worker');
      await page.getByTestId('review-tree-search-option-99930').click();
      await page.getByTestId('tree-node-99930').dblclick();
      await expectVisible(page.getByTestId('chosen-node'));
      // …while the second reviewer saves the prediction first; the change reaches this page live (its count too), the draft stays.
      const badge = page.getByTestId('review-progress-badge');
      const before = await badge.innerText();
      await other.page.keyboard.press('1');
      await other.page.getByTestId('save-and-next').click();
      await expectEntry(other.page, 'factory hand');
      await expect.poll(async () => (await mappingOf(page, 'blacksmith')).predictionURIs).toEqual(['hisco:83110']);
      await expect.poll(() => badge.innerText()).not.toBe(before);
      expect(await page.getByTestId('save-and-next').innerText()).toBe('Save (1) and next');
      await page.getByTestId('save-and-next').click();
      const conflict = page.getByTestId('mapping-conflict');
      await expectVisible(conflict);
      expect(await conflict.getByTestId('conflict-theirs').innerText()).toContain('hisco:83110');
      expect(await conflict.getByTestId('conflict-mine').innerText()).toContain('hisco:99930');
      await shot(page, 'review-7-conflict-light');
      await conflict.getByTestId('conflict-keep-mine').click();
      await conflict.waitFor({ state: 'detached' });
      await expect.poll(async () => (await mappingOf(page, 'blacksmith')).nodeURIs).toEqual(['hisco:99930']);
    } finally {
      await other.context.close();
    }
  });

  it('accepts the top prediction of every entry at or above a confidence, and undoes the batch', async () => {
    await page.goto(`${reviewUrl('soldier')}?filter=all&threshold=1`);
    await expectEntry(page, 'soldier');
    await page.getByTestId('review-info').hover();
    await page.getByTestId('open-bulk-accept').click();
    const modal = page.getByTestId('bulk-accept-modal');
    await expectVisible(modal);
    // 90%: the two merchants.
    await expect.poll(() => modal.getByTestId('bulk-accept-count').innerText()).toMatch(/^2 unmapped entries will be mapped/);
    await shot(page, 'review-8-bulk-accept-light');
    await modal.getByTestId('bulk-accept-confirm').click();
    await expectVisible(modal.getByText('Completed'), 30_000).catch(async () => expectVisible(modal.getByTestId('bulk-accept-undo')));
    await expect.poll(async () => (await mappingOf(page, 'coal merchant')).predictionURIs, { timeout: 30_000 }).toEqual(['hisco:41025']);
    await modal.getByTestId('bulk-accept-undo').click();
    await expect.poll(async () => (await mappingOf(page, 'coal merchant')).predictionURIs).toEqual([]);
    await expectVisible(page.getByText('Batch undone'));
  });

  it('exports what was saved', async () => {
    const flattened = await page.evaluate(async (id) => (await fetch(`/api/prediction-sets/${id}/export?format=flattened`)).text(), set.predictionSetId);
    expect(flattened).toContain('100% cotton spinner');
    expect(flattened).toContain('83110');
    const nested = JSON.parse(await page.evaluate(async (id) => (await fetch(`/api/prediction-sets/${id}/export?format=nested`)).text(), set.predictionSetId)) as {
      string: string;
      mappings: { nodeURIs: string[]; tags: string[] };
    }[];
    expect(nested.find((entry) => entry.string === '100% cotton spinner')?.mappings).toMatchObject({ nodeURIs: ['hisco:83110'], tags: ['Apprentice', 'Day labour'] });
  });

  it('looks right in dark', async () => {
    const dark = await newPage(browser, 'dark');
    try {
      await dark.page.goto(`${app.url}/datasets/list`);
      await logIn(dark.page, reviewer.username, reviewer.password, { waitClosed: true });
      await dark.page.goto(reviewUrl('a/b weaver'));
      await expectEntry(dark.page, 'a/b weaver');
      await dark.page.keyboard.press('2');
      await dark.page.getByTestId('shortcuts-help').click();
      await expectVisible(dark.page.getByTestId('shortcuts-list'));
      await shot(dark.page, 'review-9-entry-dark');
    } finally {
      await dark.context.close();
    }
  });
});

describe('a new reviewer, keyboard only', () => {
  it('uploads OccCANINE’s toy predictions on /review, opens the set and codes entries with the keyboard alone', async () => {
    await page.goto(`${app.url}/review`);
    await page.getByTestId('prediction-file-input').setInputFiles(toyPredictions);
    await page.getByTestId('reading-import').click();
    const row = page.getByTestId('prediction-set-row').filter({ has: page.getByText('occcanine_toydata_predictions', { exact: true }) });
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 60_000 }).toBe('ready');
    const toy = { id: (await row.getAttribute('data-set-id'))!, slug: (await row.getAttribute('data-slug'))! };
    await row.getByTestId('prediction-set-name').click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(new RegExp(`^/review/${toy.slug}/entries/`));
    const first = await entryTitle(page).innerText();
    const mapping = async (string: string) =>
      (await callApi<{ predictionEntry: { mappings: { nodeURIs: string[]; predictionURIs: string[] } } }>(page, 'GET', `/api/prediction-sets/${toy.id}/entries/${encodeURIComponent(string)}?filter=all`)).body.predictionEntry.mappings;

    // 1 chooses the top prediction, Enter saves and shows the next entry.
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await expect.poll(() => entryTitle(page).innerText()).not.toBe(first);
    const second = await entryTitle(page).innerText();
    await expect.poll(async () => (await mapping(first)).predictionURIs.length).toBe(1);

    // t searches the tree; Enter chooses the first result, highlighted already (the tree takes the focus), Enter adds it, Enter saves.
    await page.keyboard.press('t');
    await page.keyboard.type('Tailor, Specialisation');
    await expectVisible(page.getByTestId('review-tree-search-option-79100'));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tree');
    await page.keyboard.press('Enter');
    await expectVisible(page.getByTestId('chosen-node').filter({ hasText: 'Tailor, Specialisation Unknown' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => entryTitle(page).innerText()).not.toBe(second);
    await expect.poll(async () => (await mapping(second)).nodeURIs).toEqual(['hisco:79100']);

    // / searches the entries (those in the review's scope: the mapped ones have left it); arrows move back.
    const third = await entryTitle(page).innerText();
    const fourth = (await callApi<{ predictionEntry: { next: string } }>(page, 'GET', `/api/prediction-sets/${toy.id}/entries/${encodeURIComponent(third)}`)).body.predictionEntry.next;
    await page.keyboard.press('/');
    await page.keyboard.type(fourth.slice(0, 8));
    await expectVisible(page.getByRole('option').filter({ hasText: fourth }).first());
    // Each option shows the string, then whether it is mapped or its best confidence.
    const position = await page.getByRole('option').evaluateAll((options, wanted) => options.findIndex((option) => option.querySelector('p')?.textContent === wanted), fourth);
    expect(position).toBeGreaterThanOrEqual(0);
    for (let step = 0; step <= position; step++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => entryTitle(page).innerText()).toBe(fourth);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => entryTitle(page).innerText()).toBe(third);
    await page.keyboard.press('?');
    await expectVisible(page.getByTestId('shortcuts-list'));
    await shot(page, 'review-10-keyboard-light');
  });
});
