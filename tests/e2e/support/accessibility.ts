import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { transitionsEnded } from './browser.js';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules, and axe's best practices) on the page as it is now
 * (or only on the elements matching `within`) and answers its serious and critical violations,
 * one line each with the elements concerned.
 */
export async function seriousAccessibilityViolations(page: Page, within?: string): Promise<string[]> {
  await transitionsEnded(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (within) => {
    const axe = (window as unknown as { axe: { run(context: Document | { include: string[] }, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(within ? { include: [within] } : document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
    return result.violations;
  }, within);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 4)
          .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 140)}${node.failureSummary ? ` [${node.failureSummary.split('\n').slice(1).join(' ').slice(0, 160)}]` : ''}`)
          .join(' | ')}${violation.nodes.length > 4 ? ` and ${violation.nodes.length - 4} more` : ''}`,
    );
}
