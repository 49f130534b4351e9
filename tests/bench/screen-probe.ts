import type { BrowserContext, Page } from 'playwright-core';

/** A state of the review screen that answers a key (issue 29's keyboard review). */
export type ExpectedState =
  /** The n-th prediction is chosen. */
  | { kind: 'prediction-chosen'; index: number }
  /** The tree's search field has the focus. */
  | { kind: 'tree-search-focused' }
  /** The tree search shows the results of `typed`: its field holds it, and a list other than `before` has its best match highlighted. */
  | { kind: 'results'; typed: string; before: string[] }
  /** The tree search highlights this code. */
  | { kind: 'highlighted'; value: string }
  /** The tree has the focus (a code picked in the search). */
  | { kind: 'tree-focused' }
  /** The code is among the entry's chosen ones. */
  | { kind: 'chosen-node'; uri: string }
  /** Another entry's title is on screen. */
  | { kind: 'entry-changed'; from: string }
  /** So many of 'Similar entries' are ticked. */
  | { kind: 'ticked'; count: number }
  /** The focus is on this similar entry's box. */
  | { kind: 'similar-focused'; string: string };

/**
 * Esbuild (tsx) names the functions it compiles with a helper of its own; functions Playwright
 * sends into the page carry the calls, so the page is given a helper that does nothing.
 */
export async function allowCompiledFunctions(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((fn) => fn);' });
}

/**
 * Arms the page: from the next key down (captured before the screen sees it) to the first frame
 * painted after the expected state is on screen. Checked on every change of the DOM, on focus moves
 * and once a frame, so a state that needs no DOM change (the focus) is seen too.
 */
async function arm(page: Page, expected: ExpectedState): Promise<void> {
  await page.evaluate((expected) => {
    const met = (): boolean => {
      const active = document.activeElement as HTMLElement | null;
      switch (expected.kind) {
        case 'prediction-chosen':
          return document.querySelectorAll('[data-testid="prediction"]')[expected.index]?.hasAttribute('data-chosen') ?? false;
        case 'tree-search-focused':
          return active?.getAttribute('data-testid') === 'review-tree-search';
        case 'results': {
          const input = document.querySelector<HTMLInputElement>('input[data-testid="review-tree-search"]');
          const options = [...document.querySelectorAll<HTMLElement>('[data-testid^="review-tree-search-option-"]')];
          const values = options.map((option) => option.dataset.testid!.slice('review-tree-search-option-'.length));
          return input?.value === expected.typed && values.length > 0 && values.join('\n') !== expected.before.join('\n') && options.some((option) => option.hasAttribute('data-combobox-selected'));
        }
        case 'highlighted':
          return document.querySelector(`[data-testid="review-tree-search-option-${CSS.escape(expected.value)}"]`)?.hasAttribute('data-combobox-selected') ?? false;
        case 'tree-focused':
          return active?.closest('[role="tree"]') !== null && active?.closest('[role="tree"]') !== undefined;
        case 'chosen-node':
          return document.querySelector(`[data-testid="chosen-node"][data-uri="${CSS.escape(expected.uri)}"]`) !== null;
        case 'entry-changed': {
          const text = document.querySelector('[data-testid="entry-string"]')?.textContent;
          return text !== undefined && text !== null && text !== expected.from;
        }
        case 'ticked':
          return document.querySelectorAll('[data-testid="similar-entry"][data-ticked]').length === expected.count;
        case 'similar-focused':
          return active?.getAttribute('aria-label') === `Tick ${expected.string}`;
      }
    };
    const probe = window as unknown as { __reviewProbe?: Promise<number> };
    probe.__reviewProbe = new Promise<number>((resolve, reject) => {
      let started = 0;
      let done = false;
      const check = () => {
        if (done || !started || !met()) return;
        done = true;
        observer.disconnect();
        document.removeEventListener('focusin', check, true);
        requestAnimationFrame(() => resolve(performance.now() - started));
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      document.addEventListener('focusin', check, true);
      window.addEventListener(
        'keydown',
        () => {
          started = performance.now();
          check();
          const everyFrame = () => {
            if (done) return;
            check();
            requestAnimationFrame(everyFrame);
          };
          requestAnimationFrame(everyFrame);
        },
        { capture: true, once: true },
      );
      setTimeout(() => {
        if (done) return;
        done = true;
        observer.disconnect();
        reject(new Error(`The screen did not reach ${JSON.stringify(expected)} within 10 s`));
      }, 10_000);
    });
    // Awaited later: a rejection before then is not an unhandled one.
    probe.__reviewProbe.catch(() => undefined);
  }, expected);
}

/** Presses a key (or types a character) and returns the milliseconds from its key down to the expected state painted. */
export async function timedKey(page: Page, key: string, expected: ExpectedState, options: { type?: boolean } = {}): Promise<number> {
  await arm(page, expected);
  if (options.type) await page.keyboard.type(key);
  else await page.keyboard.press(key);
  return page.evaluate(() => (window as unknown as { __reviewProbe: Promise<number> }).__reviewProbe);
}

/** The tree search's options in the order shown, and the highlighted one. */
export function treeOptions(page: Page): Promise<{ values: string[]; highlighted: string | null; value: string; focused: boolean }> {
  return page.evaluate(() => {
    const options = [...document.querySelectorAll<HTMLElement>('[data-testid^="review-tree-search-option-"]')];
    const values = options.map((option) => option.dataset.testid!.slice('review-tree-search-option-'.length));
    const highlighted = options.find((option) => option.hasAttribute('data-combobox-selected'));
    const input = document.querySelector<HTMLInputElement>('input[data-testid="review-tree-search"]');
    return {
      values,
      highlighted: highlighted ? highlighted.dataset.testid!.slice('review-tree-search-option-'.length) : null,
      value: input?.value ?? '',
      focused: input !== null && input === document.activeElement,
    };
  });
}
