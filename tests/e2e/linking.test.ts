import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverUnavailableMessage } from '../../shared/src/errors/spec-messages.js';
import { type AppProcess, startAppProcess } from './support/app-process.js';
import { expectVisible, launchBrowser, logIn, newPage, screenshot } from './support/browser.js';

// The app seeds the real schemes on its first start and queues the ESCO → ISCO-08 crosswalk (2,942 broadMatch links).
let app: AppProcess;
let browser: Browser;
let page: Page;

type Side = 'source' | 'target';

/** Leaves of the seeded PST-2 and SOC-2020, not linked at the start. */
const pstLeaf = '1,1,1,0,0,0,0,0';
const socLeaf = '1111';
const socLeafName = 'Chief executives and senior officials';
const pair = (query: Record<string, string>) => new URLSearchParams({ lc: 'pst2', rc: 'soc2020', ...query }).toString();

/** The pair's suggestions file (SPEC §7 "Static"), served from the app's SUGGESTIONS_DIR. */
const suggestionsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'og-suggestions-'));
const suggestedLeaf = '5,1,2,2,0,0,0,0';
fs.writeFileSync(path.join(suggestionsDir, 'pst2-soc2020.json'), JSON.stringify([[[suggestedLeaf], ['1133', '1121', '0000']]]));

beforeAll(async () => {
  app = await startAppProcess({ SUGGESTIONS_DIR: suggestionsDir });
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await page.goto(`${app.url}/admin/linking`);
  await logIn(page, app.admin.username, app.admin.password, { waitClosed: true });
  await page.getByTestId('source-tree').waitFor();
  await page.getByTestId('target-tree').waitFor();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  fs.rmSync(suggestionsDir, { recursive: true, force: true });
});

const node = (side: Side, value: string, on: Page = page) => on.getByTestId(`${side}-tree`).getByTestId(`tree-node-${value}`);
const params = () => new URL(page.url()).searchParams;
const linkedCount = async (side: Side) => Number(await page.getByTestId(`${side}-progress`).getAttribute('data-linked'));
const linkButton = () => page.getByTestId('link-button');
const keyNotice = (key: string, text: string) => page.locator(`[data-testid="key-notification"][data-key="${key}"]`).filter({ hasText: text });

/** Opens the page at an address and waits for both trees and the link maps. */
async function open(query: string, on: Page = page): Promise<void> {
  await on.goto(`${app.url}/admin/linking?${query}`);
  for (const side of ['source', 'target'] as const) {
    await on.getByTestId(`${side}-tree`).waitFor();
    await expect.poll(() => on.getByTestId(`${side}-progress`).getAttribute('aria-busy')).toBeNull();
  }
}

/** A full-page screenshot from the top (the header is sticky: taken scrolled, it lands mid-page). */
async function shoot(name: string, on: Page = page): Promise<void> {
  await on.evaluate(() => window.scrollTo(0, 0));
  await screenshot(on, name);
}

/** Presses a shortcut and waits for its key notification, which is gone again after about a second. */
async function press(key: string, text: string): Promise<void> {
  // A notification under the pointer stays open: keep the pointer away from the corner.
  await page.mouse.move(0, 0);
  await page.keyboard.press(key);
  const notice = keyNotice(key, text).last();
  await expectVisible(notice);
  await notice.waitFor({ state: 'detached', timeout: 3_000 });
}

