/**
 * How an audit's sample is drawn (issue 30): the sample size is shared among the confidence
 * bands, and each band's entries are drawn with probability proportional to their size (people
 * in a dataset's set, 1 in a standalone set), entries too large for that taken for certain.
 */

/** A band's population: its entries and the sum of their sizes (every size at least 1). */
export interface BandPopulation {
  entries: number;
  size: number;
}

/**
 * How many entries each band gets. Every non-empty band gets at least a tenth of the sample (or
 * all its entries), so each band's accuracy has entries behind it; the rest goes to the bands in
 * proportion to their size (largest remainders), none above its entries. When the sample is
 * no smaller than the set, every entry is taken.
 */
export function allocateSample(sampleSize: number, bands: readonly BandPopulation[]): number[] {
  const available = bands.reduce((sum, band) => sum + band.entries, 0);
  if (sampleSize >= available) return bands.map((band) => band.entries);
  const counts = bands.map(() => 0);
  let left = sampleSize;
  const floor = Math.ceil(sampleSize / 10);
  const bySizeDesc = bands.map((band, index) => ({ band, index })).sort((a, b) => b.band.size - a.band.size);
  for (const { band, index } of bySizeDesc) {
    const take = Math.min(floor, band.entries, left);
    counts[index] = take;
    left -= take;
  }
  while (left > 0) {
    const open = bands.map((band, index) => ({ band, index })).filter(({ band, index }) => counts[index]! < band.entries);
    const openSize = open.reduce((sum, { band }) => sum + band.size, 0);
    if (!open.length || !(openSize > 0)) break;
    const shares = open.map(({ band, index }) => {
      const exact = (left * band.size) / openSize;
      return { index, whole: Math.min(Math.floor(exact), band.entries - counts[index]!), remainder: exact - Math.floor(exact) };
    });
    let given = 0;
    for (const share of shares) {
      counts[share.index]! += share.whole;
      given += share.whole;
    }
    let rest = left - given;
    for (const share of [...shares].sort((a, b) => b.remainder - a.remainder)) {
      if (rest === 0) break;
      if (counts[share.index]! < bands[share.index]!.entries) {
        counts[share.index]! += 1;
        rest -= 1;
      }
    }
    left = rest;
  }
  return counts;
}

/**
 * How many of a band's largest entries are taken for certain when `draws` entries are drawn
 * with probability proportional to size from a band of total size `total`: with the sizes
 * largest first, entry k is certain while (draws − k) × size_k ≥ the size not yet taken, so
 * every other entry's inclusion probability (draws − certain) × size / rest stays below 1.
 */
export function certainCount(draws: number, total: number, largestFirst: readonly number[]): number {
  let certain = 0;
  let rest = total;
  while (certain < draws && certain < largestFirst.length) {
    const size = largestFirst[certain]!;
    if ((draws - certain) * size < rest) break;
    rest -= size;
    certain += 1;
  }
  return certain;
}
