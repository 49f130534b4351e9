/**
 * The 95% Wilson score interval of a share (issue 30): how right the top prediction is, from the
 * entries an audit checked. Unlike the normal approximation it stays inside 0–1 and is honest
 * with few entries or a share near 0 or 1. Weighted samples use Kish's effective sample size,
 * n_eff = (Σw)² / Σw², in place of n.
 */

/** The normal quantile of a two-sided 95% interval. */
export const z95 = 1.959964;

/** An estimated share with its interval; all three null when nothing stands behind it (never NaN). */
export interface ShareInterval {
  estimate: number | null;
  low: number | null;
  high: number | null;
}

const none: ShareInterval = { estimate: null, low: null, high: null };

/** The Wilson interval of a share `p` observed over `n` (possibly effective, fractional) entries. */
export function wilsonOfShare(p: number, n: number, z = z95): ShareInterval {
  if (!(n > 0) || !Number.isFinite(p)) return none;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  // At a share of 0 or 1 the interval's bound is exactly 0 or 1 (rounding would leave a hair off it).
  return { estimate: p, low: p <= 0 ? 0 : Math.max(0, centre - half), high: p >= 1 ? 1 : Math.min(1, centre + half) };
}

/** The Wilson interval of `right` out of `checked`. */
export function wilsonInterval(right: number, checked: number, z = z95): ShareInterval {
  return checked > 0 ? wilsonOfShare(right / checked, checked, z) : none;
}

/** One checked entry: whether the top prediction was right, and how many units of the population it stands for. */
export interface WeightedCheck {
  correct: boolean;
  weight: number;
}

/** Kish's effective sample size of a set of weights: (Σw)² / Σw² (n when all weights are equal). */
export function effectiveSampleSize(weights: readonly number[]): number {
  let sum = 0;
  let squares = 0;
  for (const weight of weights) {
    sum += weight;
    squares += weight * weight;
  }
  return squares > 0 ? (sum * sum) / squares : 0;
}

/** The weighted share of right checks with its Wilson interval over Kish's effective sample size. */
export function weightedWilson(checks: readonly WeightedCheck[], z = z95): ShareInterval {
  let total = 0;
  let right = 0;
  for (const check of checks) {
    total += check.weight;
    if (check.correct) right += check.weight;
  }
  if (!(total > 0)) return none;
  return wilsonOfShare(right / total, effectiveSampleSize(checks.map((check) => check.weight)), z);
}
