import { launchBrowser, logIn, newPage } from '../e2e/support/browser.js';

/**
 * The review as a reviewer feels it, in Debian's Chromium against the bench's app: on a set's
 * unmapped entries, press 1 (the first prediction) and Enter (save and next), and time from the
 * Enter key to the next entry's title on screen (a frame after the DOM changed). Between saves the
 * page waits as a reviewer reads (the next entry is read ahead meanwhile, as on a real screen).
 */
export async function measureSaveToNext(options: { url: string; username: string; password: string; slug: string; saves: number; readMs: number }): Promise<number[]> {
  const browser = await launchBrowser();
  try {
    const { page } = await newPage(browser);
    await page.goto(`${options.url}/datasets/list`);
    await logIn(page, options.username, options.password, { waitClosed: true });
    await page.goto(`${options.url}/review/${encodeURIComponent(options.slug)}?filter=unmapped&threshold=0.75&order=file`);
    await page.getByTestId('entry-string').waitFor({ timeout: 30_000 });
    const timings: number[] = [];
    for (let save = 0; save < options.saves; save++) {
      await page.waitForTimeout(options.readMs);
      await page.keyboard.press('1');
      const shown = page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const before = document.querySelector('[data-testid="entry-string"]')?.textContent;
            let started = 0;
            window.addEventListener('keydown', (event) => event.key === 'Enter' && (started = performance.now()), { capture: true, once: true });
            const observer = new MutationObserver(() => {
              const now = document.querySelector('[data-testid="entry-string"]')?.textContent;
              if (!started || now === undefined || now === before) return;
              observer.disconnect();
              requestAnimationFrame(() => resolve(performance.now() - started));
            });
            observer.observe(document.body, { subtree: true, childList: true, characterData: true });
            setTimeout(() => reject(new Error('The next entry did not appear within 10 s')), 10_000);
          }),
      );
      await page.waitForTimeout(20);
      await page.keyboard.press('Enter');
      timings.push(await shown);
    }
    return timings;
  } finally {
    await browser.close();
  }
}

