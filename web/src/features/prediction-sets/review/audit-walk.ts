import type { AccuracyEstimateAnswer, AuditDetail } from '@og/shared/contracts/audits';

type AuditEntry = AuditDetail['entries'][number];

/** How many of an audit's entries are answered. */
export function answeredCount(entries: readonly AuditEntry[]): number {
  return entries.filter((entry) => entry.correct !== null).length;
}

/**
 * The audit entry to check after `current`: the next unanswered one in the audit's order,
 * going round to the start; null when all are answered. With no current entry, the first unanswered.
 */
export function nextUnanswered(entries: readonly AuditEntry[], current: string | null): string | null {
  const start = current === null ? -1 : entries.findIndex((entry) => entry.string === current);
  for (let step = 1; step <= entries.length; step += 1) {
    const candidate = entries[(start + step + entries.length) % entries.length]!;
    if (candidate.correct === null && candidate.string !== current) return candidate.string;
  }
  return null;
}

/** The audit entry before or after `current` in the audit's order (answered or not), or null at either end. */
export function auditNeighbour(entries: readonly AuditEntry[], current: string | null, step: 1 | -1): string | null {
  const index = entries.findIndex((entry) => entry.string === current);
  if (index < 0) return null;
  return entries[index + step]?.string ?? null;
}

/** The audit with one entry's answer recorded (what the screen shows before the server answers). */
export function withAnswer(audit: AuditDetail, string: string, correct: boolean): AuditDetail {
  return { ...audit, entries: audit.entries.map((entry) => (entry.string === string ? { ...entry, correct } : entry)) };
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** An estimate in words: '≈ 96% right, 92–98%, on 140 checked entries', or null when nothing is checked. */
export function estimateWords(estimate: AccuracyEstimateAnswer, unit = 'entries'): string | null {
  if (estimate.checked === 0 || estimate.estimate === null) return null;
  const interval = estimate.low !== null && estimate.high !== null ? `, ${Math.round(estimate.low * 100)}–${percent(estimate.high)}` : '';
  const what = estimate.checked === 1 && unit === 'entries' ? 'entry' : unit;
  return `≈ ${percent(estimate.estimate)} right${interval}, on ${estimate.checked.toLocaleString('en')} checked ${what}`;
}

/** Fewer checked entries than this behind an estimate: the bulk-accept dialog warns. */
export const fewCheckedEntries = 30;
