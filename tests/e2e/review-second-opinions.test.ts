import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PredictionEntryAnswer } from '../../shared/src/contracts/predictions.js';
import type { AgreementReport } from '../../shared/src/contracts/second-opinions.js';
import { type AppProcess, startAppProcess } from './support/app-process.js';
import { closeLeftoverDialog, expectVisible, launchBrowser, logIn, newPage, screenshot } from './support/browser.js';
import { callApi } from './support/page-api.js';

/**
 * Double coding in the browser (issue 30): a dataset's set shared with two reviewers; the first
 * maps four titles (through the API); the owner offers all of them for a second opinion from the
 * /review list; the second reviewer codes them blind by keyboard alone (a prediction's number, or
 * `t`, a code, Enter, Enter; then Enter sends), never shown the first mapping; the agreement page
 * shows the κ per level the API reports, and the owner decides the one disagreement, which leaves
 * the list and becomes the entry's mapping.
 */

const owner = { username: 'ola', password: 'ola-password-1' };
const first = { username: 'bea', password: 'bea-password-1' };
const second = { username: 'cai', password: 'cai-password-1' };

/** Each title: its one prediction, the first reviewer's code, and how the second codes it (the prediction's key, or a code found in the tree). */
const plan = [
  { string: 'shoemaker', predicted: '80110', firstCode: '80110', secondBy: { key: '1' } },
  { string: 'farm worker', predicted: '62105', firstCode: '61110', secondBy: { tree: '61110' } },
  { string: 'carpenter', predicted: '95410', firstCode: '95410', secondBy: { tree: '95120' } },
  { string: 'tailor', predicted: '79100', firstCode: '79100', secondBy: { tree: '79120' } },
] as const;

let app: AppProcess;
let browser: Browser;
const contexts: BrowserContext[] = [];
let ownerPage: Page;
let firstPage: Page;
let setId: string;
let slug: string;

const hisco = (code: string) => `hisco:${code}`;
const setPath = (rest: string) => `/api/prediction-sets/${setId}/${rest}`;

async function shot(target: Page, name: string): Promise<void> {
  await target.waitForTimeout(400);
  await screenshot(target, name);
}

async function signedIn(user: { username: string; password: string }, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const { context, page } = await newPage(browser, colorScheme);
  contexts.push(context);
  await page.goto(`${app.url}/datasets/list`);
  await logIn(page, user.username, user.password, { waitClosed: true });
  return page;
}

async function jobDone(target: Page, jobId: string): Promise<void> {
  for (const started = Date.now(); ; ) {
    const { state } = (await callApi<{ state: string }>(target, 'GET', `/api/jobs/${jobId}`)).body;
    if (state === 'completed') return;
    if (state === 'failed' || Date.now() - started > 120_000) throw new Error(`Job ${jobId} did not complete: ${state}`);
    await target.waitForTimeout(250);
  }
}

