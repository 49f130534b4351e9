import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetList } from '../../shared/src/contracts/datasets.js';
import { type AppProcess, startAppProcess } from './support/app-process.js';
import { closeLeftoverDialog, launchBrowser, logIn, newPage, screenshot } from './support/browser.js';

/**
 * The upload wizard's 'Language of the titles' in Debian's Chromium against the built app: any
 * language by search, the shipped coded titles' languages first, several, and 'From a column',
 * whose column is then chosen and saved in the dataset's metadata.
 */

let app: AppProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let scratch: string;

const census = ['title,hisco,sprog', 'skomager,80110,da', 'smed,83110,Danish', 'boerenknecht,62120,nl', 'gaardmand,61110,??', 'farmer,61110,English', ''].join('\n');

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'og-e2e-languages-'));
  app = await startAppProcess();
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  await page.goto(`${app.url}/datasets/upload`);
  await logIn(page, app.admin.username, app.admin.password, { waitClosed: true });
  await page.getByTestId('upload-wizard').waitFor();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

afterEach(() => closeLeftoverDialog(page));

/** The options the open select shows, in order. */
async function optionTexts(target: Page): Promise<string[]> {
  await target.getByRole('option').first().waitFor();
  return (await target.getByRole('option').allInnerTexts()).map((text) => text.trim());
}

async function search(target: Page, select: Locator, text: string): Promise<string[]> {
  await select.fill(text);
  return optionTexts(target);
}

describe('the language of the titles in the upload wizard', () => {
  it('offers any language by search, the shipped data’s first, several, and from a column, and saves the column chosen', async () => {
    const file = path.join(scratch, 'nordic census.csv');
    fs.writeFileSync(file, census);
    await page.getByTestId('wizard-file-input').setInputFiles(file);
    await expect.poll(() => page.getByTestId('wizard-title-column').inputValue()).toBe('title');
    await page.getByTestId('wizard-next').click();

    const language = page.getByTestId('wizard-language');
    await language.click();
    const shipped = (await (await page.request.get(`${app.url}/api/datasets/languages`)).json()) as { shipped: string[] };
    expect(shipped.shipped[0]).toBe('en');
    const options = await optionTexts(page);
    // The shipped coded titles' languages first (English, Dutch, Swedish, Portuguese, Danish), then several and from a column.
    expect(options.slice(0, shipped.shipped.length)).toEqual(expect.arrayContaining(['English', 'Dutch', 'Swedish', 'Portuguese', 'Danish']));
    expect(options.slice(shipped.shipped.length, shipped.shipped.length + 2)).toEqual(['Several languages', 'From a column']);
    // Then every other language, each once.
    expect(options.length).toBeGreaterThan(400);
    expect(new Set(options).size).toBe(options.length);
    await page.getByText('Languages of the shipped coded titles', { exact: true }).waitFor();
    await screenshot(page, 'dataset-languages-choices-light');

    // A search finds a language by a part of its name or by its code.
    expect(await search(page, language, 'low ger')).toEqual(['Low German']);
    expect(await search(page, language, 'nds')).toContain('Low German');
    await page.getByRole('option', { name: 'Low German', exact: true }).click();
    expect(await language.inputValue()).toBe('Low German');
    expect(await page.getByTestId('wizard-language-column').count()).toBe(0);

    // From a column: the column is chosen among the others than the title and code columns, and Next waits for it.
    await language.click();
    await language.fill('');
    await page.getByRole('option', { name: 'From a column', exact: true }).click();
    const column = page.getByTestId('wizard-language-column');
    await column.waitFor();
    expect(await page.getByTestId('wizard-next').isDisabled()).toBe(true);
    await column.click();
    expect(await optionTexts(page)).toEqual(['sprog']);
    await page.getByRole('option', { name: 'sprog', exact: true }).click();
    expect(await page.getByTestId('wizard-next').isEnabled()).toBe(true);
    await screenshot(page, 'dataset-languages-from-a-column-light');

    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-title').fill('Nordic census');
    expect(await page.getByTestId('wizard-summary').innerText()).toContain('From the column “sprog”');
    await page.getByTestId('wizard-create').click();
    await page.waitForURL(`${app.url}/datasets/list`);

    const list = (await (await page.request.get(`${app.url}/api/datasets`)).json()) as DatasetList;
    const dataset = list.datasets.find((entry) => entry.metadata.title === 'Nordic census');
    expect(dataset?.metadata).toMatchObject({ language: null, languageColumn: 'sprog', titleColumn: 'title', codeColumn: 'hisco' });
  });
});
