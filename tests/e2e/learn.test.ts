import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startAppProcess } from './support/app-process.js';
import { seriousAccessibilityViolations } from './support/accessibility.js';
import { expectVisible, launchBrowser, newPage, screenshot } from './support/browser.js';

/**
 * Learn (SPEC §2) for an anonymous visitor: HISCO's fishermen as a classification tree,
 * and ESCO's fishery occupations linked to ISCO-08's unit groups, with the seeded crosswalk.
 */

interface Code {
  value: string;
  name: string;
  label: string;
  parent?: string;
}
interface Link {
  scheme: string;
  value: string;
  name: string;
  label: string;
  relation: string;
}

let app: AppProcess;
let browser: Browser;
/** HISCO's minor group 64 and every code below it, as the API reads them. */
let fishermen: Code[];
/** The ESCO links of ISCO-08's fishery unit groups, once the seeded crosswalk has landed. */
const escoLinks = new Map<string, Link[]>();

async function read<T>(path: string): Promise<T> {
  const response = await fetch(`${app.url}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  app = await startAppProcess();
  browser = await launchBrowser();
  const { lookup } = await read<{ lookup: Record<string, Code> }>('/api/schemes/hisco/tree');
  const under64 = (code: Code): boolean => code.parent === '64' || (code.parent !== undefined && lookup[code.parent] !== undefined && under64(lookup[code.parent]!));
  fishermen = Object.values(lookup).filter((code) => code.value === '64' || under64(code));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/**
 * The demo seeds the ESCO–ISCO-08 crosswalk in the background: waits (inside a test) until the
 * fishery unit groups have their ESCO links, and keeps them.
 */
async function waitForFisheryLinks(): Promise<void> {
  for (const unitGroup of ['6222', '6223']) {
    if (escoLinks.get(unitGroup)?.length) continue;
    await expect
      .poll(
        async () => {
          const { links } = await read<{ links: Link[] }>(`/api/schemes/isco08/codes/${unitGroup}/links`);
          escoLinks.set(unitGroup, links.filter((link) => link.scheme === 'esco'));
          return escoLinks.get(unitGroup)!.length;
        },
        { timeout: 180_000, interval: 2_000 },
      )
      .toBeGreaterThan(0);
  }
}

const toggle = (page: Page) => page.getByTestId('learn-diagram-toggle');
const card = (page: Page, id: string) => page.getByTestId(`diagram-card-${id}`);
const cardTitle = (page: Page, id: string) => card(page, id).locator('title').textContent();

/**
 * Records, from the first frame on, every time a curve of a diagram was not fully drawn or a card
 * not fully shown: the diagrams' motion as the visitor sees it.
 */
async function recordPartialFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = { partial: 0, drawn: 0 };
    (window as unknown as { learnFrames: typeof state }).learnFrames = state;
    const check = () => {
      for (const curve of document.querySelectorAll('[data-testid^="tree-branch-"], [data-testid^="scheme-link-"]')) {
        state.drawn += 1;
        if (Math.abs(Number.parseFloat(curve.getAttribute('stroke-dashoffset') ?? '0')) > 0.001) state.partial += 1;
      }
      for (const shown of document.querySelectorAll('[data-testid^="diagram-card-"]')) {
        state.drawn += 1;
        if (Number.parseFloat(shown.getAttribute('opacity') ?? '1') < 0.999) state.partial += 1;
      }
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['stroke-dashoffset', 'opacity', 'transform'] });
  });
}
const frames = (page: Page) => page.evaluate(() => (window as unknown as { learnFrames: { partial: number; drawn: number } }).learnFrames);

/** Every curve drawn in full and every card fully shown, now. */
async function drawnInFull(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const curves = [...document.querySelectorAll('[data-testid^="tree-branch-"], [data-testid^="scheme-link-"]')];
    const cards = [...document.querySelectorAll('[data-testid^="diagram-card-"]')];
    return (
      curves.length > 0 &&
      cards.length > 0 &&
      curves.every((curve) => Number.parseFloat(getComputedStyle(curve).strokeDashoffset) === 0) &&
      cards.every((shown) => getComputedStyle(shown).opacity === '1')
    );
  });
}

describe('Learn, for an anonymous visitor', () => {
  it('draws HISCO’s fishermen as a classification tree, growing in from the root, with the real codes and names', async () => {
    expect(fishermen.length).toBeGreaterThan(10);
    const fisherman = fishermen.find((code) => code.value === '64100')!;
    expect(fisherman.name).toMatch(/^Fisherman/);

    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page } = await newPage(browser, colorScheme);
      await recordPartialFrames(page);
      await page.goto(`${app.url}/learn`);
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Learn' }));
      expect(await toggle(page).innerText()).toBe('Show Linking Diagram');

      const drawing = page.getByTestId('fishing-tree-drawing');
      // The first read of HISCO's tree builds it on the server.
      await expectVisible(drawing, 30_000);
      expect(await drawing.getAttribute('role')).toBe('img');
      expect(await drawing.locator('title').first().textContent()).toContain('HISCO');

      // The major group, the minor group and everything below it: one card per code, named as in HISCO.
      await expectVisible(card(page, 'hisco-64100'));
      expect(await card(page, 'hisco-64100').textContent()).toContain('64100');
      expect(await cardTitle(page, 'hisco-64100')).toBe(`64100 ${fisherman.name}`);
      expect(await cardTitle(page, 'hisco-64')).toBe('64 Fishermen, Hunters and Related Workers');
      expect(await cardTitle(page, 'hisco-6')).toMatch(/^6 Agricultural/);
      expect(await page.locator('[data-testid^="diagram-card-hisco-"]').count()).toBe(fishermen.length + 1);
      // The same, as a text list for screen readers.
      expect(await page.getByTestId('fishing-tree-text').textContent()).toContain(`64100 ${fisherman.name}`);

      // It moved in: at first not all drawn, then all of it.
      await expect.poll(() => drawnInFull(page), { timeout: 10_000 }).toBe(true);
      expect((await frames(page)).partial).toBeGreaterThan(0);
      expect(await seriousAccessibilityViolations(page, 'main')).toEqual([]);
      await screenshot(page, `learn-tree-${colorScheme}`);
      await context.close();
    }
  });

  it('switches to the linking diagram: ESCO occupations linked to ISCO-08 unit groups, and back', async () => {
    await waitForFisheryLinks();
    const [boatmanLink] = escoLinks.get('6222')!;
    const deepSeaLinks = escoLinks.get('6223')!;
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page } = await newPage(browser, colorScheme);
      await page.goto(`${app.url}/learn`);
      await expectVisible(page.getByTestId('fishing-tree-drawing'));
      await toggle(page).click();
      await expect.poll(() => toggle(page).innerText()).toBe('Show Tree Diagram');
      expect(await page.getByRole('button', { name: 'Show Linking Diagram' }).count()).toBe(0);

      const drawing = page.getByTestId('linking-diagram-drawing');
      await expectVisible(drawing, 20_000);
      expect(await drawing.getAttribute('role')).toBe('img');
      expect(await page.getByTestId('fishing-tree-drawing').count()).toBe(0);

      // ISCO-08's unit groups on one side, the ESCO occupations linked to them on the other, joined by their links.
      expect(await cardTitle(page, 'isco08-6222')).toBe('6222 Inland and Coastal Waters Fishery Workers');
      expect(await cardTitle(page, 'isco08-6223')).toBe('6223 Deep-sea Fishery Workers');
      expect(await cardTitle(page, `esco-${boatmanLink!.value}`)).toBe(`${boatmanLink!.label} ${boatmanLink!.name}`);
      // (A straight link has an empty bounding box, which Playwright calls hidden: its count is what tells.)
      expect(await page.getByTestId(`scheme-link-esco-${boatmanLink!.value}-isco08-6222`).count()).toBe(1);
      for (const link of deepSeaLinks) expect(await page.getByTestId(`scheme-link-esco-${link.value}-isco08-6223`).count()).toBe(1);
      expect(await page.locator('[data-testid^="scheme-link-"]').count()).toBe(1 + deepSeaLinks.length);
      expect(await page.getByTestId('linking-diagram-text').textContent()).toContain(
        `ESCO ${boatmanLink!.label} ${boatmanLink!.name} is linked to ISCO-08 6222 Inland and Coastal Waters Fishery Workers (${boatmanLink!.relation})`,
      );

      // The translation step names the highlighted link.
      const example = await page.locator('[data-testid^="scheme-link-"][data-example="true"]').getAttribute('data-testid');
      const step = page.getByTestId('translation-step');
      await expectVisible(step);
      const exampleLink = [...escoLinks.values()].flat().find((link) => example!.includes(link.value))!;
      expect(await step.textContent()).toContain(`“${exampleLink.name}”`);
      for (const path of ['Direct:', 'Default to parent:', 'Two hops:']) expect(await step.textContent()).toContain(path);

      await expect.poll(() => drawnInFull(page), { timeout: 10_000 }).toBe(true);
      // Axe on the page at rest (the pointer off the toggle it just clicked); the shell is checked by accessibility.test.ts.
      await page.mouse.move(0, 0);
      expect(await seriousAccessibilityViolations(page, 'main')).toEqual([]);
      await screenshot(page, `learn-linking-${colorScheme}`);

      await toggle(page).click();
      await expect.poll(() => toggle(page).innerText()).toBe('Show Linking Diagram');
      await expectVisible(page.getByTestId('fishing-tree-drawing'));
      await context.close();
    }
  });

  it('draws both diagrams in full at once when the visitor asks for reduced motion', async () => {
    await waitForFisheryLinks();
    const { context, page } = await newPage(browser);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await recordPartialFrames(page);
    await page.goto(`${app.url}/learn`);
    await expectVisible(card(page, 'hisco-64100'));
    expect(await drawnInFull(page)).toBe(true);
    await toggle(page).click();
    await expectVisible(card(page, 'isco08-6223'), 20_000);
    expect(await drawnInFull(page)).toBe(true);
    const seen = await frames(page);
    expect(seen.drawn).toBeGreaterThan(0);
    expect(seen.partial).toBe(0);
    await context.close();
  });

  it('says the crosswalk is still loading until the links are there, then draws them', async () => {
    await waitForFisheryLinks();
    const { context, page } = await newPage(browser);
    const emptyLinks = (route: Route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ links: [] }) });
    await page.route('**/api/schemes/isco08/codes/*/links', emptyLinks);
    await page.goto(`${app.url}/learn`);
    await toggle(page).click();
    await expectVisible(page.getByText('The crosswalk is still loading'));
    expect(await page.getByTestId('linking-diagram-drawing').count()).toBe(0);
    await screenshot(page, 'learn-crosswalk-loading');

    // The links land: the page reads them again by itself and draws the diagram.
    await page.unroute('**/api/schemes/isco08/codes/*/links', emptyLinks);
    await expectVisible(page.getByTestId('linking-diagram-drawing'), 15_000);
    expect(await page.getByTestId('crosswalk-loading').count()).toBe(0);
    await context.close();
  });
});