beforeAll(async () => {
  app = await startAppProcess();
  for (const user of [owner, first, second]) app.addUser(user.username, 'member', user.password);
  browser = await launchBrowser();
  ownerPage = await signedIn(owner);
  const dataset = await callApi<{ datasetId: string; jobId: string }>(ownerPage, 'POST', '/api/datasets', {
    data: plan.map(({ string }) => ({ title: string, code: '', totals: [1] })),
    metadata: { title: 'Double coding parish', titleColumn: 'title', codeColumn: 'code', scheme: 'hisco', totalsColumns: ['people'] },
  });
  expect(dataset.status, JSON.stringify(dataset.body)).toBe(202);
  await jobDone(ownerPage, dataset.body.jobId);
  // The set is seen by the dataset's collaborators: both reviewers.
  for (const user of [first, second]) {
    const shared = await callApi(ownerPage, 'POST', `/api/datasets/${dataset.body.datasetId}/collaborators`, { username: user.username });
    expect(shared.status, JSON.stringify(shared.body)).toBeLessThan(300);
  }
  const file = JSON.stringify(plan.map(({ string, predicted }) => ({ string, predictions: [{ uris: [hisco(predicted)], conf: 0.6 }] })));
  const uploaded = await ownerPage.evaluate(
    async ({ path, text }) => {
      await fetch('/api/auth/csrf', { credentials: 'same-origin' });
      const token = decodeURIComponent(document.cookie.split('; ').find((pair) => pair.startsWith('og_csrf='))?.slice('og_csrf='.length) ?? '');
      const form = new FormData();
      form.append('file', new File([text], 'double-coding.json', { type: 'application/json' }));
      const response = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'x-csrf-token': token }, body: form });
      return { status: response.status, body: (await response.json()) as { predictionSetId: string; jobId: string } };
    },
    { path: `/api/datasets/${dataset.body.datasetId}/predictions`, text: file },
  );
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(202);
  await jobDone(ownerPage, uploaded.body.jobId);
  setId = uploaded.body.predictionSetId;
  slug = (await callApi<{ predictionSet: { slug: string } }>(ownerPage, 'GET', setPath('summary'))).body.predictionSet.slug;
  // The first reviewer maps every title through the review's API.
  firstPage = await signedIn(first);
  for (const entry of plan) {
    const saved = await callApi(firstPage, 'POST', setPath(`entries/${encodeURIComponent(entry.string)}`), { mappings: { nodeURIs: [hisco(entry.firstCode)], predictionURIs: [], tags: [] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
}, 300_000);
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await app?.stop();
});
afterEach(() => closeLeftoverDialog(ownerPage));

