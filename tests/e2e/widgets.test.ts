import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility.js';
import { type AppProcess, startAppProcess } from './support/app-process.js';
import { expectVisible, launchBrowser, logIn, newPage, screenshot } from './support/browser.js';

/**
 * SPEC §2's two small widgets in Debian's Chromium against the built app: the header's language
 * selector (shown and remembered, nothing else) and the upload wizard's year-range picker (the
 * period of the titles, stored in the dataset's metadata and shown in the list).
 */

const member = { username: 'mira', password: 'mira-password-1' };
let app: AppProcess;
let browser: Browser;
let scratch: string;
let titlesFile: string;

/** Mantine's menus and popovers fade in over 150–250 ms: screenshots wait for them. */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

/** axe-core's serious and critical violations in what this file tests (the pages around them have their own test). */
async function expectNoSeriousViolations(page: Page, within: string): Promise<void> {
  // After any menu's or popover's opening transition: a half-faded item is no colour a reader sees.
  await page.waitForTimeout(400);
  expect(await seriousAccessibilityViolations(page, within)).toEqual([]);
}
const languageWidgets = '[data-testid="language-selector"], [data-testid="language-menu"]';
const wizardWidgets = '[data-testid="upload-wizard"], [data-dates-dropdown]';

const languageButton = (page: Page) => page.getByRole('button', { name: /^Language: / });

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'og-e2e-widgets-'));
  titlesFile = path.join(scratch, 'census-titles.csv');
  fs.writeFileSync(titlesFile, 'title,hisco\nfisherman,64100\nbaker,77610\nfarm labourer,62105\n');
  app = await startAppProcess();
  app.addUser(member.username, 'member', member.password);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

describe('the language selector (SPEC §2)', () => {
  it('offers five languages with flags to anyone, and remembers the choice across a reload', async () => {
    const { context, page } = await newPage(browser, 'light');
    await page.goto(app.url);
    await expectVisible(languageButton(page));
    expect(await languageButton(page).getAttribute('aria-label')).toBe('Language: English');
    expect(await languageButton(page).innerText()).toBe('English');

    await languageButton(page).click();
    const menu = page.getByRole('menu');
    await expectVisible(menu);
    const options = menu.getByRole('menuitem');
    expect(await options.allInnerTexts()).toEqual(['English', 'German', 'Italian', 'French', 'Polish']);
    // Each option shows its flag beside its name (the flag is decoration: the name says it).
    for (const option of await options.all()) {
      expect(await option.locator('svg[aria-hidden="true"][viewBox="0 0 60 40"]').count()).toBe(1);
    }
    expect(await menu.getByRole('menuitem', { name: 'English' }).getAttribute('aria-current')).toBe('true');
    await expectNoSeriousViolations(page, languageWidgets);
    await shot(page, 'widgets-language-menu-light');

    await menu.getByRole('menuitem', { name: 'German' }).click();
    await menu.waitFor({ state: 'detached' });
    expect(await languageButton(page).getAttribute('aria-label')).toBe('Language: German');
    expect(await languageButton(page).innerText()).toBe('German');
    expect(await page.evaluate(() => localStorage.getItem('og-language'))).toBe('de');
    // Nothing else changes (SPEC: the selection only changes the displayed choice).
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expectVisible(page.getByTestId('login-button'));

    await page.reload();
    await expectVisible(languageButton(page));
    expect(await languageButton(page).getAttribute('aria-label')).toBe('Language: German');

    // The keyboard opens the menu and chooses too.
    await languageButton(page).focus();
    await page.keyboard.press('Enter');
    await expectVisible(menu);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('English');
    for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => languageButton(page).getAttribute('aria-label')).toBe('Language: Polish');

    // A stored value it does not know reads as English.
    await page.evaluate(() => localStorage.setItem('og-language', 'klingon'));
    await page.reload();
    await expectVisible(languageButton(page));
    expect(await languageButton(page).getAttribute('aria-label')).toBe('Language: English');
    await context.close();
  });

  it('shows the same in dark mode and after logging in', async () => {
    const { context, page } = await newPage(browser, 'dark');
    await page.goto(`${app.url}/datasets/list`);
    await logIn(page, member.username, member.password, { waitClosed: true });
    await expectVisible(page.getByTestId('logout-button'));
    await languageButton(page).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Italian' }).click();
    await languageButton(page).click();
    await expectVisible(page.getByRole('menu'));
    expect(await page.getByRole('menu').getByRole('menuitem', { name: 'Italian' }).getAttribute('aria-current')).toBe('true');
    await expectNoSeriousViolations(page, languageWidgets);
    await shot(page, 'widgets-language-menu-dark');
    await page.keyboard.press('Escape');
    await context.close();
  });
});

