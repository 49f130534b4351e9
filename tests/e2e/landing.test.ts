import pg from 'pg';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startAppProcess } from './support/app-process.js';
import { expectVisible, launchBrowser, newPage, screenshot } from './support/browser.js';

let app: AppProcess;
let browser: Browser;

/** The landing's numbers, read anonymously from the API once the seeded ESCO–ISCO-08 crosswalk has landed. */
let linkCount: number;
let escoIscoLinks: number;
let linkedPairs: { schemes: [string, string]; count: number }[];
let partners: { name: string; image: string; link: string }[];
let schemesWithoutCodes: string[];

async function read<T>(path: string): Promise<T> {
  const response = await fetch(`${app.url}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

const formatted = (count: number) => count.toLocaleString('en-US');
const networkSchemes = ['hisco', 'pst', 'pst2', 'psti', 'soc2020', 'isco08', 'onet', 'esco', 'occ1950', 'pcs2020', 'naf2', 'nace2'];

beforeAll(async () => {
  app = await startAppProcess();
  browser = await launchBrowser();
  // The seed imports the crosswalks in the background, as jobs (queued before the app answers): wait until they have finished.
  const db = new pg.Client({ connectionString: app.databaseUrl });
  await db.connect();
  try {
    for (const deadline = Date.now() + 300_000; ; ) {
      const { rows } = await db.query<{ id: string; state: string }>("SELECT id, state FROM job_runs WHERE starts_with(id, 'crosswalk.import-seed-')");
      if (rows.length && rows.every((row) => row.state === 'completed')) break;
      if (rows.some((row) => row.state === 'failed') || Date.now() > deadline) throw new Error(`The seeded crosswalks did not land: ${JSON.stringify(rows)}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } finally {
    await db.end();
  }
  ({ count: linkCount } = await read<{ count: number }>('/api/links/count'));
  ({ pairs: linkedPairs } = await read<{ pairs: { schemes: [string, string]; count: number }[] }>('/api/links/pairs'));
  escoIscoLinks = linkedPairs.find(({ schemes }) => [...schemes].sort().join('-') === 'esco-isco08')?.count ?? 0;
  ({ partners } = await read<{ partners: typeof partners }>('/api/site'));
  const { schemes } = await read<{ schemes: { id: string; codeCount: number }[] }>('/api/schemes');
  schemesWithoutCodes = networkSchemes.filter((id) => (schemes.find((scheme) => scheme.id === id)?.codeCount ?? 0) === 0);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Records every text the count shows, from the first frame on. */
async function recordCountFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { countFrames: string[] }).countFrames = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="mapping-count-value"]')?.textContent;
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}
const countFrames = (page: Page) => page.evaluate(() => (window as unknown as { countFrames: string[] }).countFrames);

/** Moves the mouse onto the middle of an edge's drawn line, as a visitor pointing at it would; answers where. */
async function hoverLine(page: Page, edge: Locator): Promise<{ x: number; y: number }> {
  await edge.scrollIntoViewIfNeeded();
  const line = edge.locator('path').last();
  const point = await line.evaluate((path: SVGPathElement) => {
    const middle = path.getPointAtLength(path.getTotalLength() / 2);
    const screen = middle.matrixTransform(path.getScreenCTM()!);
    return { x: screen.x, y: screen.y };
  });
  await page.mouse.move(point.x, point.y);
  return point;
}

/** The tooltip sits beside the line, not on the point the visitor is looking at. */
async function expectBeside(tooltip: Locator, point: { x: number; y: number }): Promise<void> {
  const box = (await tooltip.boundingBox())!;
  const covers = point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height;
  expect(covers, JSON.stringify({ box, point })).toBe(false);
}

