import type { PredictionSetCoverage } from '@og/shared/contracts/predictions';

/** The share (0 to 1) of the dataset's people covered: mapped, or left to the model at or above the threshold. */
export function coveredShare(coverage: Pick<PredictionSetCoverage, 'total' | 'mapped' | 'aboveThreshold'>): number | null {
  if (coverage.total <= 0) return null;
  return Math.min(1, (coverage.mapped + coverage.aboveThreshold) / coverage.total);
}

/** A share as the review writes it: one decimal ('95.2%'), never rounded up to a goal not yet met. */
export function percentText(share: number): string {
  return `${(Math.floor(share * 1000) / 10).toFixed(1)}%`;
}

/** Whether the review has reached its goal. */
export function goalReached(share: number | null, goal: number | null | undefined): boolean {
  return share !== null && goal != null && share >= goal;
}

/** A goal typed in per cent (e.g. '95' or '95.5%') as a share, or null when the field is empty; undefined when it is no goal. */
export function goalFromPercent(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/%$/, '').trim();
  if (trimmed === '') return null;
  const number = Number(trimmed);
  return Number.isFinite(number) && number > 0 && number <= 100 ? Math.round(number * 10) / 1000 : undefined;
}
