import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import type { PlannedEntry, ReviewFlow } from './review-set.js';
import { type ExpectedState, timedKey, treeOptions } from './screen-probe.js';

/** One entry coded by the scripted reviewer. */
export interface CodedEntry {
  string: string;
  flow: ReviewFlow;
  /** Keys pressed for it, each typed character one. */
  keys: number;
  /** The screen's time answering them: each key to its expected state painted, and any wait past the reading pause. */
  uiMs: number;
  /** Entries the save mapped (the entry and those ticked beside it). */
  mapped: number;
  /** The Enter that saved it to the next entry's title painted. */
  saveToNextMs: number;
  /** Whether the code was found as the best match of the words first typed (tree and no-prediction flows). */
  firstMatch?: boolean;
}

export interface ScriptedReview {
  coded: CodedEntry[];
  /** Entries the reviewer could not code by keyboard, with why. */
  failures: { string: string; flow: ReviewFlow; error: string }[];
}

/** How many ↓ a reviewer presses to reach the right code before typing the code itself instead. */
const maxArrowDowns = 10;

const entryString = (page: Page) => page.getByTestId('entry-string').innerText();

/**
 * The reviewer of issue 29, by keyboard alone: reads each entry (a pause the screen's time leaves
 * out), then codes it by the flow its plan says, checking what the screen shows as a reviewer
 * would (the highlighted match, the similar entries listed) and pressing ↓ or typing more when the
 * screen does not offer the right code first. Every key is timed to the state it should bring.
 */
export async function reviewByKeyboard(page: Page, plans: ReadonlyMap<string, PlannedEntry>, options: { entries: number; readMs: number; log?: (line: string) => void }): Promise<ScriptedReview> {
  const coded: CodedEntry[] = [];
  const failures: ScriptedReview['failures'] = [];
  const skipped = new Set<string>();
  while (coded.length < options.entries) {
    const string = await entryString(page);
    const plan = plans.get(string);
    if (!plan || skipped.has(string)) {
      if (!plan) throw new Error(`The review showed an entry the bench did not upload: ${string}`);
      // An entry the reviewer gave up on: pass it.
      await timedKey(page, 'ArrowRight', { kind: 'entry-changed', from: string });
      continue;
    }
    await page.waitForTimeout(options.readMs);
    const entry = new EntryRun(page, plan);
    try {
      coded.push(await entry.code(plans));
    } catch (error) {
      failures.push({ string, flow: plan.flow, error: (error as Error).message.split('\n')[0]! });
      skipped.add(string);
      options.log?.(`  could not code '${string}' (${plan.flow}): ${(error as Error).message.split('\n')[0]}`);
      await page.keyboard.press('Escape');
      await page.locator('body').click({ position: { x: 2, y: 2 } });
    }
    if (options.log && coded.length % 50 === 0 && coded.length > 0) options.log(`  ${coded.length} entries coded by keyboard`);
  }
  return { coded, failures };
}

/** The keys of one entry and the screen's time answering them. */
class EntryRun {
  keys = 0;
  uiMs = 0;

  constructor(
    private readonly page: Page,
    private readonly plan: PlannedEntry,
  ) {}

  private async key(key: string, expected: ExpectedState, options: { type?: boolean } = {}): Promise<number> {
    this.keys += 1;
    const ms = await timedKey(this.page, key, expected, options);
    this.uiMs += ms;
    return ms;
  }

  /** A wait for the screen past the reading pause (what it still had to show when the reviewer was ready), counted as its time. */
  private async waitFor(what: () => Promise<unknown>): Promise<void> {
    const started = performance.now();
    await what();
    this.uiMs += performance.now() - started;
  }

  /** Types into the focused tree search, the last character timed to its results shown. */
  private async type(text: string, before: string[]): Promise<void> {
    this.keys += text.length - 1;
    if (text.length > 1) await this.page.keyboard.type(text.slice(0, -1));
    await this.key(text.slice(-1), { kind: 'results', typed: text, before }, { type: true });
  }

