import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startAppProcess } from './support/app-process.js';
import { closeLeftoverDialog, expectVisible, launchBrowser, logIn, newPage, screenshot } from './support/browser.js';
import { callApi, uploadPredictionSet } from './support/page-api.js';

/**
 * Checking a sample in the review (issue 30), by keyboard alone: a sample of 20 drawn from the ⓘ
 * card, each entry answered with y (right) or n and a code from the tree (wrong), the summary
 * with the estimate; the bulk-accept dialog's estimate at its confidence, as the API computes
 * it; the production curve with its points; light and dark.
 */

const reviewer = { username: 'audra', password: 'audra-password-1' };

const titles = [
  'tailor', 'farm worker', 'factory hand', 'soldier', 'coal merchant', 'weaver', 'shoemaker', 'baker', 'carpenter', 'mason',
  'miner', 'fisherman', 'servant', 'clerk', 'teacher', 'sailor', 'butcher', 'smith', 'labourer', 'cooper',
  'draper', 'grocer', 'innkeeper', 'joiner', 'miller', 'potter', 'saddler', 'tanner', 'thatcher', 'wheelwright',
];
const codes = ['hisco:79100', 'hisco:62105', 'hisco:99930', 'hisco:58340', 'hisco:41025'];
/** Thirty entries with confidences from 0.99 down to 0.06, so every band has some. */
const entries = titles.map((string, index) => ({ string, predictions: [{ uris: [codes[index % codes.length]!], conf: Math.round((0.99 - index * 0.032) * 1000) / 1000 }] }));

let app: AppProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let set: { predictionSetId: string; slug: string; jobId: string };

interface Estimate {
  checked: number;
  estimate: number | null;
  low: number | null;
  high: number | null;
}

async function shot(target: Page, name: string): Promise<void> {
  await target.waitForTimeout(400);
  await screenshot(target, name);
}

const reviewUrl = () => `${app.url}/review/${set.slug}`;
const entryOnScreen = (target: Page) => target.getByTestId('entry-string').innerText();

/** The estimate's words as the screen should put them, computed here from the API's figures. */
function expectedWords(at: Estimate): string {
  const percent = (share: number) => Math.round(share * 100);
  return `≈ ${percent(at.estimate!)}% right, ${percent(at.low!)}–${percent(at.high!)}%, on ${at.checked} checked ${at.checked === 1 ? 'entry' : 'entries'}`;
}

beforeAll(async () => {
  app = await startAppProcess();
  app.addUser(reviewer.username, 'member', reviewer.password);
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  await page.goto(`${app.url}/datasets/list`);
  await logIn(page, reviewer.username, reviewer.password, { waitClosed: true });
  set = await uploadPredictionSet(page, 'audited review.json', entries);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
});
afterEach(() => closeLeftoverDialog(page));