describe('the linking page', () => {
  it('opens on PST-2 and SOC-2020 and keeps the address in step by replacing it, never adding history', async () => {
    await expect.poll(() => params().toString()).toBe('lc=pst2&rc=soc2020');
    await open('lc=pst2&rc=soc2020');
    const before = await page.evaluate(() => window.history.length);
    await node('source', '1,0,0,0,0,0,0,0').click();
    await expect.poll(() => params().get('lid')).toBe('1,0,0,0,0,0,0,0');
    await node('target', '1').click();
    await expect.poll(() => params().get('rid')).toBe('1');
    await node('target', '2').click();
    await expect.poll(() => params().get('rid')).toBe('2');
    expect(await page.evaluate(() => window.history.length)).toBe(before);
    await expect.poll(() => page.getByTestId('target-details-name').innerText()).toBe('Professional occupations');
    expect(await page.getByTestId('linking-target').getAttribute('data-focused')).toBe('true');
  });

  it('links and unlinks two leaves, the progress bars counting the link on both sides', async () => {
    await open(pair({ lid: pstLeaf, rid: socLeaf }));
    const before = { source: await linkedCount('source'), target: await linkedCount('target') };
    expect(await linkButton().innerText()).toBe('Link');

    await linkButton().click();
    await expect.poll(() => linkButton().getAttribute('data-linked')).toBe('true');
    expect(await linkButton().innerText()).toBe('Unlink');
    await expect.poll(() => linkedCount('source')).toBe(before.source + 1);
    await expect.poll(() => linkedCount('target')).toBe(before.target + 1);
    expect(await node('source', pstLeaf).getAttribute('data-linked')).toBe('true');
    expect(await page.getByTestId('source-details-count-direct').getAttribute('data-count')).toBe('1');
    await page.getByTestId('target-progress').hover();
    await expectVisible(page.getByText(`There are ${before.target + 1} of 412 nodes linked`));
    await shoot('linking-linked-light');

    // Saved: a fresh page shows the link.
    await open(pair({ lid: pstLeaf, rid: socLeaf }));
    expect(await linkButton().getAttribute('data-linked')).toBe('true');
    expect(await linkedCount('target')).toBe(before.target + 1);

    await linkButton().click();
    await expect.poll(() => linkButton().getAttribute('data-linked')).toBe('false');
    await expect.poll(() => linkedCount('source')).toBe(before.source);
    await expect.poll(() => linkedCount('target')).toBe(before.target);
    expect(await node('source', pstLeaf).getAttribute('data-linked')).toBe('false');
  });

  it('shows and changes the relation of a link', async () => {
    await open(pair({ lid: pstLeaf, rid: socLeaf }));
    const relation = page.getByTestId('relation-select');
    expect(await relation.inputValue()).toBe('closeMatch');
    await relation.click();
    // Each relation in Explore's words, read from the source to the target.
    const closeMatch = await page.getByRole('option', { name: /^closeMatch/ }).innerText();
    expect(closeMatch).toContain('close match');
    expect(closeMatch).toContain('The target is close: it may stand for the source in some uses, though it is not the same occupation.');
    expect(await page.getByRole('option', { name: /^broadMatch/ }).innerText()).toContain('The target is broader: it covers the source and more.');
    await page.getByRole('option', { name: /^broadMatch/ }).click();
    await linkButton().click();
    await expect.poll(() => linkButton().getAttribute('data-linked')).toBe('true');
    const listed = page.getByTestId(`source-details-links-${socLeaf}`).getByTestId('link-relation');
    expect(await listed.innerText()).toBe('broadMatch');

    // The existing link's relation changes in place.
    await relation.click();
    await page.getByRole('option', { name: /^exactMatch/ }).click();
    await expect.poll(() => listed.innerText()).toBe('exactMatch');
    await open(pair({ lid: pstLeaf, rid: socLeaf }));
    expect(await relation.inputValue()).toBe('exactMatch');
    expect(await page.getByTestId(`target-details-links-${encodeURIComponent(pstLeaf)}`).count()).toBe(0);
    expect(await page.getByTestId(`target-details-links-${pstLeaf}`).getByTestId('link-relation').innerText()).toBe('exactMatch');

    await linkButton().click();
    await expect.poll(() => linkButton().getAttribute('data-linked')).toBe('false');
  });

  it('rolls a link back when the call fails, after showing it at once', async () => {
    await open(pair({ lid: pstLeaf, rid: socLeaf }));
    const before = await linkedCount('target');
    await page.route('**/api/links', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'The triple store is down' } }) });
    });
    try {
      await linkButton().click();
      // Optimistic: the button and the count flip before the server answers…
      await expect.poll(() => linkButton().getAttribute('data-linked')).toBe('true');
      expect(await linkButton().innerText()).toBe('Unlink');
      expect(await linkedCount('target')).toBe(before + 1);
      // …and go back when it fails.
      await expectVisible(page.getByText('The triple store is down'));
      await expect.poll(() => linkButton().getAttribute('data-linked')).toBe('false');
      expect(await linkedCount('target')).toBe(before);
      await shoot('linking-rolled-back');
    } finally {
      await page.unroute('**/api/links');
    }
  });

  it('links a code to the leaves below another, and clears them all again', async () => {
    const folder = '1,1,3,0,0,0,0,0';
    await open(pair({ lid: folder, rid: '1112' }));
    const before = { source: await linkedCount('source'), target: await linkedCount('target') };
    // Two codes with children cannot be linked; a folder and a leaf can.
    expect(await linkButton().isDisabled()).toBe(false);
    await page.getByTestId('source-details-offer-link-to-descendants').click();
    const details = page.getByTestId('source-details-offer-link-to-descendants-details');
    await expectVisible(details);
    expect(await details.innerText()).toContain('18 of the 18 codes without children');
    // Not scrolled to the top: a popover whose button leaves the window hides.
    await screenshot(page, 'linking-link-to-descendants');
    await page.getByTestId('source-details-offer-link-to-descendants-confirm').click();
    await expect.poll(() => linkedCount('source')).toBe(before.source + 18);
    await expect.poll(() => linkedCount('target')).toBe(before.target + 1);
    expect(await page.getByTestId('source-details-count-descendant').getAttribute('data-count')).toBe('18');
    expect(await page.getByTestId('target-details-count-direct').getAttribute('data-count')).toBe('18');

    // Nothing is left to propose.
    await page.getByTestId('source-details-offer-link-to-descendants').click();
    await expectVisible(page.getByText('Every one of them is linked to it already'));
    expect(await page.getByTestId('source-details-offer-link-to-descendants-confirm').isDisabled()).toBe(true);
    await page.keyboard.press('Escape');

    await page.getByTestId('target-details-offer-clear-all-links').click();
    await page.getByTestId('target-details-offer-clear-all-links-confirm').click();
    await expect.poll(() => linkedCount('source')).toBe(before.source);
    await expect.poll(() => linkedCount('target')).toBe(before.target);
    expect(await page.getByTestId('target-details-offer-clear-all-links').isDisabled()).toBe(true);
  });

  it('marks a code unlinkable or defaulting to its parent, each counted as handled, and takes the marks back', async () => {
    const leaf = '1,1,2,0,0,0,0,0';
    await open(pair({ lid: leaf, rid: '1112' }));
    const before = await linkedCount('source');
    const offer = (name: string) => page.getByTestId(`source-details-offer-${name}`);

    await offer('mark-unlinkable').click();
    await expectVisible(page.getByTestId('source-details-unlinkable'));
    await expect.poll(() => linkedCount('source')).toBe(before + 1);
    expect(await node('source', leaf).getAttribute('data-linked')).toBe('true');
    await expect.poll(() => offer('mark-unlinkable').isDisabled()).toBe(true);
    expect(await offer('default-to-parent').isDisabled()).toBe(true);
    await offer('mark-linkable').click();
    await page.getByTestId('source-details-unlinkable').waitFor({ state: 'detached' });
    await expect.poll(() => linkedCount('source')).toBe(before);

    await expect.poll(() => offer('default-to-parent').isDisabled()).toBe(false);
    await offer('default-to-parent').click();
    await expectVisible(page.getByTestId('source-details-defaults-to-parent'));
    await expect.poll(() => linkedCount('source')).toBe(before + 1);
    await expect.poll(() => offer('stop-default-to-parent').isDisabled()).toBe(false);
    expect(await offer('mark-unlinkable').isDisabled()).toBe(true);
    await shoot('linking-defaults-to-parent');
    await offer('stop-default-to-parent').click();
    await page.getByTestId('source-details-defaults-to-parent').waitFor({ state: 'detached' });
    await expect.poll(() => linkedCount('source')).toBe(before);
  });

  it("reports a tree that fails to load in a red 'Error' notification, on its side only; an outage (503 'unavailable') as the server busy or restarting", async () => {
    await page.route('**/api/schemes/hisco/tree', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'unavailable', message: 'PostgreSQL is down' } }) }),
    );
    try {
      await page.goto(`${app.url}/admin/linking?lc=pst2&rc=hisco`);
      const notice = page.locator('.mantine-Notification-root').filter({ hasText: serverUnavailableMessage });
      await expectVisible(notice, 15_000);
      expect(await notice.locator('.mantine-Notification-title').innerText()).toBe('Error');
      await expectVisible(page.getByTestId('target-tree-error'));
      await page.getByTestId('source-tree').waitFor();
      await shoot('linking-outage-light');
    } finally {
      await page.unroute('**/api/schemes/hisco/tree');
    }
    const { context, page: dark } = await newPage(browser, 'dark');
    await dark.route('**/api/schemes/hisco/tree', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'unavailable', message: 'PostgreSQL is down' } }) }),
    );
    await dark.goto(`${app.url}/admin/linking`);
    await logIn(dark, app.admin.username, app.admin.password, { waitClosed: true });
    await dark.goto(`${app.url}/admin/linking?lc=pst2&rc=hisco`);
    await expectVisible(dark.locator('.mantine-Notification-root').filter({ hasText: serverUnavailableMessage }), 15_000);
    await shoot('linking-outage-dark', dark);
    await context.close();
  });

  it('W, A, S and D work the page from the keyboard, each with a key notification, but not while a search box has focus', async () => {
    await open(pair({ lid: pstLeaf, rid: socLeaf }));
    await press('d', 'Linked');
    await expect.poll(() => linkButton().getAttribute('data-linked')).toBe('true');
    await press('d', 'Unlinked');
    await expect.poll(() => linkButton().getAttribute('data-linked')).toBe('false');

    // Focus the target side (its code clicked), then search the source side for its name, and clear it.
    await node('target', socLeaf).click();
    await expect.poll(() => page.getByTestId('linking-target').getAttribute('data-focused')).toBe('true');
    await press('s', `Searching the source side for "${socLeafName}"`);
    expect(await page.getByTestId('source-search').inputValue()).toBe(socLeafName);
    await expectVisible(page.getByTestId('source-search-dropdown'));
    await press('s', 'Cleared the source search');
    expect(await page.getByTestId('source-search').inputValue()).toBe('');

    // W deselects the focused side's code; A then finds nothing selected there and switches sides.
    await press('w', 'Deselected the target code');
    await expect.poll(() => params().get('rid')).toBeNull();
    expect(params().get('lid')).toBe(pstLeaf);
    await press('a', 'Focus on the source side');
    expect(await page.getByTestId('linking-source').getAttribute('data-focused')).toBe('true');

    // A cleans up: only the path to the selected code stays open.
    await node('source', '2,0,0,0,0,0,0,0').getByTestId('tree-node-toggle').click();
    await expect.poll(() => node('source', '2,0,0,0,0,0,0,0').getAttribute('data-expanded')).toBe('true');
    await press('a', 'Cleaned up the source tree');
    expect(await node('source', '2,0,0,0,0,0,0,0').getAttribute('data-expanded')).toBe('false');
    expect(await node('source', '1,1,0,0,0,0,0,0').getAttribute('data-expanded')).toBe('true');

    // Typing in a search box is typing.
    await page.getByTestId('target-search').click();
    await page.keyboard.type('wad');
    expect(await page.getByTestId('target-search').inputValue()).toBe('wad');
    expect(params().get('lid')).toBe(pstLeaf);
    expect(await page.locator('[data-testid="key-notification"]').count()).toBe(0);
    await shoot('linking-search-focused');
  });
});

