import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startAppProcess } from './support/app-process.js';
import { seriousAccessibilityViolations } from './support/accessibility.js';
import { launchBrowser, logIn, newPage } from './support/browser.js';

/**
 * Axe-core on every page of the app, anonymous and logged in, light and dark, with
 * real data (the demo's schemes and ESCO–ISCO-08 crosswalk, a dataset, a prediction set and a
 * conversion): no serious or critical violation anywhere.
 */

let app: AppProcess;
let browser: Browser;
let slug: string;
let conversionId: string;

/** A call of the API from the page, with its session and CSRF token, as the web app makes it. */
async function callApi<T>(page: Page, method: string, path: string, body?: unknown, file?: { name: string; text: string }): Promise<T> {
  return page.evaluate(
    async ({ method, path, body, file }) => {
      await fetch('/api/auth/csrf', { credentials: 'same-origin' });
      const token = decodeURIComponent(document.cookie.split('; ').find((pair) => pair.startsWith('og_csrf='))?.slice('og_csrf='.length) ?? '');
      let payload: BodyInit | undefined;
      const headers: Record<string, string> = { 'x-csrf-token': token };
      if (file) {
        const form = new FormData();
        form.append('file', new File([file.text], file.name, { type: 'application/json' }));
        payload = form;
      } else if (body !== undefined) {
        payload = JSON.stringify(body);
        headers['content-type'] = 'application/json';
      }
      const response = await fetch(path, { method, credentials: 'same-origin', headers, body: payload });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return text ? JSON.parse(text) : null;
    },
    { method, path, body, file },
  ) as Promise<T>;
}

async function jobDone(page: Page, jobId: string): Promise<void> {
  for (const started = Date.now(); ; ) {
    const { state } = await callApi<{ state: string }>(page, 'GET', `/api/jobs/${jobId}`);
    if (state === 'completed') return;
    if (state === 'failed' || Date.now() - started > 120_000) throw new Error(`Job ${jobId} ended ${state}`);
    await page.waitForTimeout(250);
  }
}

