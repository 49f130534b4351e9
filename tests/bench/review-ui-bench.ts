import type { Browser, Cookie, Page } from 'playwright-core';
import { launchBrowser, logIn, newPage } from '../e2e/support/browser.js';
import { allowCompiledFunctions, timedKey } from './screen-probe.js';

/**
 * The review as a reviewer feels it, in Debian's Chromium against the bench's app: on a set's
 * unmapped entries, press 1 (the first prediction) and Enter (save and next), and time from the
 * Enter key to the next entry's title on screen (a frame after the DOM changed). Between saves the
 * page waits as a reviewer reads (the next entry is read ahead meanwhile, as on a real screen).
 */
export async function measureSaveToNext(options: { url: string; username: string; password: string; slug: string; saves: number; readMs: number }): Promise<number[]> {
  const browser = await launchBrowser();
  try {
    const { context, page } = await newPage(browser);
    await allowCompiledFunctions(context);
    await page.goto(`${options.url}/datasets/list`);
    await logIn(page, options.username, options.password, { waitClosed: true });
    await page.goto(`${options.url}/review/${encodeURIComponent(options.slug)}?filter=unmapped&threshold=0.75&order=file`);
    await page.getByTestId('entry-string').waitFor({ timeout: 30_000 });
    return await saveToNextOn(page, options.saves, options.readMs);
  } finally {
    await browser.close();
  }
}

/**
 * On a review page showing an entry with predictions: `saves` times, wait as a reviewer reads,
 * press 1 (the first prediction, waited for), then Enter (save and next), timed from the Enter key
 * to the next entry's title on screen (a frame after the DOM changed). The page is armed before
 * the key is sent, so a busy page cannot take the key before it watches for it.
 */
export async function saveToNextOn(page: Page, saves: number, readMs: number): Promise<number[]> {
  const timings: number[] = [];
  for (let save = 0; save < saves; save++) {
    await page.waitForTimeout(readMs);
    await timedKey(page, '1', { kind: 'prediction-chosen', index: 0 });
    const from = await page.getByTestId('entry-string').evaluate((title) => title.textContent ?? '');
    timings.push(await timedKey(page, 'Enter', { kind: 'entry-changed', from }));
  }
  return timings;
}

/** A cold first visit: from navigation start to the marker on screen, and what was requested before. */
export interface FirstVisit {
  ms: number;
  scripts: number;
  apiCalls: number;
}

/**
 * A first visit with an empty HTTP cache (a new browser context, given `cookies` for a logged-in
 * reviewer): the time from navigation start until an element matching `marker` is in the page (an
 * init script watches the DOM from the document's start), and the scripts and API calls the page
 * had started before it.
 */
export async function measureFirstVisit(browser: Browser, url: string, marker: string, cookies: Cookie[] = []): Promise<FirstVisit> {
  const { context, page } = await newPage(browser);
  try {
    if (cookies.length > 0) await context.addCookies(cookies);
    await context.addInitScript((marker) => {
      const seen = window as unknown as { __markerAt?: number };
      const observer = new MutationObserver(() => {
        if (seen.__markerAt !== undefined || !document.querySelector(marker)) return;
        seen.__markerAt = performance.now();
        observer.disconnect();
      });
      observer.observe(document, { subtree: true, childList: true });
    }, marker);
    await page.goto(url);
    await page.waitForSelector(marker, { timeout: 30_000 });
    return await page.evaluate(() => {
      const at = (window as unknown as { __markerAt?: number }).__markerAt ?? performance.now();
      const before = performance.getEntriesByType('resource').filter((entry) => entry.startTime <= at);
      const paths = before.map((entry) => new URL(entry.name).pathname);
      return { ms: at, scripts: paths.filter((path) => path.endsWith('.js')).length, apiCalls: paths.filter((path) => path.startsWith('/api/')).length };
    });
  } finally {
    await context.close();
  }
}
