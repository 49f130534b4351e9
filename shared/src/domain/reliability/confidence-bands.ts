/**
 * The confidence bands an audit's sample is stratified by (issue 30): the top prediction's
 * confidence ≥ 0.9, 0.75–0.9, 0.5–0.75 and below 0.5. An entry without a top prediction, or
 * whose predictions have no confidence (best confidence −1, migration 018), falls in the lowest band.
 */

export interface ConfidenceBand {
  /** The band holds confidences from `from` (included) … */
  from: number;
  /** … to `to` (excluded; the top band includes 1). */
  to: number;
}

/** Highest first; an entry's band is its index here. */
export const confidenceBands: readonly ConfidenceBand[] = [
  { from: 0.9, to: 1 },
  { from: 0.75, to: 0.9 },
  { from: 0.5, to: 0.75 },
  { from: 0, to: 0.5 },
];

/** The index in {@link confidenceBands} of an entry whose best confidence is `confidence` (compared in single precision, as PostgreSQL's `real` stores it). */
export function bandOf(confidence: number): number {
  const index = confidenceBands.findIndex((band, at) => at < confidenceBands.length - 1 && Math.fround(confidence) >= Math.fround(band.from));
  return index === -1 ? confidenceBands.length - 1 : index;
}