  /** Brings the right code to the highlight: ↓ when it is listed near the top, else its code typed over the words. */
  private async reachCode(typed: string): Promise<void> {
    const code = this.plan.code;
    let shown = await treeOptions(this.page);
    let at = shown.values.indexOf(code);
    if (at < 0 || at > maxArrowDowns) {
      this.keys += 1;
      await this.page.keyboard.press('ControlOrMeta+A');
      await this.type(code, shown.values);
      shown = await treeOptions(this.page);
      at = shown.values.indexOf(code);
      if (at < 0) throw new Error(`code ${code} not found in the tree search by its words '${typed}' nor by itself`);
    }
    const from = shown.values.indexOf(shown.highlighted ?? '');
    for (let index = from + 1; index <= at; index++) await this.key('ArrowDown', { kind: 'highlighted', value: shown.values[index]! });
  }

  /** The highlighted code picked, added, and the entry saved: Enter, Enter, Enter. */
  private async pickAddSave(): Promise<number> {
    await this.key('Enter', { kind: 'tree-focused' });
    await this.key('Enter', { kind: 'chosen-node', uri: `hisco:${this.plan.code}` });
    return this.key('Enter', { kind: 'entry-changed', from: this.plan.entry.string });
  }

  async code(plans: ReadonlyMap<string, PlannedEntry>): Promise<CodedEntry> {
    const { page, plan } = this;
    const result = (saveToNextMs: number, mapped = 1, firstMatch?: boolean): CodedEntry => ({ string: plan.entry.string, flow: plan.flow, keys: this.keys, uiMs: this.uiMs, mapped, saveToNextMs, firstMatch });
    switch (plan.flow) {
      case 'accept':
        await this.key('1', { kind: 'prediction-chosen', index: 0 });
        return result(await this.key('Enter', { kind: 'entry-changed', from: plan.entry.string }));
      case 'tree': {
        await this.key('t', { kind: 'tree-search-focused' });
        await this.type(plan.words, (await treeOptions(page)).values);
        const firstMatch = (await treeOptions(page)).highlighted === plan.code;
        await this.reachCode(plan.words);
        return result(await this.pickAddSave(), 1, firstMatch);
      }
      case 'none': {
        // The tree opens searched with the title's words, its best match highlighted (or none found).
        await this.waitFor(() =>
          page.waitForFunction(() => {
            const input = document.querySelector<HTMLInputElement>('input[data-testid="review-tree-search"]');
            if (input === null || input !== document.activeElement || input.value === '') return false;
            const dropdown = document.querySelector('[data-testid="review-tree-search-dropdown"]');
            return document.querySelector('[data-testid^="review-tree-search-option-"][data-combobox-selected]') !== null || (dropdown?.textContent ?? '').includes('No code matches');
          }, undefined, { timeout: 10_000 }),
        );
        // A moment for the debounced search to settle on the title's words.
        await page.waitForTimeout(200);
        const shown = await treeOptions(page);
        const firstMatch = shown.highlighted === plan.code;
        if (!firstMatch) {
          await this.type(plan.words, shown.values);
          await this.reachCode(plan.words);
        }
        return result(await this.pickAddSave(), 1, firstMatch);
      }
      case 'similar': {
        await this.key('1', { kind: 'prediction-chosen', index: 0 });
        await this.waitFor(() => page.locator('[data-testid="similar-entry"], [data-testid="no-similar-entries"]').first().waitFor({ timeout: 10_000 }));
        const shown = await page.getByTestId('similar-entry').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-string')!));
        let ticked = 0;
        if (shown.length > 0) {
          await this.key('a', { kind: 'ticked', count: shown.length });
          ticked = shown.length;
          // Entries listed that are not the same thing are unticked in the list: into it (as Tab would), ↓ to each, Space.
          const wrong = shown.filter((other) => plans.get(other)?.code !== plan.code);
          if (wrong.length > 0) {
            this.keys += 1;
            await page.getByRole('checkbox', { name: `Tick ${shown[0]}`, exact: true }).focus();
            let at = 0;
            for (const other of wrong) {
              const target = shown.indexOf(other);
              for (; at < target; at++) await this.key('ArrowDown', { kind: 'similar-focused', string: shown[at + 1]! });
              ticked -= 1;
              await this.key('Space', { kind: 'ticked', count: ticked });
            }
          }
        }
        return result(await this.key('Enter', { kind: 'entry-changed', from: plan.entry.string }), 1 + ticked);
      }
    }
  }
}
