import type { BenchRow } from './bench-table.js';
import { startAppProcess } from '../e2e/support/app-process.js';
import { launchBrowser, newPage } from '../e2e/support/browser.js';

/** The landing's budget: an anonymous first visit downloads at most this much compressed JavaScript before the landing is interactive. */
export const landingScriptBudgetBytes = 200 * 1024;

interface Download {
  url: string;
  bytes: number;
  encoding: string;
}

/**
 * An anonymous first visit of the landing in Debian's Chromium (empty cache), against the built
 * app as `npm start` serves it: every script downloaded until the network is idle (the count and
 * the network drawn, so an upper bound of "before the landing is interactive"), by its bytes on
 * the wire (compressed as the server sent it). Explore and Learn are measured the same way.
 */
export async function benchLanding(): Promise<{ rows: BenchRow[]; landingBytes: number }> {
  const app = await startAppProcess({ LOG_LEVEL: 'error' });
  const browser = await launchBrowser();
  try {
    const rows: BenchRow[] = [];
    let landingBytes = 0;
    for (const [name, path] of [['landing', '/'], ['Explore', '/explore'], ['Learn', '/learn']] as const) {
      const { context, page } = await newPage(browser);
      const scripts: Promise<Download>[] = [];
      page.on('requestfinished', (request) => {
        if (request.resourceType() !== 'script') return;
        scripts.push(
          Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => ({
            url: request.url(),
            bytes: sizes.responseBodySize,
            encoding: response?.headers()['content-encoding'] ?? 'identity',
          })),
        );
      });
      await page.goto(`${app.url}${path}`, { waitUntil: 'networkidle' });
      const downloads = await Promise.all(scripts);
      const bytes = downloads.reduce((sum, download) => sum + download.bytes, 0);
      const encodings = [...new Set(downloads.map((download) => download.encoding))].join(', ');
      if (name === 'landing') landingBytes = bytes;
      rows.push({
        measure: `${name}: compressed JavaScript of an anonymous first visit`,
        value: `${(bytes / 1024).toFixed(1)} KB`,
        detail: `${downloads.length} scripts (${encodings})${name === 'landing' ? `; target ≤ ${landingScriptBudgetBytes / 1024} KB: ${bytes <= landingScriptBudgetBytes ? 'met' : 'MISSED'}` : ''}`,
      });
      await context.close();
    }
    return { rows, landingBytes };
  } finally {
    await browser.close();
    await app.stop();
  }
}