/** The wizard's field for the period of the titles, and the open picker's controls. */
const periodField = (page: Page) => page.getByRole('button', { name: 'Period of the titles', exact: true });
const periodText = async (page: Page) => (await periodField(page).innerText()).trim();
const pickerDropdown = (page: Page) => page.locator('[data-dates-dropdown]');
const yearControl = (page: Page, year: number) => pickerDropdown(page).getByRole('button', { name: String(year), exact: true });

/** Moves the open picker's two decades back or forth until `year` is shown. */
async function showYear(page: Page, year: number): Promise<Locator> {
  for (let step = 0; step < 40 && !(await yearControl(page, year).isVisible()); step++) {
    const firstShown = Number(await pickerDropdown(page).locator('[data-decade-level] button[data-picker-control]').first().innerText());
    await pickerDropdown(page).getByRole('button', { name: year < firstShown ? 'Previous decades' : 'Next decades' }).first().click();
  }
  await expectVisible(yearControl(page, year));
  return yearControl(page, year);
}

/** Uploads the small title file and walks the wizard to 'Add context'. */
async function openAddContext(page: Page): Promise<void> {
  await page.goto(`${app.url}/datasets/upload`);
  await page.getByTestId('upload-wizard').waitFor();
  await page.getByTestId('wizard-file-input').setInputFiles(titlesFile);
  await expect.poll(() => page.getByTestId('wizard-title-column').inputValue()).toBe('title');
  await expect.poll(() => page.getByTestId('wizard-next').isEnabled()).toBe(true);
  await page.getByTestId('wizard-next').click();
  await expectVisible(periodField(page));
}

/** From 'Add context' on: names the dataset, creates it, and waits for its row in the list. */
async function createDataset(page: Page, title: string): Promise<Locator> {
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('wizard-title').fill(title);
  await page.getByTestId('wizard-create').click();
  await page.waitForURL(`${app.url}/datasets/list`);
  const row = page.getByTestId('dataset-row').filter({ has: page.getByTestId('dataset-name').getByText(title, { exact: true }) });
  await row.locator('[data-testid="dataset-ingest"][data-state="ready"]').waitFor();
  return row;
}

async function storedPeriod(page: Page, title: string): Promise<unknown> {
  const answer = (await (await page.request.get(`${app.url}/api/datasets`)).json()) as { datasets: { metadata: { title: string; period?: unknown } }[] };
  return answer.datasets.find((dataset) => dataset.metadata.title === title)?.metadata.period;
}

