import type { LinkSuggestions } from '@og/shared/contracts/link-suggestions';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility.js';
import { type AppProcess, startAppProcess } from './support/app-process.js';
import { artifactsDir, closeLeftoverDialog, expectVisible, launchBrowser, logIn, newPage, screenshot } from './support/browser.js';
import { callApi } from './support/page-api.js';
import { waitForSeededCrosswalks } from './support/seeded-crosswalks.js';

// Link suggestions on the linking page (issue 31): PCS 2020 (French) → ISCO-08 (English), two
// schemes no crosswalk joins, so every PCS leaf is suggested for and the names meet across languages.
let app: AppProcess;
let browser: Browser;
let page: Page;

const address = 'lc=pcs2020&rc=isco08';
type Side = 'source' | 'target';
const linkedCount = async (side: Side, on: Page = page) => Number(await on.getByTestId(`${side}-progress`).getAttribute('data-linked'));
const params = () => new URL(page.url()).searchParams;
const shownCode = (on: Page = page) => on.getByTestId('suggestion-review-code').getAttribute('data-code');
const candidates = (on: Page = page) => on.getByTestId('suggestion-candidate');
const candidateCodes = (on: Page = page) => candidates(on).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-code')!));

/** Opens the pair and waits for both trees and the link maps. */
async function open(on: Page = page): Promise<void> {
  await on.goto(`${app.url}/admin/linking?${address}`);
  for (const side of ['source', 'target'] as const) {
    await on.getByTestId(`${side}-tree`).waitFor();
    await expect.poll(() => on.getByTestId(`${side}-progress`).getAttribute('aria-busy'), { timeout: 30_000 }).toBeNull();
  }
}

/** A full-page screenshot from the top, the pointer out of the way. */
async function shoot(name: string, on: Page = page): Promise<void> {
  await on.mouse.move(0, 0);
  await on.evaluate(() => window.scrollTo(0, 0));
  await screenshot(on, name);
}

/** Presses a key of the mode with the pointer away from the notifications' corner. */
async function press(key: string): Promise<void> {
  await page.keyboard.press(key);
}

