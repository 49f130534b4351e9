/**
 * Isotonic calibration (pool adjacent violators): from (score, right or wrong) pairs, a
 * non-decreasing step function from a raw score to the share of right answers at that score.
 * What makes a confidence mean what it says: of predictions given 0.9, about 90% are right.
 */
export class IsotonicCalibration {
  private constructor(
    private readonly bounds: Float64Array,
    private readonly values: Float64Array,
  ) {}

  /** `prior` pulls sparse blocks towards it (a block of n answers counts as n + `strength`). */
  static fit(samples: readonly { score: number; right: boolean }[], options: { prior: number; strength: number } = { prior: 0.5, strength: 2 }): IsotonicCalibration {
    if (samples.length === 0) return new IsotonicCalibration(new Float64Array([0]), new Float64Array([options.prior]));
    const sorted = [...samples].sort((a, b) => a.score - b.score);
    // Blocks of equal scores first, then pooled while a block is not above the one before it.
    const blocks: { upper: number; right: number; count: number }[] = [];
    for (const sample of sorted) {
      const last = blocks.at(-1);
      if (last && last.upper === sample.score) {
        last.right += Number(sample.right);
        last.count += 1;
      } else blocks.push({ upper: sample.score, right: Number(sample.right), count: 1 });
      while (blocks.length > 1) {
        const top = blocks.at(-1)!;
        const below = blocks.at(-2)!;
        if (below.right / below.count < top.right / top.count) break;
        blocks.splice(-2, 2, { upper: top.upper, right: below.right + top.right, count: below.count + top.count });
      }
    }
    const smoothed = blocks.map((block) => (block.right + options.prior * options.strength) / (block.count + options.strength));
    // Smoothing can break the order again at the ends: keep it non-decreasing.
    for (let i = 1; i < smoothed.length; i++) smoothed[i] = Math.max(smoothed[i]!, smoothed[i - 1]!);
    return new IsotonicCalibration(Float64Array.from(blocks.map((block) => block.upper)), Float64Array.from(smoothed));
  }

  /** The calibrated probability of a raw score: the value of the first block whose upper bound reaches it. */
  apply(score: number): number {
    const { bounds, values } = this;
    let low = 0;
    let high = bounds.length - 1;
    if (score >= bounds[high]!) return values[high]!;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (bounds[middle]! >= score) high = middle;
      else low = middle + 1;
    }
    return values[low]!;
  }
}
