import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { startAppProcess } from '../e2e/support/app-process.js';
import { launchBrowser, logIn, newPage } from '../e2e/support/browser.js';
import type { BenchRow } from './bench-table.js';
import { censusColumns, defaultCensusPath, formatSize, generateCensus } from './census-generator.js';

const mib = 1024 ** 2;

/** How late a zero-delay timer fires on the page's own thread, in ms: what a click would wait. */
function timerLag(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const start = performance.now();
        setTimeout(() => resolve(performance.now() - start), 0);
      }),
  );
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

/** Picks an option of a Mantine Select by its text, unless it is chosen already (the wizard may pre-select it). */
async function chooseColumn(page: Page, testId: string, column: string): Promise<void> {
  const select = page.getByTestId(testId);
  if ((await select.inputValue()) === column) return;
  await select.click();
  await page.getByRole('option', { name: column, exact: true }).click();
}

/**
 * The upload wizard's responsiveness while its Web Worker reads a census-sized CSV for its
 * counts (Debian's Chromium against the built app): how late the page's timers fire while the
 * file is read, against the same probe on the idle page in the same run.
 */
export async function benchWizard(options: { bytes: number; seed?: number; log?: (line: string) => void }): Promise<BenchRow[]> {
  const log = options.log ?? ((line: string) => console.error(line));
  const seed = options.seed ?? 42;
  const file = await generateCensus({ bytes: options.bytes, seed, outPath: defaultCensusPath(options.bytes, seed), log });
  const app = await startAppProcess({ LOG_LEVEL: 'error' });
  const browser = await launchBrowser();
  try {
    const { page } = await newPage(browser);
    await page.goto(`${app.url}/datasets/upload`);
    await logIn(page, app.admin.username, app.admin.password, { waitClosed: true });
    await page.getByTestId('upload-wizard').waitFor();

    const idle: number[] = [];
    for (let probe = 0; probe < 50; probe++) {
      idle.push(await timerLag(page));
      await page.waitForTimeout(50);
    }

    log(`wizard bench: reading ${formatSize(file.bytes)} in the browser`);
    await page.getByTestId('wizard-file-input').setInputFiles(file.path);
    await chooseColumn(page, 'wizard-title-column', censusColumns.title);
    await chooseColumn(page, 'wizard-code-column', censusColumns.code);
    const started = performance.now();
    const reading: number[] = [];
    const counted = page.locator('[data-testid="wizard-counts"][data-done]');
    while ((await counted.count()) === 0) {
      reading.push(await timerLag(page));
      await page.waitForTimeout(50);
      if (performance.now() - started > 15 * 60_000) throw new Error('The wizard did not finish reading the file within 15 minutes');
    }
    const seconds = (performance.now() - started) / 1000;
    const rows = await page.getByTestId('wizard-count-rows').innerText();
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    return [
      { measure: 'File read in the browser', value: `${(file.bytes / mib / seconds).toFixed(1)} MB/s`, detail: `${formatSize(file.bytes)}, ${rows} rows counted in ${seconds.toFixed(1)} s (two columns chosen)` },
      { measure: 'Timer lag on the idle wizard page (baseline)', value: ms(Math.max(...idle)), detail: `worst of ${idle.length} probes; p95 ${ms(percentile(idle, 0.95))}` },
      {
        measure: 'Timer lag while the worker reads (the page stays usable)',
        value: ms(Math.max(...reading)),
        detail: `worst of ${reading.length} probes; p95 ${ms(percentile(reading, 0.95))}; worst / idle worst ${(Math.max(...reading) / Math.max(...idle, 0.1)).toFixed(1)}`,
      },
    ];
  } finally {
    await browser.close();
    await app.stop();
  }
}