describe('the year-range picker in the upload wizard (SPEC §2, §5, §9)', () => {
  it('stores the period of the titles, 1851–1881, and the list shows it', async () => {
    const { context, page } = await newPage(browser, 'light');
    await page.goto(`${app.url}/datasets/upload`);
    await logIn(page, member.username, member.password, { waitClosed: true });
    await openAddContext(page);

    // SPEC §9: placeholder 'Date range'; nothing chosen yet.
    expect(await periodText(page)).toBe('Date range');
    await periodField(page).click();
    await expectVisible(pickerDropdown(page));
    // Two decades side by side, each with its ten years in YYYY.
    expect(await pickerDropdown(page).locator('[data-decade-level]').count()).toBe(2);
    expect(await pickerDropdown(page).locator('[data-decade-level]').first().locator('button[data-picker-control]').count()).toBe(10);

    // Half a range is cleared when the picker closes (SPEC §5).
    await (await showYear(page, 1851)).click();
    expect(await periodText(page)).toBe('1851 –');
    await page.keyboard.press('Escape');
    await pickerDropdown(page).waitFor({ state: 'hidden' });
    expect(await periodText(page)).toBe('Date range');

    await periodField(page).click();
    await (await showYear(page, 1851)).click();
    await (await showYear(page, 1881)).hover();
    await expectNoSeriousViolations(page, wizardWidgets);
    await shot(page, 'widgets-year-range-picker-open-light');
    await yearControl(page, 1881).click();
    // A complete range closes the picker and fills the field with the en dash between the years.
    await pickerDropdown(page).waitFor({ state: 'hidden' });
    expect(await periodText(page)).toBe('1851 – 1881');
    await shot(page, 'widgets-year-range-chosen-light');

    // The summary on 'Confirm settings' names the period.
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-next').click();
    expect(await page.getByTestId('wizard-summary').getByRole('row', { name: /^Period/ }).innerText()).toMatch(/Period\s+1851–1881/);
    await page.getByTestId('wizard-back').click();
    await page.getByTestId('wizard-back').click();

    const row = await createDataset(page, 'Census titles 1851–1881');
    expect(await row.getByTestId('dataset-period').innerText()).toBe('Titles from 1851–1881');
    expect(await storedPeriod(page, 'Census titles 1851–1881')).toEqual({ from: 1851, to: 1881 });
    await expectNoSeriousViolations(page, '[data-testid="dataset-period"]');
    await shot(page, 'widgets-datasets-list-period-light');
    await context.close();
  });

  it('takes one year chosen twice as a period of one year, and clears a period', async () => {
    const { context, page } = await newPage(browser, 'dark');
    await page.goto(`${app.url}/datasets/upload`);
    await logIn(page, member.username, member.password, { waitClosed: true });
    await openAddContext(page);

    // A period chosen, then cleared: none is sent.
    await periodField(page).click();
    await (await showYear(page, 1901)).click();
    await (await showYear(page, 1911)).click();
    expect(await periodText(page)).toBe('1901 – 1911');
    // (Mantine hides an input's clear button from assistive technology: found by its label's attribute.)
    await page.locator('button[aria-label="Clear period of the titles"]').click();
    expect(await periodText(page)).toBe('Date range');

    // The years beyond the contract's bounds are disabled.
    await periodField(page).click();
    await (await showYear(page, 2100)).waitFor();
    expect(await yearControl(page, 2101).isDisabled()).toBe(true);
    await (await showYear(page, 1881)).click();
    await page.mouse.move(0, 0);
    await expectNoSeriousViolations(page, '[data-dates-dropdown]');
    await shot(page, 'widgets-year-range-picker-open-dark');
    await yearControl(page, 1881).click();
    await pickerDropdown(page).waitFor({ state: 'hidden' });
    expect(await periodText(page)).toBe('1881');

    const row = await createDataset(page, 'Census titles 1881');
    expect(await row.getByTestId('dataset-period').innerText()).toBe('Titles from 1881');
    expect(await storedPeriod(page, 'Census titles 1881')).toEqual({ from: 1881, to: 1881 });
    // The first dataset is the member's too; a dataset without a period shows none.
    expect(await page.getByTestId('dataset-period').count()).toBe(2);
    await expectNoSeriousViolations(page, '[data-testid="dataset-period"]');
    await shot(page, 'widgets-datasets-list-period-dark');
    await context.close();
  });

  it('shows no period for a dataset created without one', async () => {
    const { context, page } = await newPage(browser, 'light');
    await page.goto(`${app.url}/datasets/upload`);
    await logIn(page, member.username, member.password, { waitClosed: true });
    await openAddContext(page);
    const row = await createDataset(page, 'Titles of unknown years');
    expect(await row.getByTestId('dataset-period').count()).toBe(0);
    expect(await storedPeriod(page, 'Titles of unknown years')).toBeNull();
    await context.close();
  });
});
