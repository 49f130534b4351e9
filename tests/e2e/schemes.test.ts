import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startAppProcess } from './support/app-process.js';
import { launchBrowser, logIn, newPage, screenshot } from './support/browser.js';

// The app seeds the real schemes from ../shared/data on its first start (empty store).
let app: AppProcess;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await startAppProcess();
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await page.goto(`${app.url}/admin/schemes/hisco`);
  await logIn(page, app.admin.username, app.admin.password);
  await page.getByTestId('tree').waitFor();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const node = (value: string) => page.getByTestId(`tree-node-${value}`);

async function openCode(value: string): Promise<void> {
  await page.goto(`${app.url}/admin/schemes/hisco/codes/${encodeURIComponent(value)}`);
  await page.getByTestId('code-detail').waitFor();
}

describe('the scheme browser on real HISCO', () => {
  it('browses the tree and finds a code by fuzzy search', async () => {
    await node('0').waitFor();
    expect(await page.getByTestId('tree').getByText('Physical scientists and related technicians').count()).toBeGreaterThan(0);
    await screenshot(page, 'schemes-hisco-light');

    await page.getByTestId('scheme-search').fill('chemist');
    const option = page.getByRole('option').filter({ hasText: /chemist/i }).first();
    await option.waitFor();
    await screenshot(page, 'schemes-search-dropdown');
    await option.click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/schemes\/hisco\/codes\/\d+/);
    await page.getByTestId('code-detail').waitFor();
  });

  it('edits a name, creates a child, moves it, refuses a move into a descendant, deletes it', async () => {
    await openCode('01110');
    await page.getByTestId('tab-edit').click();
    await page.getByTestId('edit-name').fill('Chemist, general (edited)');
    await page.getByTestId('edit-save').click();
    await expect.poll(() => node('01110').innerText()).toContain('Chemist, general (edited)');

    await openCode('011');
    await page.getByTestId('tab-create').click();
    expect(await page.getByTestId('create-submit').isDisabled()).toBe(true);
    await page.getByTestId('create-name').fill('Assayer "fire" <b>test</b> 🧪');
    await page.getByTestId('create-code').fill('01199');
    await page.getByTestId('create-submit').click();
    await page.getByText('Occupation Assayer "fire" <b>test</b> 🧪 with code 01199 created').waitFor();
    const created = page.getByTestId('tree').getByText('Assayer "fire" <b>test</b> 🧪');
    await created.waitFor();
    await screenshot(page, 'schemes-created-child');

    // Open the new code and move it under 012. The parent's detail is still showing as the click
    // lands: the child's page is open once its title shows.
    await created.click();
    await page.getByTestId('code-detail').getByRole('heading', { name: 'Assayer "fire" <b>test</b> 🧪', exact: true }).waitFor();
    const childPath = new URL(page.url()).pathname;
    const childValue = decodeURIComponent(childPath.split('/').pop()!);
    await page.getByTestId('tab-move').click();
    await node('012').click();
    await page.getByTestId('move-confirm').waitFor();
    expect(await page.getByTestId('move-confirm').innerText()).toContain('Are you sure you want to move');
    await screenshot(page, 'schemes-move-confirm');
    await page.getByTestId('move-submit').click();
    await page.getByText(/Move successful: Moved node ".*" to ".*"\./).waitFor();

    // A move of 01 under its own descendant 011 is refused.
    await openCode('01');
    await page.getByTestId('tab-move').click();
    await node('011').click();
    const refusal = page.getByText('Move failed: Cannot move a node inside one of its descendants.');
    if (!(await refusal.isVisible())) {
      await page.getByTestId('move-submit').click().catch(() => undefined);
    }
    await refusal.waitFor();
    await screenshot(page, 'schemes-move-refused');

    // Delete: 011 cannot be deleted (children); the new child can.
    await openCode('011');
    await page.getByTestId('tab-delete').click();
    await page.getByTestId('delete-reasons').waitFor();
    expect(await page.getByTestId('delete-reasons').innerText()).toMatch(/has \d+ children/);
    await screenshot(page, 'schemes-delete-reasons');

    await openCode(childValue);
    await page.getByTestId('tab-delete').click();
    await page.getByTestId('delete-submit').click();
    const confirm = page.getByRole('button', { name: /^Delete/ }).last();
    if (await confirm.isVisible().catch(() => false)) await confirm.click();
    await page.getByText(/^Occupation .* deleted$/).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/schemes/hisco/codes/012');
  });

  it('switches schemes with the word-prefix selector and shows a dark tree', async () => {
    const { context, page: dark } = await newPage(browser, 'dark');
    await dark.goto(`${app.url}/admin/schemes/pst2`);
    // Same browser context is not shared: log in again.
    await logIn(dark, app.admin.username, app.admin.password);
    await dark.getByTestId('tree').waitFor();
    await dark.getByTestId('scheme-select').click();
    await dark.getByTestId('scheme-select').fill('08');
    await dark.getByRole('option', { name: /ISCO-08/ }).click();
    await expect.poll(() => new URL(dark.url()).pathname).toBe('/admin/schemes/isco08');
    await dark.getByTestId('tree').getByText('Commissioned armed forces officers').first().waitFor();
    await screenshot(dark, 'schemes-isco08-dark');
    await context.close();
  });

  it('downloads the whole store as Turtle from the header', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-ttl').click()]);
    expect(download.suggestedFilename()).toMatch(/-triple-store-export\.ttl$/);
    const file = await download.path();
    const { Parser } = await import('n3');
    const fs = await import('node:fs');
    const quads = new Parser({ format: 'text/turtle' }).parse(fs.readFileSync(file!, 'utf8'));
    expect(quads.length).toBeGreaterThan(50_000);
  });
});