describe('double coding in the browser (issue 30)', () => {
  it("the owner offers every mapped entry from the set's actions on /review", async () => {
    await ownerPage.goto(`${app.url}/review`);
    const row = ownerPage.locator(`[data-testid="prediction-set-row"][data-slug="${slug}"]`);
    await row.getByTestId('prediction-set-double-coding').click();
    await ownerPage.getByTestId('offer-second-opinions').click();
    await expectVisible(ownerPage.getByTestId('offer-second-opinions-modal'));
    await ownerPage.getByTestId('second-opinions-share').fill('100');
    await ownerPage.getByTestId('second-opinions-offer').click();
    await expect.poll(() => ownerPage.getByTestId('second-opinions-offered').innerText()).toBe('4 entries were offered for a second opinion.');
    await shot(ownerPage, 'second-opinions-1-offer-light');
    await ownerPage.keyboard.press('Escape');
  });

  it('shows the owner, in the dark, an entry to code blind', async () => {
    const dark = await signedIn(owner, 'dark');
    await dark.goto(`${app.url}/review/${slug}/second-opinions`);
    await expect.poll(() => dark.getByTestId('second-opinions-for-you').innerText()).toBe('4');
    await expectVisible(dark.getByTestId('entry-string'));
    await expectVisible(dark.getByTestId('review-tree'), 30_000);
    await shot(dark, 'second-opinions-2-screen-dark');
  });

  it('offers the first reviewer none of the entries they coded', async () => {
    await firstPage.goto(`${app.url}/review/${slug}/second-opinions`);
    await expect.poll(() => firstPage.getByTestId('second-opinions-for-you').innerText()).toBe('0');
    expect(await firstPage.getByTestId('second-opinions-pending').innerText()).toBe('4');
    await expectVisible(firstPage.getByTestId('second-opinions-done'));
    expect(await firstPage.getByTestId('entry-string').count()).toBe(0);
  });

  it('in the review, an offered entry shows its mapping to its first reviewer only until its second opinion', async () => {
    const entryUrl = `${app.url}/review/${slug}/entries/${encodeURIComponent('farm worker')}?filter=all`;
    await ownerPage.goto(entryUrl);
    await expectVisible(ownerPage.getByTestId('awaiting-second-opinion'));
    expect(await ownerPage.getByTestId('entry-string').innerText()).toBe('farm worker');
    expect(await ownerPage.getByTestId('chosen-node').count()).toBe(0);
    await shot(ownerPage, 'second-opinions-review-blind-light');
    await firstPage.goto(entryUrl);
    await expectVisible(firstPage.getByTestId('chosen-node').filter({ hasText: 'General Farmer' }));
    expect(await firstPage.getByTestId('awaiting-second-opinion').count()).toBe(0);
  });

  it('the second reviewer codes every entry by keyboard, never shown the first mapping', async () => {
    const page = await signedIn(second);
    const served: PredictionEntryAnswer[] = [];
    // Each answer is read before the page has it, so a navigation that follows cannot take its body away.
    await page.route('**/second-opinions/_next', async (route) => {
      const response = await route.fetch();
      if (response.status() === 200) served.push((await response.json()) as PredictionEntryAnswer);
      await route.fulfill({ response });
    });
    await page.goto(`${app.url}/review/${slug}/second-opinions`);
    await expect.poll(() => page.getByTestId('second-opinions-for-you').innerText()).toBe('4');
    await expectVisible(page.getByTestId('review-tree'), 30_000);
    await page.keyboard.press('?');
    await expectVisible(page.getByTestId('shortcuts-list'));
    expect(await page.getByTestId('shortcuts-list').innerText()).toContain('Send your codes and go to the next entry');
    await page.keyboard.press('?');
    const done: string[] = [];
    for (let index = 0; index < plan.length; index += 1) {
      await expect.poll(async () => {
        const string = await page.getByTestId('entry-string').innerText().catch(() => '');
        return string !== '' && !done.includes(string) ? string : null;
      }, { timeout: 10_000 }).not.toBeNull();
      const string = await page.getByTestId('entry-string').innerText();
      const entry = plan.find((item) => item.string === string)!;
      // Blind: nothing is chosen when the entry opens, and no prediction is ticked.
      expect(await page.getByTestId('chosen-node').count()).toBe(0);
      expect(await page.locator('[data-testid="prediction"][data-chosen]').count()).toBe(0);
      if ('key' in entry.secondBy) {
        await page.keyboard.press(entry.secondBy.key);
        await expectVisible(page.locator('[data-testid="prediction"][data-chosen]'));
      } else {
        await page.keyboard.press('t');
        await page.keyboard.type(entry.secondBy.tree);
        await expectVisible(page.locator(`[data-testid="review-tree-search-option-${entry.secondBy.tree}"][data-combobox-selected]`));
        await page.keyboard.press('Enter');
        await page.keyboard.press('Enter');
        await expectVisible(page.locator(`[data-testid="chosen-node"][data-uri="${hisco(entry.secondBy.tree)}"]`));
      }
      if (index === 1) await shot(page, 'second-opinions-3-coding-light');
      await expect.poll(() => page.getByTestId('send-second-opinion').innerText()).toContain('Send (1)');
      await page.keyboard.press('Enter');
      done.push(string);
      if (index < plan.length - 1) await expect.poll(() => page.getByTestId('entry-string').innerText().catch(() => string), { timeout: 10_000 }).not.toBe(string);
    }
    await expectVisible(page.getByTestId('second-opinions-done'));
    expect(await page.getByTestId('second-opinions-done').innerText()).toContain('Nothing left for you');
    await expect.poll(() => page.getByTestId('second-opinions-for-you').innerText()).toBe('0');
    await shot(page, 'second-opinions-4-done-light');
    // Every entry the page was given came without its first mapping.
    expect(served.length).toBeGreaterThanOrEqual(plan.length);
    for (const answer of served) expect(answer.predictionEntry.mappings).toMatchObject({ nodeURIs: [], predictionURIs: [] });
  });

  it("the agreement page shows the API's κ per level, overall and for the pair, and the disagreement", async () => {
    const report = (await callApi<AgreementReport>(ownerPage, 'GET', setPath('agreement'))).body;
    expect(report.levels.map((level) => level.entries)).toEqual(report.levels.map(() => plan.length));
    expect(report.disagreements.map((item) => item.string).sort()).toEqual(['carpenter', 'tailor']);
    const dark = await signedIn(owner, 'dark');
    await dark.goto(`${app.url}/review/${slug}/agreement`);
    await expectVisible(dark.getByTestId('agreement-overall'));
    await expectVisible(dark.getByTestId('disagreement').first());
    await shot(dark, 'second-opinions-5-agreement-dark');

    await ownerPage.goto(`${app.url}/review/${slug}/agreement`);
    const overall = ownerPage.getByTestId('agreement-overall').getByTestId('agreement-level');
    await expect.poll(() => overall.count()).toBe(report.levels.length);
    for (const [index, level] of report.levels.entries()) {
      const row = overall.nth(index);
      expect(await row.getAttribute('data-level')).toBe(String(level.level));
      expect(await row.getByTestId('agreement-entries').innerText()).toBe(String(level.entries));
      expect(await row.getByTestId('agreement-kappa').innerText()).toBe(level.kappa === null ? '—' : level.kappa.toFixed(3));
      expect(await row.getByTestId('agreement-kappa').innerText()).not.toContain('NaN');
      expect(await row.getByTestId('agreement-percent').innerText()).toBe(`${((level.agreement ?? 0) * 100).toFixed(1)}%`);
    }
    expect(await ownerPage.getByTestId('agreement-pair').count()).toBe(1);
    const pairKappas = await ownerPage.getByTestId('agreement-pair-table').getByTestId('agreement-kappa').allInnerTexts();
    expect(pairKappas).toEqual(report.pairs[0]!.levels.map((level) => (level.kappa === null ? '—' : level.kappa.toFixed(3))));
    expect(await ownerPage.getByTestId('agreement-csv').getAttribute('href')).toBe(setPath('agreement.csv'));
    expect(await ownerPage.getByTestId('agreement-sssom').getAttribute('href')).toBe(setPath('agreement.sssom.tsv'));
    await shot(ownerPage, 'second-opinions-6-agreement-light');
  });

  const mappedCodes = async (string: string) => {
    const entry = (await callApi<PredictionEntryAnswer>(ownerPage, 'GET', setPath(`entries/${encodeURIComponent(string)}?filter=all`))).body;
    return [...entry.predictionEntry.mappings.nodeURIs, ...entry.predictionEntry.mappings.predictionURIs];
  };

  it('the owner decides one disagreement for the second codes: it leaves the list and becomes the mapping', async () => {
    const card = ownerPage.locator('[data-testid="disagreement"][data-string="carpenter"]');
    await expectVisible(card.getByTestId('disagreement-second').getByText('95120'));
    await card.getByTestId('decide-second').click();
    await card.waitFor({ state: 'detached' });
    expect(await ownerPage.getByTestId('disagreement').count()).toBe(1);
    expect(await mappedCodes('carpenter')).toEqual([hisco('95120')]);
  });

  it('and the other for codes chosen in the tree', async () => {
    const card = ownerPage.locator('[data-testid="disagreement"][data-string="tailor"]');
    await card.getByTestId('decide-in-tree').click();
    const search = card.getByTestId('review-tree-search');
    await expectVisible(search, 30_000);
    await search.click();
    await ownerPage.keyboard.type('79130');
    await expectVisible(ownerPage.locator('[data-testid="review-tree-search-option-79130"][data-combobox-selected]'));
    await ownerPage.keyboard.press('Enter');
    await ownerPage.keyboard.press('Enter');
    await expectVisible(card.locator(`[data-testid="chosen-node"][data-uri="${hisco('79130')}"]`));
    await shot(ownerPage, 'second-opinions-7-decide-in-tree-light');
    await card.getByTestId('decide-chosen').click();
    await expectVisible(ownerPage.getByTestId('no-disagreements'));
    expect(await ownerPage.getByTestId('disagreement').count()).toBe(0);
    expect(await mappedCodes('tailor')).toEqual([hisco('79130')]);
    await shot(ownerPage, 'second-opinions-8-decided-light');
  });
});