describe('checking a sample in the review (issue 30)', () => {
  const wrong = new Map<string, string>();

  it('draws a sample of 20 from the ⓘ card and enters audit mode, which survives a reload', async () => {
    await page.goto(reviewUrl());
    await expectVisible(page.getByTestId('entry-string'));
    await page.keyboard.press('i');
    await expectVisible(page.getByTestId('review-info-card'));
    await page.getByTestId('audit-size').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('20');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('audit-progress').innerText(), { timeout: 10_000 }).toBe('Checking a sample: 0 of 20 answered');
    expect(new URL(page.url()).searchParams.get('audit')).toBeTruthy();
    const first = await entryOnScreen(page);
    await page.reload();
    await expect.poll(() => page.getByTestId('audit-progress').innerText(), { timeout: 10_000 }).toBe('Checking a sample: 0 of 20 answered');
    expect(await entryOnScreen(page)).toBe(first);
    await shot(page, 'review-audits-1-audit-mode-light');
  });

  it('answers all 20 with y and n, a wrong one with a code from the tree, and shows the summary', async () => {
    const seen = new Set<string>();
    for (let answered = 0; answered < 20; answered += 1) {
      await expect.poll(() => page.getByTestId('audit-progress').innerText(), { timeout: 10_000 }).toBe(`Checking a sample: ${answered} of 20 answered`);
      await expect.poll(async () => !seen.has(await entryOnScreen(page)), { timeout: 10_000 }).toBe(true);
      const string = await entryOnScreen(page);
      seen.add(string);
      if (answered % 4 === 3) {
        await page.keyboard.press('n');
        await expect.poll(() => page.getByTestId('review-tree-search').evaluate((input) => input === document.activeElement)).toBe(true);
        await page.keyboard.type('general farmer');
        await expect.poll(() => page.locator('[data-testid="review-tree-search-option-61110"][data-combobox-selected]').count(), { timeout: 5_000 }).toBe(1);
        await page.keyboard.press('Enter');
        await page.keyboard.press('Enter');
        await expectVisible(page.getByTestId('chosen-node').filter({ hasText: 'General Farmer' }));
        if (answered === 3) await shot(page, 'review-audits-2-wrong-light');
        await page.keyboard.press('Enter');
        wrong.set(string, 'hisco:61110');
      } else {
        await page.keyboard.press('y');
      }
    }
    await expectVisible(page.getByTestId('audit-summary'));
    expect(seen.size).toBe(20);
    // The screen counts an answer at once; its request may still be on its way when the summary shows.
    const readReport = () => callApi<{ overall: Estimate & { right: number }; audits: { answered: number }[] }>(page, 'GET', `/api/prediction-sets/${set.predictionSetId}/audit`);
    await expect.poll(async () => (await readReport()).body.overall.checked, { timeout: 10_000 }).toBe(20);
    const report = await readReport();
    expect(report.body.overall.right).toBe(15);
    expect(report.body.audits[0]!.answered).toBe(20);
    await expect.poll(() => page.getByTestId('audit-summary-estimate').innerText()).toContain(expectedWords(report.body.overall));
    // A wrong answer saved the code chosen as the entry's mapping.
    const [string, uri] = [...wrong.entries()][0]!;
    const mapped = await callApi<{ predictionEntry: { mappings: { nodeURIs: string[] } } }>(page, 'GET', `/api/prediction-sets/${set.predictionSetId}/entries/${encodeURIComponent(string)}?filter=all`);
    expect(mapped.body.predictionEntry.mappings.nodeURIs).toEqual([uri]);
    await shot(page, 'review-audits-3-summary-light');
  });

  it('goes back to the review with Enter, and shows the estimate in the bulk-accept dialog', async () => {
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('audit-summary').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('audit')).toBeNull();
    await expectVisible(page.getByTestId('entry-string'));
    await page.keyboard.press('b');
    await expectVisible(page.getByTestId('bulk-accept-modal'));
    const at = await callApi<Estimate>(page, 'GET', `/api/prediction-sets/${set.predictionSetId}/audit/at?confidence=0.9`);
    expect(at.body.checked).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('bulk-accept-estimate').innerText(), { timeout: 10_000 }).toBe(expectedWords(at.body));
    // Fewer than 30 checked entries stand behind it.
    await expectVisible(page.getByTestId('bulk-accept-estimate-warning').filter({ hasText: 'Fewer than 30 checked entries: check a sample first' }));
    await shot(page, 'review-audits-4-bulk-accept-light');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('bulk-accept-modal').count()).toBe(0);
  });

  it('draws the production curve, whose points tell their threshold on focus', async () => {
    await page.keyboard.press('i');
    await expectVisible(page.getByTestId('review-info-card'));
    await page.getByTestId('open-accuracy').focus();
    await page.keyboard.press('Enter');
    await expectVisible(page.getByTestId('production-curve'));
    const points = page.getByTestId('production-curve-point');
    await expect.poll(() => points.count()).toBeGreaterThan(5);
    await points.first().focus();
    await expect.poll(() => page.getByTestId('production-curve-point-words').innerText()).toMatch(/^At \d\.\d\d: \d+% of the entries coded automatically, ≈ \d+% right/);
    expect(await page.getByTestId('accuracy-bands').locator('tbody tr').count()).toBe(4);
    expect(await page.getByTestId('accuracy-audits').locator('tbody tr').count()).toBe(1);
    await shot(page, 'review-audits-5-curve-light');
    await page.keyboard.press('Escape');
  });

  it("asks a second opinion on the sample from its row in 'Accuracy by confidence', saying how many were offered", async () => {
    await page.keyboard.press('i');
    await expectVisible(page.getByTestId('review-info-card'));
    await page.getByTestId('open-accuracy').focus();
    await page.keyboard.press('Enter');
    const ask = page.getByTestId('accuracy-audits').getByTestId('audit-ask-second-opinion');
    await expectVisible(ask);
    // The 20 answered entries were mapped by the reviewer (the right ones' top prediction accepted, the wrong ones' code chosen): all are offered.
    await ask.click();
    await expect.poll(() => page.getByTestId('audit-second-opinion-offered').innerText(), { timeout: 10_000 }).toBe('20 of the sample’s 20 entries were offered for a second opinion.');
    const counts = await callApi<{ offered: number; pending: number; forYou: number }>(page, 'GET', `/api/prediction-sets/${set.predictionSetId}/second-opinions`);
    expect(counts.body).toMatchObject({ offered: 20, pending: 20, forYou: 0 });
    await shot(page, 'review-audits-6-second-opinion-light');
    // Asked again, none is offered twice.
    await ask.click();
    await expect.poll(() => page.getByTestId('audit-second-opinion-offered').innerText(), { timeout: 10_000 }).toBe('None of the sample’s 20 entries was offered: each is unmapped, mapped in bulk, or offered already.');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('accuracy-modal').count()).toBe(0);
  });

  it("shows a dataset's set's estimates by people or by entries in 'Accuracy by confidence'", async () => {
    const waitForJob = async (jobId: string) => {
      for (const started = Date.now(); ; ) {
        const { state } = (await callApi<{ state: string }>(page, 'GET', `/api/jobs/${jobId}`)).body;
        if (state === 'completed') return;
        if (state === 'failed' || Date.now() - started > 60_000) throw new Error(`Job ${jobId} did not complete: ${state}`);
        await page.waitForTimeout(200);
      }
    };
    // People from 1 to 41: weighting by people moves the estimate away from the one by entries.
    const dataset = await callApi<{ datasetId: string; jobId: string }>(page, 'POST', '/api/datasets', {
      data: entries.map(({ string }, index) => ({ title: string, code: '', totals: [1 + (index % 5) * 10] })),
      metadata: { title: 'Audited parish', titleColumn: 'title', codeColumn: 'code', scheme: 'hisco', totalsColumns: ['people'] },
    });
    expect(dataset.status, JSON.stringify(dataset.body)).toBe(202);
    await waitForJob(dataset.body.jobId);
    const uploaded = await page.evaluate(
      async ({ path, text }) => {
        await fetch('/api/auth/csrf', { credentials: 'same-origin' });
        const token = decodeURIComponent(document.cookie.split('; ').find((pair) => pair.startsWith('og_csrf='))?.slice('og_csrf='.length) ?? '');
        const form = new FormData();
        form.append('file', new File([text], 'audited parish.json', { type: 'application/json' }));
        const response = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'x-csrf-token': token }, body: form });
        return { status: response.status, body: (await response.json()) as { predictionSetId: string; jobId: string } };
      },
      { path: `/api/datasets/${dataset.body.datasetId}/predictions`, text: JSON.stringify(entries) },
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(202);
    await waitForJob(uploaded.body.jobId);
    const setPath = (rest: string) => `/api/prediction-sets/${uploaded.body.predictionSetId}/${rest}`;
    const slug = (await callApi<{ predictionSet: { slug: string } }>(page, 'GET', setPath('summary'))).body.predictionSet.slug;
    // The whole set checked: the entries with the fewest people (1) are wrong.
    const drawn = await callApi<{ auditId: string; entries: string[] }>(page, 'POST', setPath('audits'), { size: 100 });
    expect(drawn.body.entries).toHaveLength(entries.length);
    for (const string of drawn.body.entries) {
      const fewest = titles.indexOf(string) % 5 === 0;
      const answered = await callApi(page, 'POST', setPath(`audits/${drawn.body.auditId}/answers`), fewest ? { string, correct: false, nodeURIs: ['hisco:61110'] } : { string, correct: true });
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    }
    const report = (await callApi<{ overall: Estimate; byPeople: { overall: Estimate } }>(page, 'GET', setPath('audit'))).body;
    expect(report.byPeople.overall.estimate).toBeGreaterThan(report.overall.estimate!);

    // Every entry is mapped now (the audit's answers saved them): the review opens on all entries.
    await page.goto(`${app.url}/review/${slug}?filter=all`);
    await expectVisible(page.getByTestId('entry-string'));
    await page.keyboard.press('i');
    await expectVisible(page.getByTestId('review-info-card'));
    await page.getByTestId('open-accuracy').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('accuracy-overall').innerText()).toBe(`Top prediction overall: ${expectedWords(report.byPeople.overall)} (weighted by people).`);
    await page.getByTestId('production-curve-point').first().focus();
    await expect.poll(() => page.getByTestId('production-curve-point-words').innerText()).toContain('of the people coded automatically');
    await page.getByTestId('accuracy-basis').getByText('By entries').click();
    await expect.poll(() => page.getByTestId('accuracy-overall').innerText()).toBe(`Top prediction overall: ${expectedWords(report.overall)}.`);
    await page.getByTestId('production-curve-point').first().focus();
    await expect.poll(() => page.getByTestId('production-curve-point-words').innerText()).toContain('of the entries coded automatically');
    await shot(page, 'review-audits-7-by-entries-light');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('accuracy-modal').count()).toBe(0);
  });

  it('looks right in the dark', async () => {
    const dark = await newPage(browser, 'dark');
    try {
      await dark.context.addCookies(await context.cookies());
      await dark.page.goto(reviewUrl());
      await expectVisible(dark.page.getByTestId('entry-string'));
      const drawn = await callApi<{ auditId: string }>(dark.page, 'POST', `/api/prediction-sets/${set.predictionSetId}/audits`, { size: 5 });
      await dark.page.goto(`${reviewUrl()}?audit=${drawn.body.auditId}`);
      await expect.poll(() => dark.page.getByTestId('audit-progress').innerText(), { timeout: 10_000 }).toBe('Checking a sample: 0 of 5 answered');
      await shot(dark.page, 'review-audits-1-audit-mode-dark');
      await dark.page.keyboard.press('b');
      await expectVisible(dark.page.getByTestId('bulk-accept-estimate'));
      await shot(dark.page, 'review-audits-4-bulk-accept-dark');
      await dark.page.keyboard.press('Escape');
      await expect.poll(() => dark.page.getByTestId('bulk-accept-modal').count()).toBe(0);
      await dark.page.keyboard.press('i');
      await dark.page.getByTestId('open-accuracy').focus();
      await dark.page.keyboard.press('Enter');
      await expectVisible(dark.page.getByTestId('production-curve'));
      await dark.page.getByTestId('production-curve-point').nth(3).focus();
      await shot(dark.page, 'review-audits-5-curve-dark');
    } finally {
      await dark.context.close();
    }
  });
});