describe('links over time, files and other admins', () => {
  /** Renames a code or rewrites its description on its code page, as an admin would. */
  async function editCode(on: Page, scheme: string, value: string, field: 'name' | 'description', text: string): Promise<void> {
    await on.goto(`${app.url}/admin/schemes/${scheme}/codes/${encodeURIComponent(value)}`);
    await on.getByTestId('code-detail').waitFor();
    await on.getByTestId('tab-edit').click();
    await on.getByTestId(`edit-${field}`).fill(text);
    await on.getByTestId('edit-save').click();
    await expect.poll(() => on.getByTestId('edit-save').isDisabled()).toBe(true);
  }

  const staleCount = async () => Number(await page.getByTestId('stale-links-count').innerText());

  it("flags a link as 'changed since linked' when one of its codes is edited, says what and when, and an admin confirms or unlinks it", async () => {
    const leaf = '5,1,1,0,0,0,0,0';
    await open(pair({ lid: leaf, rid: '1131' }));
    await linkButton().click();
    await expect.poll(() => linkButton().getAttribute('data-linked')).toBe('true');
    expect(await page.getByTestId('target-details-stale').count()).toBe(0);
    const before = await staleCount();

    await editCode(page, 'soc2020', '1131', 'name', 'Financial managers and directors (renamed)');
    await open(pair({ lid: leaf, rid: '1131' }));
    const notice = page.getByTestId('target-details-stale');
    await expectVisible(notice);
    expect(await notice.innerText()).toMatch(/changed since linked[\s\S]*name changed/);
    // The link's other end says so too.
    await expectVisible(page.getByTestId('source-details-stale'));
    await expect.poll(staleCount).toBe(before + 1);
    await shoot('linking-stale-flag-light');

    // The pair's list of flagged links: confirm keeps the link and takes the flag away.
    await page.getByTestId('stale-links-open').click();
    const row = page.getByTestId('stale-link-row').filter({ hasText: 'Financial managers and directors (renamed)' });
    await expectVisible(row);
    // The modal fades in: shot once it has.
    await expect.poll(() => page.locator('.mantine-Modal-content').evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    await shoot('linking-stale-list');
    await row.getByTestId('stale-confirm').click();
    await expect.poll(staleCount).toBe(before);
    await expect.poll(() => page.getByTestId('target-details-stale').count()).toBe(0);
    expect(await linkButton().getAttribute('data-linked')).toBe('true');

    // Changed again: flagged again; unlinking from the notice takes the link and the flag away.
    await editCode(page, 'soc2020', '1131', 'description', 'Plan, direct and coordinate the financial activities of an organisation.');
    await open(pair({ lid: leaf, rid: '1131' }));
    await expectVisible(page.getByTestId('target-details-stale'));
    expect(await page.getByTestId('target-details-stale').innerText()).toContain('description changed');
    await page.getByTestId('target-details-stale').getByTestId('stale-unlink').click();
    await expect.poll(() => linkButton().getAttribute('data-linked')).toBe('false');
    await expect.poll(() => page.getByTestId('target-details-stale').count()).toBe(0);
    await expect.poll(staleCount).toBe(before);
  });

  it("shows a second admin's link edits live, and both pages end with the store's links", async () => {
    const password = 'second-admin-password-1';
    app.addUser('admin2', 'admin', password);
    const { context, page: other } = await newPage(browser);
    try {
      await other.goto(`${app.url}/admin/linking`);
      await logIn(other, 'admin2', password, { waitClosed: true });
      const leaf = '5,1,2,1,0,0,0,0';
      await open(pair({ lid: leaf, rid: '1132' }));
      await open(pair({ lid: leaf, rid: '1132' }), other);
      const otherButton = other.getByTestId('link-button');
      expect(await otherButton.getAttribute('data-linked')).toBe('false');

      await linkButton().click();
      await expect.poll(() => linkButton().getAttribute('data-linked')).toBe('true');
      // The other admin's page hears of it within a second or so, without reloading.
      await expect.poll(() => otherButton.getAttribute('data-linked'), { timeout: 3_000 }).toBe('true');

      await otherButton.click();
      await expect.poll(() => otherButton.getAttribute('data-linked')).toBe('false');
      await expect.poll(() => linkButton().getAttribute('data-linked'), { timeout: 3_000 }).toBe('false');

      // Both click at once: the store ends with one answer, and both pages show it.
      await Promise.all([linkButton().click(), otherButton.click()]);
      const maps = async () => (await (await page.request.get(`${app.url}/api/links/maps?schemes=pst2,soc2020`)).json()) as { maps: Record<string, Record<string, Record<string, string[]>>> };
      await expect.poll(async () => {
        const stored = (await maps()).maps.pst2?.[leaf]?.soc2020?.includes('1132') ? 'true' : 'false';
        return [stored, await linkButton().getAttribute('data-linked'), await otherButton.getAttribute('data-linked')].join(' ');
      }, { timeout: 5_000 }).toMatch(/^(true true true|false false false)$/);
    } finally {
      await context.close();
    }
  });

  it('imports a crosswalk file from the page with live progress, lists refused rows for download, and exports the pair', async () => {
    await open(pair({}));
    const file = path.join(suggestionsDir, 'pst2-soc2020-crosswalk.csv');
    fs.writeFileSync(file, '\uFEFFSource code;Target code;Relation\r\n"5,1,2,3,0,0,0,0";1122;skos:exactMatch\r\n"5,1,2,3,0,0,0,0";1123;\r\n"9,9,9,9,9,9,9,9";1122;\r\n');
    await page.getByTestId('crosswalk-import').click();
    await page.getByTestId('crosswalk-import-input').setInputFiles(file);
    await page.getByTestId('crosswalk-import-start').click();
    const result = page.getByTestId('crosswalk-import-result');
    await expectVisible(result, 30_000);
    expect(await page.getByTestId('crosswalk-imported').innerText()).toBe('2');
    expect(await page.getByTestId('crosswalk-already-present').innerText()).toBe('0');
    expect(await page.getByTestId('crosswalk-refused').innerText()).toBe('1');
    const refused = await page.request.get(`${app.url}${await page.getByTestId('crosswalk-refused-download').getAttribute('href')}`);
    expect(await refused.text()).toContain('unknown source code');
    await shoot('linking-crosswalk-imported');
    await page.getByTestId('crosswalk-import-close').click();

    // The page's maps were read again: the imported links show at once.
    await open(pair({ lid: '5,1,2,3,0,0,0,0', rid: '1122' }));
    expect(await linkButton().getAttribute('data-linked')).toBe('true');
    expect(await page.getByTestId('source-details-links-1122').getByTestId('link-relation').innerText()).toBe('exactMatch');
    expect(await page.getByTestId('source-details-links-1123').getByTestId('link-relation').innerText()).toBe('closeMatch');

    await page.getByTestId('crosswalk-export').click();
    const sssom = await page.request.get(`${app.url}${await page.getByTestId('crosswalk-export-sssom').getAttribute('href')}`);
    const text = await sssom.text();
    expect(text).toContain('curie_map');
    expect(text).toMatch(/5,1,2,3,0,0,0,0.*skos:exactMatch.*1122/);
    await page.keyboard.press('Escape');
  });

  it("offers a code without links the pair's suggestions, and a suggestion selects that code on the other side", async () => {
    await open(pair({ lid: suggestedLeaf }));
    const button = page.getByTestId('source-details-suggestions');
    await expectVisible(button);
    // A code the other scheme does not have is not offered.
    expect(await button.innerText()).toBe('2 suggestions');
    await button.click();
    await page.getByTestId('source-details-suggestions-1133').click();
    await expect.poll(() => params().get('rid')).toBe('1133');
    await shoot('linking-suggestion-chosen');
    // Codes the file does not name, and codes with links, get no button.
    await open(pair({ lid: '5,1,1,0,0,0,0,0' }));
    expect(await page.getByTestId('source-details-suggestions').count()).toBe(0);
  });
});

describe('the seeded ESCO → ISCO-08 crosswalk', () => {
  beforeAll(async () => {
    // The seed is a job queued at the first start: wait for its links.
    const linkCount = async () => ((await (await page.request.get(`${app.url}/api/links/count`)).json()) as { count: number }).count;
    const deadline = Date.now() + 90_000;
    while ((await linkCount()) < 2_942) {
      if (Date.now() > deadline) throw new Error('The seeded ESCO → ISCO-08 crosswalk was not imported within 90 s');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  });

  it('shows the seeded links, and a subtree of fewer than 50 codes fully open', async () => {
    await open('lc=esco&rc=isco08&rid=0110');
    expect(await linkedCount('target')).toBeGreaterThan(400);
    expect(await linkedCount('source')).toBeGreaterThan(2_000);
    const direct = Number(await page.getByTestId('target-details-count-direct').getAttribute('data-count'));
    expect(direct).toBeGreaterThan(0);
    expect(direct).toBeLessThan(50);
    const relations = await page.getByTestId('target-details-links').getByTestId('link-relation').allInnerTexts();
    expect(relations.length).toBe(direct);
    expect(new Set(relations)).toEqual(new Set(['broadMatch']));
    expect(await linkButton().isDisabled()).toBe(true);

    await page.getByTestId('target-details-count-direct').click();
    const banner = page.getByTestId('source-subtree');
    await expectVisible(banner);
    expect(Number(await banner.getAttribute('data-count'))).toBe(direct);
    // Every code of the subtree is shown (all of its nodes open).
    const firstLinked = (await page.getByTestId('target-details-links').locator('[data-testid^="target-details-links-"]').first().getAttribute('data-testid'))!.replace('target-details-links-', '');
    await expectVisible(node('source', firstLinked));
    expect(await node('source', firstLinked).getAttribute('data-linked')).toBe('true');
    await shoot('linking-esco-isco08-subtree-light');

    await page.getByTestId('source-subtree-close').click();
    await banner.waitFor({ state: 'detached' });
  });

  it('opens a subtree of 50 codes or more only to the selected code, and W closes it', async () => {
    await open('lc=esco&rc=isco08&rid=2');
    const below = Number(await page.getByTestId('target-details-count-descendant').getAttribute('data-count'));
    expect(below).toBeGreaterThanOrEqual(50);
    await page.getByTestId('target-details-count-descendant').click();
    await expectVisible(page.getByTestId('source-subtree'));
    // Nothing is selected on the source side: nothing opens.
    expect(await page.getByTestId('source-tree').locator('[data-expanded="true"]').count()).toBe(0);
    await press('w', 'Closed the source subtree');
    expect(await page.getByTestId('source-subtree').count()).toBe(0);
  });

  it('looks right in the dark', async () => {
    const { context, page: dark } = await newPage(browser, 'dark');
    await dark.goto(`${app.url}/admin/linking`);
    await logIn(dark, app.admin.username, app.admin.password, { waitClosed: true });
    await open('lc=esco&rc=isco08&rid=0110', dark);
    const linked = dark.getByTestId('target-details-links').locator('[data-testid^="target-details-links-"]').first();
    await linked.click();
    await expect.poll(() => new URL(dark.url()).searchParams.get('lid')).not.toBeNull();
    await shoot('linking-esco-isco08-dark', dark);
    await context.close();
  });
});