describe('the landing, for an anonymous visitor', () => {
  it('counts up to the real number of mappings', async () => {
    expect(linkCount).toBeGreaterThan(1_000);
    const { context, page } = await newPage(browser);
    await recordCountFrames(page);
    await page.goto(app.url);
    const value = page.getByTestId('mapping-count-value');
    await expect.poll(() => value.textContent(), { timeout: 10_000 }).toBe(formatted(linkCount));
    const frames = await countFrames(page);
    // It started at 0 and went through numbers in between.
    expect(frames[0]).toBe('0');
    expect(frames.length, JSON.stringify(frames)).toBeGreaterThan(3);
    // Screen readers get the final number, never the frames.
    expect(await value.getAttribute('aria-hidden')).toBe('true');
    expect(await page.getByTestId('mapping-count').innerText()).toContain(formatted(linkCount));
    await context.close();
  });

  it('shows the final number at once when the visitor asks for reduced motion', async () => {
    const { context, page } = await newPage(browser);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await recordCountFrames(page);
    await page.goto(app.url);
    await expect.poll(() => page.getByTestId('mapping-count-value').textContent()).toBe(formatted(linkCount));
    expect(await countFrames(page)).toEqual([formatted(linkCount)]);
    // The edges are drawn in full from the start.
    const line = page.getByTestId('network-edge-esco-isco08').locator('path').last();
    expect(await line.evaluate((path) => getComputedStyle(path).strokeDashoffset)).toMatch(/^0(px)?$/);
    await context.close();
  });

  it('draws the network of schemes with the ESCO–ISCO08 edge, its count on hover and focus, and schemes without data as such', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page } = await newPage(browser, colorScheme);
      await page.goto(app.url);
      const network = page.getByTestId('scheme-network');
      await expectVisible(network);
      expect(await network.getAttribute('viewBox')).toBe('0 0 600 330');
      for (const scheme of networkSchemes) await expectVisible(page.getByTestId(`network-node-${scheme}`));

      // Every seeded crosswalk is an edge with its count, and the count above is all of them.
      const seededEdges = ['esco-isco08', 'esco-onet', 'hisco-occ1950', 'isco08-soc2020', 'nace2-naf2'];
      for (const id of seededEdges) {
        const pair = linkedPairs.find(({ schemes }) => [...schemes].sort().join('-') === id);
        expect(pair?.count, id).toBeGreaterThan(0);
        expect(Number(await page.getByTestId(`network-edge-${id}`).getAttribute('data-count')), id).toBe(pair!.count);
      }
      expect(linkCount).toBe(linkedPairs.reduce((sum, pair) => sum + pair.count, 0));

      const edge = page.getByTestId('network-edge-esco-isco08');
      await expectVisible(edge);
      expect(Number(await edge.getAttribute('data-count'))).toBe(escoIscoLinks);
      expect(await edge.getAttribute('aria-label')).toBe(`ISCO08 – ESCO: ${formatted(escoIscoLinks)} links`);

      // Schemes without codes are drawn muted, named so, and connected to nothing.
      expect(schemesWithoutCodes.length).toBeGreaterThan(0);
      for (const scheme of schemesWithoutCodes) {
        const node = page.getByTestId(`network-node-${scheme}`);
        expect(await node.getAttribute('data-has-data')).toBe('false');
        expect(await node.getAttribute('aria-label')).toMatch(/no data yet$/);
        const edgeEnds = await page.locator('g[data-testid^="network-edge-"]').evaluateAll((edges) =>
          edges.flatMap((edge) => edge.getAttribute('data-testid')!.replace('network-edge-', '').split('-')),
        );
        expect(edgeEnds).not.toContain(scheme);
      }
      await expectVisible(page.getByTestId('legend-no-data'));
      await page.waitForTimeout(1_500); // the count-up and the edges have finished
      await screenshot(page, `landing-${colorScheme}`);

      // Hovering the edge shows its count.
      const tooltip = page.getByTestId('network-edge-tooltip');
      expect(await tooltip.count()).toBe(0);
      const pointed = await hoverLine(page, edge);
      await expectVisible(tooltip);
      await expectBeside(tooltip, pointed);
      expect(await tooltip.innerText()).toContain(`${formatted(escoIscoLinks)} links`);
      expect(await tooltip.innerText()).toContain('ISCO08 – ESCO');
      await screenshot(page, `landing-edge-hover-${colorScheme}`);
      await page.mouse.move(5, 5);
      await tooltip.waitFor({ state: 'detached' });

      // So does reaching it with the keyboard.
      await page.getByTestId('mapping-count').click();
      let focused = '';
      for (let presses = 0; presses < 40 && focused !== 'network-edge-esco-isco08'; presses++) {
        await page.keyboard.press('Tab');
        focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
      }
      expect(focused).toBe('network-edge-esco-isco08');
      await expectVisible(tooltip);
      expect(await tooltip.innerText()).toContain(`${formatted(escoIscoLinks)} links`);

      // On a phone the diagram scales down with the page instead of overflowing it.
      await page.setViewportSize({ width: 390, height: 844 });
      // (The shell's sidebar slides away first.)
      const overflowing = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
            .map((element) => element.getAttribute('data-testid') ?? element.tagName),
        );
      await expect.poll(overflowing).toEqual([]);
      await screenshot(page, `landing-phone-${colorScheme}`);
      await context.close();
    }
  });

  it('draws every linked pair, widest first, one edge springing in 50 ms after the other', async () => {
    // A richer graph than the seed's one crosswalk: pairs read from a stand-in answer, beside the real schemes.
    const pairs = [
      { schemes: ['esco', 'isco08'], count: escoIscoLinks },
      { schemes: ['isco08', 'soc2020'], count: 410 },
      { schemes: ['hisco', 'occ1950'], count: 1_200 },
      { schemes: ['onet', 'soc2020'], count: 950 },
      { schemes: ['naf2', 'pcs2020'], count: 35 },
      { schemes: ['hisco', 'pst2'], count: 7 },
      { schemes: ['nace2.1', 'naf2'], count: 600 }, // NACE 2.1 is not on the diagram
      { schemes: ['hisco', 'pst'], count: 90 }, // PST has no codes yet
    ];
    const { context, page } = await newPage(browser);
    await page.route('**/api/links/pairs', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ pairs }) }));
    await page.addInitScript(() => {
      const started: Record<string, number> = {};
      (window as unknown as { edgeStarts: Record<string, number> }).edgeStarts = started;
      const watch = () => {
        for (const edge of document.querySelectorAll('g[data-testid^="network-edge-"]')) {
          const id = edge.getAttribute('data-testid')!;
          const line = edge.querySelector('path:last-of-type')!;
          if (started[id] === undefined && Number.parseFloat(getComputedStyle(line).strokeDashoffset) < 0.98) started[id] = performance.now();
        }
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    await page.goto(app.url);
    const widestFirst = ['esco-isco08', 'hisco-occ1950', 'onet-soc2020', 'isco08-soc2020', 'naf2-pcs2020', 'hisco-pst2'].map((id) => `network-edge-${id}`);
    const edges = page.locator('g[data-testid^="network-edge-"]');
    await expect.poll(() => edges.count()).toBe(widestFirst.length);
    expect(await edges.evaluateAll((found) => found.map((edge) => edge.getAttribute('data-testid')))).toEqual(widestFirst);

    // Wider for more links.
    const widths = await edges.evaluateAll((found) => found.map((edge) => Number(edge.querySelector('path:last-of-type')!.getAttribute('stroke-width'))));
    expect(widths).toEqual([...widths].sort((a, b) => b - a));
    expect(widths[0]).toBeGreaterThan(widths[widths.length - 1]! * 2);

    // Each starts after the one before it, not all at once. How far apart is not timed here: frames
    // clump on a busy machine; the 50 ms stagger itself is the diagram's (network-diagram.tsx, edgeStagger).
    await expect.poll(() => page.evaluate(() => Object.keys((window as unknown as { edgeStarts: object }).edgeStarts).length)).toBe(widestFirst.length);
    const starts = await page.evaluate(() => (window as unknown as { edgeStarts: Record<string, number> }).edgeStarts);
    const times = widestFirst.map((id) => starts[id]!);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[times.length - 1]!).toBeGreaterThan(times[0]!);

    await page.waitForTimeout(1_500);
    const pointed = await hoverLine(page, page.getByTestId('network-edge-onet-soc2020'));
    await expectVisible(page.getByTestId('network-edge-tooltip'));
    await expectBeside(page.getByTestId('network-edge-tooltip'), pointed);
    // The pointed-at edge stands out; the others step back.
    const opacities = () =>
      edges.evaluateAll((found) => found.map((edge) => `${edge.getAttribute('data-testid')} ${getComputedStyle(edge.querySelector('path:last-of-type')!).opacity}`));
    await expect.poll(opacities).toEqual(widestFirst.map((id) => `${id} ${id === 'network-edge-onet-soc2020' ? 1 : 0.25}`));
    expect(await page.getByTestId('network-edge-tooltip').innerText()).toContain('950 links');
    await screenshot(page, 'landing-many-crosswalks-light');
    await context.close();
  });

  it('shows the configured partners’ logos as links to their sites', async () => {
    expect(partners.length).toBe(4);
    const { context, page } = await newPage(browser);
    await page.goto(app.url);
    const logos = page.getByTestId('partner-logo');
    await expect.poll(() => logos.count()).toBe(partners.length);
    for (const [index, partner] of partners.entries()) {
      const logo = logos.nth(index);
      expect(await logo.getAttribute('href')).toBe(partner.link);
      const image = logo.locator('img');
      expect(await image.getAttribute('alt')).toBe(partner.name);
      expect(await image.getAttribute('src')).toBe(partner.image);
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    await context.close();
  });

  it('keeps the page working, with a quiet message, when a read fails', async () => {
    const { context, page } = await newPage(browser);
    await page.route('**/api/links/pairs', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await page.route('**/api/site', (route) => route.abort());
    await page.goto(app.url);
    await expectVisible(page.getByTestId('scheme-network-error'), 20_000);
    await expectVisible(page.getByTestId('partners-error'), 20_000);
    await expect.poll(() => page.getByTestId('mapping-count-value').textContent()).toBe(formatted(linkCount));
    await expectVisible(page.getByTestId('about'));
    await screenshot(page, 'landing-read-failed-light');
    await context.close();
  });
});
