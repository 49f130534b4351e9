import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with the flags this closed network needs. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const artifactsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../artifacts/screenshots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Console lines of the built app saying an API answer did not match its shared contract (web/src/lib/api-contract.ts). */
const contractDrifts: string[] = [];

/** The contract drifts logged by any page since the last call; the e2e setup fails a test that leaves any. */
export function takeContractDrifts(): string[] {
  return contractDrifts.splice(0);
}

/** Content-Security-Policy violations reported by any page (or its workers) since the last call. */
const policyViolations: string[] = [];

/** The CSP violations any page reported since the last call; the e2e setup fails a test that leaves any. */
export function takePolicyViolations(): string[] {
  return policyViolations.splice(0);
}

/**
 * Runs in every page before its own scripts, and in each worker once it has started: each
 * `securitypolicyviolation` event (a script, style, image or connection the policy blocked) is
 * logged as one console line the listeners below collect.
 */
const reportPolicyViolations = () => {
  globalThis.addEventListener('securitypolicyviolation', (event) => {
    console.error(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber} (${event.disposition})`);
  });
};

/** Chromium's own console line for anything a policy blocked, or the init script's. */
function notePolicyViolation(where: string, text: string): void {
  if (text.startsWith('CSP violation') || text.includes('Content Security Policy')) policyViolations.push(`${where}: ${text}`);
}

export async function newPage(browser: Browser, colorScheme: 'light' | 'dark' = 'light'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme });
  await context.addInitScript(reportPolicyViolations);
  // Every page of the context, and each page's workers (whose policy comes with their script;
  // Chromium logs their blocked loads nowhere Playwright sees, so they report the events themselves).
  context.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && text.startsWith('API contract drift')) contractDrifts.push(text);
    notePolicyViolation(message.page()?.url() ?? '(no page)', text);
  });
  context.on('page', (page) =>
    page.on('worker', (worker) => {
      worker.on('console', (message) => notePolicyViolation(worker.url(), message.text()));
      worker.evaluate(reportPolicyViolations).catch(() => undefined); // a worker may be gone already
    }),
  );
  const page = await context.newPage();
  return { context, page };
}

/** Saves a full-page screenshot as a test artefact (tests/artifacts/screenshots/NAME.png). */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await transitionsEnded(page);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Fills the login modal and submits it; with `waitClosed`, waits until the modal has gone (a successful login). */
export async function logIn(page: Page, username: string, password: string, options: { waitClosed?: boolean } = {}): Promise<void> {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  if (options.waitClosed) await page.getByTestId('login-modal').waitFor({ state: 'detached' });
}

/**
 * Waits for an element to be shown. Menus, modals and their contents mount a frame or two after
 * the click that opens them, so reading `isVisible()` at once races the page.
 */
export async function expectVisible(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
}

/** After each test: a test that failed with a dialog open must not take the next one down with it. */
export async function closeLeftoverDialog(page: Page | undefined): Promise<void> {
  if (!page || (await page.getByRole('dialog').count()) === 0) return;
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
}

/** The longest a screenshot or a check waits for the page's transitions: a modal fades in within a few hundred milliseconds. */
const maxTransitionMs = 3_000;

/**
 * Waits until the page's transitions and finite animations have ended (at most maxTransitionMs):
 * mid-transition (a modal fading in, a row's hover) a screenshot shows, and axe reads, colours
 * that are blends the settled page never shows. Endless animations (a loader) are not waited for.
 */
export async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(
    (maxMs) =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, maxMs)),
      ]),
    maxTransitionMs,
  );
}