beforeAll(async () => {
  app = await startAppProcess();
  browser = await launchBrowser();
  const { context, page } = await newPage(browser);
  await page.goto(`${app.url}/datasets/list`);
  await logIn(page, app.admin.username, app.admin.password, { waitClosed: true });
  // The demo seeds schemes and the ESCO–ISCO-08 crosswalk in the background.
  for (const started = Date.now(); (await callApi<{ count: number }>(page, 'GET', '/api/links/count')).count === 0; ) {
    if (Date.now() - started > 180_000) throw new Error('The demo crosswalk did not arrive');
    await page.waitForTimeout(500);
  }
  const dataset = await callApi<{ datasetId: string; jobId: string }>(page, 'POST', '/api/datasets', {
    data: [
      { title: 'nurse', code: '2221', totals: [3] },
      { title: 'fisherman', code: '6222', totals: [5] },
      { title: 'teacher', code: '2341', totals: [2] },
    ],
    metadata: { title: 'Accessibility sample', titleColumn: 'title', codeColumn: 'code', scheme: 'isco08', totalsColumns: ['persons'] },
  });
  await jobDone(page, dataset.jobId);
  const conversion = await callApi<{ conversionId: string; jobId: string }>(page, 'POST', `/api/datasets/${dataset.datasetId}/conversions`, { targetScheme: 'esco', targetDepth: 'root+2' });
  await jobDone(page, conversion.jobId);
  conversionId = conversion.conversionId;
  const entries = [
    { string: 'farm labourer', predictions: [{ uris: ['hisco:62105'], conf: 0.5 }] },
    { string: 'blacksmith', predictions: [{ uris: ['hisco:83110'], conf: 0.3 }] },
  ];
  const set = await callApi<{ slug: string; jobId: string }>(page, 'POST', '/api/predictions', undefined, { name: 'accessibility.json', text: JSON.stringify(entries) });
  await jobDone(page, set.jobId);
  slug = set.slug;
  await context.close();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

interface Visit {
  name: string;
  path: () => string;
  /** What shows once the page has drawn its data. */
  ready: (page: Page) => Promise<unknown>;
  then?: (page: Page) => Promise<unknown>;
}

const main = (page: Page) => page.locator('main');
const publicPages: Visit[] = [
  { name: 'landing', path: () => '/', ready: (page) => page.getByTestId('mapping-count').getByText(/\d/).first().waitFor() },
  { name: 'explore', path: () => '/explore', ready: (page) => main(page).getByRole('heading', { name: 'Explore' }).waitFor() },
  { name: 'explore code', path: () => '/explore?scheme=isco08&code=2221', ready: (page) => main(page).getByText('Nursing professionals').first().waitFor() },
  { name: 'explore translate', path: () => '/explore?tab=translate', ready: (page) => main(page).getByRole('heading', { name: 'Explore' }).waitFor() },
  { name: 'learn tree', path: () => '/learn', ready: (page) => main(page).getByRole('button', { name: 'Show Linking Diagram' }).waitFor() },
  {
    name: 'learn linking',
    path: () => '/learn',
    ready: (page) => main(page).getByRole('button', { name: 'Show Linking Diagram' }).waitFor(),
    then: async (page) => {
      await main(page).getByRole('button', { name: 'Show Linking Diagram' }).click();
      await main(page).getByRole('button', { name: 'Show Tree Diagram' }).waitFor();
    },
  },
  { name: 'login modal', path: () => '/datasets/list', ready: (page) => page.getByTestId('login-modal').waitFor() },
  { name: 'not found', path: () => '/no-such-page', ready: (page) => page.getByTestId('not-found').waitFor() },
];
const memberPages: Visit[] = [
  { name: 'administration', path: () => '/admin', ready: (page) => main(page).getByRole('heading').first().waitFor() },
  { name: 'scheme browser', path: () => '/admin/schemes/isco08/codes/2221', ready: (page) => main(page).getByText('Nursing professionals').first().waitFor() },
  { name: 'linking', path: () => '/admin/linking?lc=esco&rc=isco08', ready: (page) => main(page).getByRole('progressbar').first().waitFor() },
  { name: 'datasets list', path: () => '/datasets/list', ready: (page) => main(page).getByText('Accessibility sample').first().waitFor() },
  { name: 'upload wizard', path: () => '/datasets/upload', ready: (page) => main(page).getByRole('button').first().waitFor() },
  { name: 'prediction sets', path: () => '/review', ready: (page) => page.getByTestId('prediction-set-row').first().waitFor() },
  { name: 'review screen', path: () => `/review/${slug}`, ready: (page) => page.getByTestId('entry-string').waitFor() },
  { name: 'conversions', path: () => '/convert', ready: (page) => main(page).getByText('Accessibility sample').first().waitFor() },
  {
    name: 'conversion diagram',
    path: () => `/convert/${conversionId}/codes/${encodeURIComponent('isco08:2221')}`,
    ready: (page) => page.getByTestId('conversion-code-screen').locator('svg').first().waitFor(),
  },
  { name: 'conversion result', path: () => `/convert/${conversionId}`, ready: (page) => main(page).getByText('Accessibility sample').first().waitFor() },
];

async function auditPages(scheme: 'light' | 'dark', visits: Visit[], login: boolean): Promise<Record<string, string[]>> {
  const { context, page } = await newPage(browser, scheme);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const found: Record<string, string[]> = {};
  try {
    if (login) {
      await page.goto(`${app.url}/datasets/list`);
      await logIn(page, app.admin.username, app.admin.password, { waitClosed: true });
    }
    for (const visit of visits) {
      await page.goto(`${app.url}${visit.path()}`);
      try {
        await visit.ready(page);
        await visit.then?.(page);
      } catch (error) {
        found[`${visit.name} (${scheme})`] = [`did not show its content: ${(error as Error).message.split('\n')[0]}`];
        continue;
      }
      await page.waitForTimeout(500);
      const violations = await seriousAccessibilityViolations(page);
      if (violations.length) found[`${visit.name} (${scheme})`] = violations;
    }
  } finally {
    await context.close();
  }
  return found;
}

describe('accessibility of every page (axe-core: no serious or critical violations)', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`public pages, ${scheme}`, async () => {
      expect(await auditPages(scheme, publicPages, false)).toEqual({});
    });
    it(`logged-in pages, ${scheme}`, async () => {
      expect(await auditPages(scheme, memberPages, true)).toEqual({});
    });
  }
});