beforeAll(async () => {
  app = await startAppProcess();
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await page.goto(`${app.url}/admin/linking?${address}`);
  await logIn(page, app.admin.username, app.admin.password, { waitClosed: true });
}, 120_000);
afterEach(() => closeLeftoverDialog(page));
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('link suggestions on the linking page', () => {
  const accepted: { source: string; target: string }[] = [];
  let rejected: { source: string; target: string } | null = null;

  it('runs the suggestion job for the pair, followed live, and opens the Suggestions mode on its best code', async () => {
    await open();
    await page.getByTestId('suggest-links').click();
    await expectVisible(page.getByTestId('suggest-links-dialog'));
    expect(await page.getByTestId('suggest-links-all').isChecked()).toBe(false);
    await page.getByTestId('suggest-links-start').click();
    await expectVisible(page.getByTestId('suggest-links-progress'));
    expect(await page.getByTestId('suggest-links').isDisabled()).toBe(true);
    await shoot('link-suggestions-running-light');
    // Done: the notice with the outcome, the card gone and the mode on.
    await expectVisible(page.getByText(/^Candidates for [\d,]+ of [\d,]+ codes/), 240_000);
    await page.getByTestId('suggest-links-progress').waitFor({ state: 'detached' });
    await expectVisible(page.getByTestId('suggestion-review-code'), 30_000);
    expect(await page.getByTestId('linking-mode').locator('input:checked').getAttribute('value')).toBe('suggestions');

    // The best-scoring code first, as the API scores it.
    const answer = (await callApi<LinkSuggestions>(page, 'GET', `/api/links/suggestions?source=pcs2020&target=isco08`)).body;
    const best = Object.entries(answer.codes).reduce((top, entry) => (Math.max(...entry[1].map((c) => c.score)) > Math.max(...top[1].map((c) => c.score)) ? entry : top));
    expect(Math.max(...answer.codes[(await shownCode())!]!.map((c) => c.score))).toBe(Math.max(...best[1].map((c) => c.score)));
    // The trees follow: the code on the left, its first candidate on the right.
    const first = (await candidateCodes())[0]!;
    await expect.poll(() => params().get('lid')).toBe(await shownCode());
    await expect.poll(() => params().get('rid')).toBe(first);
    await expect.poll(() => page.getByTestId('source-tree').locator('[data-selected="true"]').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('suggestion-candidate-score').first().innerText()).toMatch(/^\d+%$/);
    expect(await page.getByTestId('suggestion-candidate-evidence').first().innerText()).not.toBe('');
  });

  it('accepts three candidates with number keys, Enter linking them and going on, the progress bars moving', async () => {
    const before = { source: await linkedCount('source'), target: await linkedCount('target') };
    for (const key of ['1', '2', '1']) {
      const code = (await shownCode())!;
      const list = await candidateCodes();
      const index = Math.min(Number(key), list.length) - 1;
      await press(String(index + 1));
      await expect.poll(() => candidates().nth(index).getAttribute('data-chosen')).toBe('true');
      await expect.poll(() => params().get('rid')).toBe(list[index]);
      if (accepted.length === 1) {
        await shoot('link-suggestions-chosen-light');
        expect(await seriousAccessibilityViolations(page, '[data-testid="suggestion-review"]')).toEqual([]);
      }
      await press('Enter');
      await expect.poll(() => shownCode()).not.toBe(code);
      accepted.push({ source: code, target: list[index]! });
      await expect.poll(() => linkedCount('source')).toBe(before.source + accepted.length);
    }
    const targets = new Set(accepted.map((link) => link.target)).size;
    await expect.poll(() => linkedCount('target')).toBe(before.target + targets);
  });

  it('records each accepted link with its score and how it was matched', async () => {
    const sssom = await page.evaluate(async () => (await fetch('/api/crosswalks/pcs2020/isco08?format=sssom')).text());
    for (const { source, target } of accepted) {
      const row = sssom.split('\n').find((line) => line.includes(`pcs2020:${source}\t`) && line.includes(`isco08:${target}\t`));
      expect(row, `${source} → ${target}`).toBeDefined();
      expect(row).toMatch(/semapv:(LexicalMatching|CompositeMatching)/);
    }
  });

  it('rejects the highlighted candidate with x: it leaves the list and is never suggested again', async () => {
    const code = (await shownCode())!;
    const list = await candidateCodes();
    const index = list.length > 1 ? 1 : 0;
    const linkedBefore = await linkedCount('source');
    if (index === 1) await press('ArrowDown');
    await expect.poll(() => candidates().nth(index).getAttribute('data-highlighted')).toBe('true');
    await expect.poll(() => params().get('rid')).toBe(list[index]);
    await press('x');
    await expect.poll(() => candidateCodes()).toEqual(list.filter((_, at) => at !== index));
    rejected = { source: code, target: list[index]! };
    await expect
      .poll(async () => (await callApi<LinkSuggestions>(page, 'GET', `/api/links/suggestions?source=pcs2020&target=isco08&code=${encodeURIComponent(code)}`)).body.codes[code]?.map((c) => c.code))
      .not.toContain(rejected.target);
    const rejections = (await callApi<{ rejections: { sourceNodeID?: string; targetNodeID?: string }[] }>(page, 'GET', '/api/links/rejections?source=pcs2020&target=isco08')).body;
    expect(JSON.stringify(rejections)).toContain(rejected.target);
    // Rejecting links nothing.
    expect(await linkedCount('source')).toBe(linkedBefore);
    expect(params().get('lid')).toBe(code);

    // A rejection taken back with the notice's Undo: the candidate is offered again.
    // The highlight stays in its place (or the last row): x rejects that one next.
    const left = await candidateCodes();
    const highlighted = Math.min(index, left.length - 1);
    const undone = left[highlighted]!;
    const undoneName = await candidates().nth(highlighted).getByTestId('suggestion-candidate-name').innerText();
    await press('x');
    await expect.poll(() => candidateCodes()).toEqual(left.filter((_, at) => at !== highlighted));
    const undo = page.getByTestId('suggestion-rejected-notice').filter({ hasText: `Rejected ${undoneName}:` });
    await expectVisible(undo);
    await page.screenshot({ path: `${artifactsDir}/link-suggestions-rejected-light.png` });
    await undo.getByTestId('suggestion-rejected-undo').click();
    await expect.poll(() => candidateCodes()).toEqual(left);
    await expect
      .poll(async () => (await callApi<LinkSuggestions>(page, 'GET', `/api/links/suggestions?source=pcs2020&target=isco08&code=${encodeURIComponent(code)}`)).body.codes[code]?.map((c) => c.code))
      .toContain(undone);
  });

  it('shows the next code within 100 ms of Enter: the list is read once', async () => {
    // The Event Timing API: from the key's press to the next paint after its handlers (entries of 16 ms or more).
    await page.evaluate(() => {
      const timings: number[] = [];
      (window as unknown as { keyTimings: number[] }).keyTimings = timings;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.name === 'keydown') timings.push(entry.duration);
      }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
    });
    const times: number[] = [];
    for (let step = 0; step < 5; step++) {
      const code = await shownCode();
      const seen = await page.evaluate(() => (window as unknown as { keyTimings: number[] }).keyTimings.length);
      await press('Enter');
      await expect.poll(() => shownCode()).not.toBe(code);
      // A keydown painted within 16 ms is not reported: give the observer a moment, then count it as 16.
      await page.waitForTimeout(200);
      const timings = await page.evaluate(() => (window as unknown as { keyTimings: number[] }).keyTimings);
      times.push(timings.length > seen ? timings.at(-1)! : 16);
    }
    console.log(`Enter → next code painted (ms): ${times.join(', ')}`);
    // The median: one key may land while the machine's other work (or a tree following) holds the page.
    expect([...times].sort((a, b) => a - b)[2]).toBeLessThanOrEqual(100);
  });

  it('looks right in the dark colour scheme', async () => {
    const { context, page: dark } = await newPage(browser, 'dark');
    await dark.goto(`${app.url}/admin/linking?${address}`);
    await logIn(dark, app.admin.username, app.admin.password, { waitClosed: true });
    await open(dark);
    await dark.getByTestId('linking-mode').getByText('Suggestions').click();
    await expectVisible(dark.getByTestId('suggestion-review-code'), 30_000);
    await dark.mouse.move(0, 0);
    await dark.keyboard.press('2');
    await expect.poll(() => candidates(dark).nth(1).getAttribute('data-chosen')).toBe('true');
    // The target tree follows the chosen candidate.
    const chosen = await candidates(dark).nth(1).getAttribute('data-code');
    await expect.poll(() => new URL(dark.url()).searchParams.get('rid')).toBe(chosen);
    await expect.poll(() => dark.getByTestId('target-details-name').innerText()).not.toBe('');
    await shoot('link-suggestions-chosen-dark', dark);
    expect(await seriousAccessibilityViolations(dark, '[data-testid="suggestion-review"]')).toEqual([]);
    await context.close();
  });

  // Its own waits (the seeded crosswalks, a suggestion job over ESCO, the linking) take about 20 s
  // on a quiet machine and minutes on CI's two cores shared with the integration tests.
  it('links the chained candidates of SOC-2020 → ESCO (through ISCO-08) after a confirm saying how many, as a removable crosswalk set', { timeout: 480_000 }, async () => {
    await waitForSeededCrosswalks(app);
    const started = (await callApi<{ jobId: string }>(page, 'POST', '/api/links/suggestions', { source: 'soc2020', target: 'esco' })).body;
    await expect.poll(async () => (await callApi<{ state: string }>(page, 'GET', `/api/jobs/${started.jobId}`)).body.state, { timeout: 240_000, interval: 1_000 }).toBe('completed');
    await page.goto(`${app.url}/admin/linking?lc=soc2020&rc=esco`);
    await page.getByTestId('source-tree').waitFor();
    await expect.poll(() => page.getByTestId('source-progress').getAttribute('aria-busy'), { timeout: 30_000 }).toBeNull();
    const before = await linkedCount('source');
    await page.getByTestId('suggestion-tools-menu').click();
    await page.getByTestId('link-chained-candidates').click();
    const question = page.getByTestId('link-chained-question');
    await expectVisible(question, 30_000);
    const count = Number(await question.getAttribute('data-count'));
    expect(count).toBeGreaterThan(0);
    expect(await question.innerText()).toMatch(new RegExp(`^Link ${count.toLocaleString('en')} chained candidates? of SOC-2020 → ESCO\\?`));
    await shoot('link-suggestions-chains-confirm-light');
    expect(await seriousAccessibilityViolations(page, '[role="dialog"]')).toEqual([]);
    await page.getByTestId('link-chained-confirm').click();
    const notice = page.getByText(/^Linked [\d,]+ chained candidates? as the crosswalk set “.+” \(removable in Crosswalk sets\)$/);
    const refused = page.getByTestId('link-chained-error');
    await expect.poll(async () => (await notice.isVisible()) || (await refused.isVisible()), { timeout: 120_000, interval: 500 }).toBe(true);
    if (await refused.isVisible()) throw new Error(`Linking the chained candidates failed: ${await refused.innerText()}`);
    const linked = Number((await notice.innerText()).match(/^Linked ([\d,]+)/)![1]!.replaceAll(',', ''));
    expect(linked).toBeGreaterThan(0);
    expect(linked).toBeLessThanOrEqual(count);
    await expect.poll(() => linkedCount('source')).toBe(before + linked);
    const setName = (await notice.innerText()).match(/“(.+)”/)![1]!;
    await page.getByTestId('crosswalk-sets-open').click();
    await expect.poll(() => page.getByTestId('crosswalk-set-name').allInnerTexts(), { timeout: 10_000 }).toContain(setName);
    await page.keyboard.press('Escape');
  });
});
