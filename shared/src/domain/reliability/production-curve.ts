import { bandOf, confidenceBands } from './confidence-bands.js';
import { type ShareInterval, weightedWilson } from './wilson.js';

/**
 * An audit's estimates (issue 30): the top prediction's accuracy overall, per confidence band
 * and above each threshold of the production curve, from the entries the audits checked, each
 * weighted by how many entries (or people) of the set it stands for.
 */

/** One entry an audit drew: its audit, band, best confidence, weight (units it stands for) and answer (null: not answered yet). */
export interface AuditedEntry {
  audit: string;
  band: number;
  confidence: number;
  weight: number;
  correct: boolean | null;
}

/** An answered entry with the weight the estimates use. */
export interface CheckedEntry {
  confidence: number;
  correct: boolean;
  weight: number;
}

/**
 * The answered entries, each weight scaled by drawn ÷ answered of its audit's band, so an audit
 * answered in part still stands for its whole band (the entries are offered in random order,
 * so those answered are a random part of those drawn).
 */
export function checkedEntries(entries: readonly AuditedEntry[]): CheckedEntry[] {
  const drawn = new Map<string, number>();
  const answered = new Map<string, number>();
  const key = (entry: AuditedEntry) => `${entry.band} ${entry.audit}`;
  for (const entry of entries) {
    drawn.set(key(entry), (drawn.get(key(entry)) ?? 0) + 1);
    if (entry.correct !== null) answered.set(key(entry), (answered.get(key(entry)) ?? 0) + 1);
  }
  return entries
    .filter((entry) => entry.correct !== null)
    .map((entry) => ({ confidence: entry.confidence, correct: entry.correct!, weight: (entry.weight * drawn.get(key(entry))!) / answered.get(key(entry))! }));
}

/** An estimate with the entries behind it: how many were checked and how many of those were right (unweighted). */
export interface AccuracyEstimate extends ShareInterval {
  checked: number;
  right: number;
}

export function estimateAccuracy(checks: readonly CheckedEntry[]): AccuracyEstimate {
  return { checked: checks.length, right: checks.filter((check) => check.correct).length, ...weightedWilson(checks) };
}

export interface BandEstimate extends AccuracyEstimate {
  from: number;
  to: number;
}

export function bandEstimates(checks: readonly CheckedEntry[]): BandEstimate[] {
  return confidenceBands.map((band, index) => ({ from: band.from, to: band.to, ...estimateAccuracy(checks.filter((check) => bandOf(check.confidence) === index)) }));
}

/** The curve's thresholds 0.00, 0.05, …, 1.00 (each the double nearest its decimal). */
export const curveThresholds: readonly number[] = Array.from({ length: 21 }, (_, step) => (step * 5) / 100);

/**
 * The accuracy of the top prediction over the entries whose best confidence is at least
 * `confidence`, compared in single precision as the stored confidences (PostgreSQL `real`) are
 * compared by the counts and by a bulk acceptance at that confidence.
 */
export function estimateAt(checks: readonly CheckedEntry[], confidence: number): AccuracyEstimate {
  const edge = Math.fround(confidence);
  return estimateAccuracy(checks.filter((check) => Math.fround(check.confidence) >= edge));
}

export interface CurvePoint extends AccuracyEstimate {
  threshold: number;
  /** The share of the set (entries or people) whose best confidence is at least the threshold: what accepting at it would code. */
  share: number;
}

/**
 * The production curve: at each threshold, the share of the population coded automatically
 * (`above[i]` of `total` at `curveThresholds[i]`) against the estimated accuracy there.
 */
export function productionCurve(checks: readonly CheckedEntry[], above: readonly number[], total: number): CurvePoint[] {
  return curveThresholds.map((threshold, index) => ({
    threshold,
    share: total > 0 ? (above[index] ?? 0) / total : 0,
    ...estimateAt(checks, threshold),
  }));
}
