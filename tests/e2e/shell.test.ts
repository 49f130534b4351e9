import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startAppProcess } from './support/app-process.js';
import { expectVisible, launchBrowser, logIn, newPage, screenshot } from './support/browser.js';

let app: AppProcess;
let browser: Browser;
const member = { username: 'mira', password: 'mira-password-1' };

beforeAll(async () => {
  app = await startAppProcess();
  app.addUser(member.username, 'member', member.password);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const nav = (page: Page, id: string) => page.getByTestId(`nav-${id}`);

describe('the app shell in a real browser', () => {
  it('shows an anonymous user only Explore and Learn, and the login modal on protected pages', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(app.url);
    await expect.poll(() => page.getByText('THE OCCUPATION GRAPH').first().isVisible()).toBe(true);
    await expectVisible(nav(page, 'explore'));
    await expectVisible(nav(page, 'learn'));
    expect(await nav(page, 'admin-schemes').count()).toBe(0);
    expect(await nav(page, 'datasets-list').count()).toBe(0);
    await expectVisible(page.getByTestId('login-button'));
    expect(await page.getByTestId('export-ttl').count()).toBe(0);
    await screenshot(page, 'shell-anonymous-light');

    await page.goto(`${app.url}/datasets/list`);
    await page.getByText('You need to login to access this page').waitFor();
    await expectVisible(page.getByTestId('login-modal'));
    await screenshot(page, 'login-modal-protected-route');
    await context.close();
  });

  it('sends nothing for an empty form, shows Login failed for 2 s on a wrong password, then logs in and the sidebar grows', async () => {
    const { context, page } = await newPage(browser);
    const loginCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login')) loginCalls.push(request.postData() ?? '');
    });
    await page.goto(`${app.url}/datasets/list`);
    await page.getByTestId('login-modal').waitFor();

    // The empty form sends nothing: the only login call below is the wrong password's, made after it.
    await page.getByTestId('login-submit').click({ force: true });

    await logIn(page, app.admin.username, 'wrong password');
    await page.getByTestId('login-submit').getByText('Login failed').waitFor();
    const failedAt = Date.now();
    await screenshot(page, 'login-failed');
    await page.getByTestId('login-submit').getByText('Login failed').waitFor({ state: 'detached', timeout: 5_000 });
    expect(Date.now() - failedAt).toBeGreaterThan(1_500);
    expect(loginCalls).toHaveLength(1);
    expect(JSON.parse(loginCalls[0]!)).toMatchObject({ username: app.admin.username, password: 'wrong password' });

    await logIn(page, app.admin.username, app.admin.password);
    await page.getByTestId('logout-button').waitFor();
    expect(await page.getByTestId('logout-button').innerText()).toContain(`Logout ${app.admin.username}`);
    expect(await page.getByTestId('login-modal').count()).toBe(0);
    for (const id of ['admin-schemes', 'admin-linking', 'datasets-upload', 'datasets-list', 'translate', 'explore', 'learn']) {
      await expectVisible(nav(page, id));
    }
    await expectVisible(page.getByTestId('export-ttl'));
    const stored = await page.evaluate(() => sessionStorage.getItem('odx_user'));
    expect(JSON.parse(stored!)).toMatchObject({ username: app.admin.username, role: 'admin' });
    await screenshot(page, 'shell-logged-in-light');

    // The session survives a reload (validated on load).
    await page.reload();
    await page.getByTestId('logout-button').waitFor();

    await page.getByTestId('logout-button').click();
    await page.getByTestId('login-button').waitFor();
    expect(await nav(page, 'admin-schemes').count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('odx_user'))).toBeNull();
    // Logged out, the app goes to / (its page's code is loaded lazily: the header can change first).
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    await context.close();
  });

  it('toggles light and dark and remembers the choice', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(app.url);
    const scheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    const before = await scheme();
    await page.getByTestId('color-scheme-toggle').click();
    await expect.poll(scheme).not.toBe(before);
    const after = await scheme();
    await page.reload();
    await page.getByTestId('color-scheme-toggle').waitFor();
    expect(await scheme()).toBe(after);
    await screenshot(page, `shell-anonymous-${after}`);
    await context.close();
  });

  it('sends the browser home when the session dies (any 401)', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${app.url}/admin`);
    await logIn(page, member.username, member.password);
    await page.getByTestId('logout-button').waitFor();
    // The session disappears on the server (for instance, it expired and was cleaned up).
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    await db.query('DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE username = $1)', [member.username]);
    await db.end();
    await page.goto(`${app.url}/datasets/list`);
    await page.getByTestId('login-button').waitFor();
    // The address changes once the landing's code is here (pages load on first visit).
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => sessionStorage.getItem('odx_user'))).toBeNull();
    await context.close();
  });

  it('shows a job’s progress live while a worker runs it', async () => {
    // Plenty of expired sessions so the clean-up takes long enough to report progress several times.
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    await db.query(
      `INSERT INTO sessions (token_hash, user_id, csrf_token, expires_at)
       SELECT md5(random()::text || i), (SELECT id FROM users WHERE username = $1), 'x', now() - interval '1 day'
         FROM generate_series(1, 400000) AS i`,
      [app.admin.username],
    );
    await db.end();

    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page } = await newPage(browser, colorScheme);
      await page.goto(`${app.url}/admin`);
      await logIn(page, app.admin.username, app.admin.password);
      await page.getByTestId('cleanup-sessions').waitFor();
      await screenshot(page, `administration-${colorScheme}`);
      if (colorScheme === 'dark') {
        await context.close();
        break;
      }
      // Record every text the progress line shows, as it changes.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { seenProgress: string[] }).seenProgress = seen;
        new MutationObserver(() => {
          const text = document.querySelector('[data-testid="job-progress-text"]')?.textContent;
          if (text && seen[seen.length - 1] !== text) seen.push(text);
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await page.getByTestId('cleanup-sessions').click();
      await page.getByTestId('job-card').waitFor();
      await page.getByTestId('job-state').getByText(/completed/i).waitFor({ timeout: 60_000 });
      const seen = await page.evaluate(() => (window as unknown as { seenProgress: string[] }).seenProgress);
      const final = await page.getByTestId('job-progress-text').innerText();
      expect(final.replace(/\s/g, '')).toContain('400,000of400,000');
      // At least one intermediate state arrived before completion: the page was updated live.
      const intermediate = seen.filter((text) => /of 400,000/.test(text) && !/400,000 of 400,000/.test(text));
      expect(intermediate.length, JSON.stringify(seen)).toBeGreaterThan(0);
      await screenshot(page, 'job-progress-completed-light');
      await context.close();
    }
  });

  it('keeps members out of the queue dashboard and shows them what administration is for', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${app.url}/admin`);
    await logIn(page, member.username, member.password);
    await page.getByTestId('logout-button').waitFor();
    expect(await page.getByTestId('cleanup-sessions').count()).toBe(0);
    const response = await page.goto(`${app.url}/admin/queues`);
    expect(response?.status()).toBe(403);
    await context.close();
  });

  it("shows an admin bull-board's queue dashboard under its own policy, with nothing blocked", async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${app.url}/admin`);
    await logIn(page, app.admin.username, app.admin.password, { waitClosed: true });
    // Its page asks Google Fonts for a stylesheet, which a closed network never answers: the page's 'load' waits for it.
    const response = await page.goto(`${app.url}/admin/queues`, { waitUntil: 'domcontentloaded' });
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain('https://fonts.googleapis.com');
    await expectVisible(page.getByText('session.cleanup').first(), 20_000);
    await screenshot(page, 'queue-dashboard');
    await context.close();
  });
});
