import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startAppProcess } from './support/app-process.js';
import { expectVisible, launchBrowser, logIn, newPage, screenshot } from './support/browser.js';

let app: AppProcess;
let browser: Browser;
const member = { username: 'nadia', password: 'nadia-password-1' };

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
const pathOf = (page: Page) => new URL(page.url()).pathname;
const isActive = (page: Page, id: string) => nav(page, id).evaluate((element) => element.hasAttribute('data-active'));

describe('the sidebar’s Review and Conversions, and /login', () => {
  it('shows an anonymous visitor no Review or Conversions; /login opens the login modal and logging in goes to `next`', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(app.url);
    await expectVisible(nav(page, 'explore'));
    expect(await nav(page, 'review').count()).toBe(0);
    expect(await nav(page, 'conversions').count()).toBe(0);

    await page.goto(`${app.url}/login?next=/datasets/list`);
    await expectVisible(page.getByTestId('login-modal'));
    expect(await page.getByTestId('not-found').count()).toBe(0);
    await screenshot(page, 'navigation-login-light');
    await logIn(page, member.username, member.password, { waitClosed: true });
    await expect.poll(() => pathOf(page)).toBe('/datasets/list');
    await expectVisible(nav(page, 'datasets-list'));
    expect(await isActive(page, 'datasets-list')).toBe(true);
    await context.close();
  });

  it('logged in, shows Review and Conversions, which open their pages and light up there', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page } = await newPage(browser, colorScheme);
        await page.goto(`${app.url}/login`);
      await logIn(page, member.username, member.password, { waitClosed: true });
      await expect.poll(() => pathOf(page)).toBe('/');
      // SPEC's entries stay, with the two new ones beside them.
      for (const id of ['admin-schemes', 'admin-linking', 'datasets-upload', 'datasets-list', 'translate', 'review', 'conversions', 'explore', 'learn']) {
        await expectVisible(nav(page, id));
      }
      expect(await nav(page, 'review').innerText()).toBe('Review');
      expect(await nav(page, 'conversions').innerText()).toBe('Conversions');
      expect(await isActive(page, 'review')).toBe(false);

      await nav(page, 'review').click();
      await expect.poll(() => pathOf(page)).toBe('/review');
      await expect.poll(() => isActive(page, 'review')).toBe(true);
      expect(await isActive(page, 'conversions')).toBe(false);

      await nav(page, 'conversions').click();
      await expect.poll(() => pathOf(page)).toBe('/convert');
      await expectVisible(page.getByRole('heading', { name: 'My datasets' }));
      await expect.poll(() => isActive(page, 'conversions')).toBe(true);
      expect(await isActive(page, 'review')).toBe(false);
      await screenshot(page, `navigation-sidebar-${colorScheme}`);
      await context.close();
    }
  });

  it('sends a logged-in visitor of /login straight to `next`, and never to another origin', async () => {
    const { context, page } = await newPage(browser, 'dark');
    await page.goto(`${app.url}/login?next=${encodeURIComponent('/convert')}`);
    await logIn(page, member.username, member.password, { waitClosed: true });
    await expect.poll(() => pathOf(page)).toBe('/convert');

    await page.goto(`${app.url}/login?next=${encodeURIComponent('/review?q=smith')}`);
    await expect.poll(() => pathOf(page)).toBe('/review');
    expect(new URL(page.url()).search).toBe('?q=smith');
    expect(await page.getByTestId('login-modal').count()).toBe(0);

    for (const hostile of ['//example.com/datasets', 'https://example.com/', '/\\example.com']) {
      await page.goto(`${app.url}/login?next=${encodeURIComponent(hostile)}`);
      await expect.poll(() => pathOf(page)).toBe('/');
      expect(new URL(page.url()).origin).toBe(new URL(app.url).origin);
    }
    await screenshot(page, 'navigation-login-done-dark');
    await context.close();
  });

  it('closing the login modal of /login goes to the start page', async () => {
    const { context, page } = await newPage(browser, 'dark');
    await page.goto(`${app.url}/login?next=/convert`);
    await expectVisible(page.getByTestId('login-modal'));
    await screenshot(page, 'navigation-login-dark');
    await page.getByRole('button', { name: 'Close login' }).click();
    await expect.poll(() => pathOf(page)).toBe('/');
    // The modal leaves with its closing transition, so its absence is awaited.
    await expect.poll(() => page.getByTestId('login-modal').count()).toBe(0);
    await expectVisible(page.getByTestId('login-button'));
    await context.close();
  });
});
