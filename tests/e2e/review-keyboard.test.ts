import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startAppProcess } from './support/app-process.js';
import { closeLeftoverDialog, expectVisible, launchBrowser, logIn, newPage, screenshot } from './support/browser.js';
import { callApi, uploadPredictionSet } from './support/page-api.js';

/**
 * The review screen worked with the keyboard alone (issue 29): a prediction by its number and
 * Enter; a code from the tree by `t`, typing, Enter, Enter, the best match highlighted and an
 * occupation above its group; a title without predictions opening the tree already searched;
 * one success notice at a time; a tag of the set's own, typed, saved and exported; and the
 * review's stop at its goal.
 */

const reviewer = { username: 'rhea', password: 'rhea-password-1' };

/** Six entries in file order; all below the 0.75 threshold but 'coal merchant'. 'blacksmith' has no predictions. */
const entries = [
  { string: 'tailor', predictions: [{ uris: ['hisco:79100'], conf: 0.55 }] },
  { string: 'farm worker', predictions: [{ uris: ['hisco:62105'], conf: 0.4 }] },
  { string: 'blacksmith', predictions: [] },
  { string: 'factory hand', predictions: [{ uris: ['hisco:99930'], conf: 0.45 }] },
  { string: 'soldier', predictions: [{ uris: ['hisco:58340'], conf: 0.05 }] },
  { string: 'coal merchant', predictions: [{ uris: ['hisco:41025'], conf: 0.97 }] },
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

const reviewUrl = (string?: string) => `${app.url}/review/${set.slug}${string === undefined ? '' : `/entries/${encodeURIComponent(string)}`}`;

async function expectEntry(target: Page, string: string): Promise<void> {
  await expect.poll(() => target.getByTestId('entry-string').innerText(), { timeout: 10_000 }).toBe(string);
}

async function mappingOf(target: Page, string: string) {
  const answer = await callApi<{ predictionEntry: { mappings: { nodeURIs: string[]; predictionURIs: string[]; tags: string[] } } }>(
    target,
    'GET',
    `/api/prediction-sets/${set.predictionSetId}/entries/${encodeURIComponent(string)}?filter=all`,
  );
  return answer.body.predictionEntry.mappings;
}

/** The values of the tree search's options, in the order shown, and the highlighted one. */
async function treeOptions(target: Page): Promise<{ values: string[]; highlighted: string | null }> {
  return target.evaluate(() => {
    const options = [...document.querySelectorAll<HTMLElement>('[data-testid^="review-tree-search-option-"]')];
    const values = options.map((option) => option.dataset.testid!.slice('review-tree-search-option-'.length));
    const highlighted = options.find((option) => option.hasAttribute('data-combobox-selected'));
    return { values, highlighted: highlighted ? highlighted.dataset.testid!.slice('review-tree-search-option-'.length) : null };
  });
}

const savedNotices = (target: Page) => target.locator('.mantine-Notification-root').filter({ hasText: 'Mapping saved' });

beforeAll(async () => {
  app = await startAppProcess();
  app.addUser(reviewer.username, 'member', reviewer.password);
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  await page.goto(`${app.url}/datasets/list`);
  await logIn(page, reviewer.username, reviewer.password, { waitClosed: true });
  set = await uploadPredictionSet(page, 'keyboard review.json', entries);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
});
afterEach(() => closeLeftoverDialog(page));

describe('the review by keyboard (issue 29)', () => {
  it('accepts a prediction with its number and Enter', async () => {
    await page.goto(reviewUrl());
    await expectEntry(page, 'tailor');
    await page.keyboard.press('1');
    await expect.poll(() => page.getByTestId('save-and-next').innerText()).toContain('Save (1)');
    await page.keyboard.press('Enter');
    await expectEntry(page, 'farm worker');
    await expect.poll(async () => (await mappingOf(page, 'tailor')).predictionURIs).toEqual(['hisco:79100']);
  });

  it('picks from the tree with t, typing, Enter, Enter: the best match highlighted, an occupation above its group', async () => {
    await page.keyboard.press('t');
    await page.keyboard.type('general farmer');
    // The exact name first and highlighted at once; the occupation 'General Farmers' (61100) above its group (611).
    await expect.poll(async () => (await treeOptions(page)).highlighted, { timeout: 5_000 }).toBe('61110');
    const { values } = await treeOptions(page);
    expect(values[0]).toBe('61110');
    expect(values).toContain('611');
    expect(values.indexOf('61100')).toBeLessThan(values.indexOf('611'));
    await shot(page, 'review-keyboard-1-tree-search-light');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expectVisible(page.getByTestId('chosen-node').filter({ hasText: 'General Farmer' }));
  });

  it('takes a tag of the set\'s own, typed and confirmed with Enter, and says why it refuses one', async () => {
    await page.keyboard.press('g');
    await page.keyboard.type('x'.repeat(61));
    await page.keyboard.press('Enter');
    await expectVisible(page.getByText('A tag is at most 60 characters'));
    // Nothing typed is dropped: the text stays for the reviewer to mend.
    expect(await page.getByTestId('tags').inputValue()).toBe('x'.repeat(61));
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Lodger in household');
    await page.keyboard.press('Enter');
    await expectVisible(page.getByTestId('review-footer').getByText('Lodger in household'));
    await shot(page, 'review-keyboard-2-custom-tag-light');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await expectEntry(page, 'blacksmith');
    await expect.poll(async () => (await mappingOf(page, 'farm worker')).tags).toEqual(['Lodger in household']);
    expect((await mappingOf(page, 'farm worker')).nodeURIs).toEqual(['hisco:61110']);
  });

  it('shows one success notice at a time after two saves', async () => {
    await expect.poll(() => savedNotices(page).count()).toBe(1);
    await expectVisible(savedNotices(page).filter({ hasText: 'farm worker' }));
    // Above the footer, never over its tag field.
    const notice = (await savedNotices(page).boundingBox())!;
    const footer = (await page.getByTestId('review-footer').boundingBox())!;
    expect(notice.y + notice.height).toBeLessThanOrEqual(footer.y);
  });

  it('opens a title without predictions with its words searched, so Enter takes the best match', async () => {
    const search = page.getByTestId('review-tree-search');
    await expect.poll(() => search.inputValue()).toBe('blacksmith');
    await expect.poll(() => search.evaluate((input) => input === document.activeElement)).toBe(true);
    await expect.poll(async () => (await treeOptions(page)).highlighted, { timeout: 5_000 }).not.toBeNull();
    expect(await page.getByTestId('chosen-node').count()).toBe(0);
    const best = (await treeOptions(page)).values[0]!;
    await shot(page, 'review-keyboard-3-no-predictions-light');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('chosen-node').count()).toBe(1);
    await page.keyboard.press('Enter');
    await expectEntry(page, 'factory hand');
    await expect.poll(async () => (await mappingOf(page, 'blacksmith')).nodeURIs).toEqual([`hisco:${best}`]);
    // The next entry, with predictions, starts with the tree's search empty.
    expect(await search.inputValue()).toBe('');
    await expect.poll(() => savedNotices(page).count()).toBe(1);
  });

  it('lists the keys under ?', async () => {
    await page.keyboard.press('?');
    const list = page.getByTestId('shortcuts-list');
    await expectVisible(list);
    for (const what of ['Tag the mapping', "The review's settings", 'Bulk accept', 'In the tree search']) await expectVisible(list.getByText(what, { exact: false }));
    await page.keyboard.press('?');
  });

  it('stops at its goal with a summary and the way to go on', async () => {
    // Three entries mapped and one above the threshold: 4 of 6 covered (66.6%); the goal is 80%.
    await page.keyboard.press('i');
    await expectVisible(page.getByTestId('review-info-card'));
    await page.getByTestId('review-goal').focus();
    await page.keyboard.type('80');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('review-coverage-badge').innerText()).toBe('66.6% covered · goal 80.0%');
    await page.keyboard.press('Escape');
    await page.getByTestId('review-goal').blur();
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await expectVisible(page.getByTestId('goal-reached-text'), 20_000);
    expect(await page.getByTestId('goal-reached-text').innerText()).toContain('Goal reached: 83.3% of the entries covered');
    await shot(page, 'review-keyboard-4-goal-light');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('goal-reached-text').count()).toBe(0);
    await expectEntry(page, 'soldier');
  });

  it('exports the tag of the set\'s own', async () => {
    const flattened = await page.evaluate(async (id) => (await fetch(`/api/prediction-sets/${id}/export?format=flattened`)).text(), set.predictionSetId);
    expect(flattened).toContain('Lodger in household');
    const summary = await callApi<{ customTags: string[]; goal: number }>(page, 'GET', `/api/prediction-sets/${set.predictionSetId}/summary`);
    expect(summary.body).toMatchObject({ customTags: ['Lodger in household'], goal: 0.8 });
  });

  it('looks right in the dark', async () => {
    const dark = await newPage(browser, 'dark');
    try {
      // The same reviewer's session.
      await dark.context.addCookies(await context.cookies());
      await dark.page.goto(reviewUrl('soldier'));
      await expectEntry(dark.page, 'soldier');
      // The goal is reached: the summary greets the reviewer, and Enter goes on.
      await expectVisible(dark.page.getByTestId('goal-reached-text'), 15_000);
      await shot(dark.page, 'review-keyboard-4-goal-dark');
      await dark.page.keyboard.press('Enter');
      await expect.poll(() => dark.page.getByTestId('goal-reached-text').count()).toBe(0);
      await expectVisible(dark.page.getByTestId('review-tree-search'));
      await dark.page.keyboard.press('t');
      await dark.page.keyboard.type('farmer');
      await expect.poll(async () => (await treeOptions(dark.page)).highlighted, { timeout: 5_000 }).not.toBeNull();
      await shot(dark.page, 'review-keyboard-1-tree-search-dark');
    } finally {
      await dark.context.close();
    }
  });
});
