import type { ConversionLink } from './conversion-graph.js';

/** A link's weight as a share of the code it starts from (both `scheme:value`), or null when it carries none. */
export type ShareOf = (from: string, to: string) => number | null;

/**
 * One code's amount split over its links by their weights, renormalised over the links given (the
 * ones the conversion uses): a link without a weight among weighted ones counts as their mean
 * weight; links none of which is weighted share equally.
 */
export function splitByWeights(weights: readonly (number | null)[]): number[] {
  if (weights.length === 0) return [];
  const known = weights.filter((weight): weight is number => weight !== null && weight > 0);
  const mean = known.length ? known.reduce((sum, weight) => sum + weight, 0) / known.length : 1;
  const filled = weights.map((weight) => (weight !== null && weight > 0 ? weight : mean));
  const sum = filled.reduce((total, weight) => total + weight, 0);
  return filled.map((weight) => weight / sum);
}

/**
 * The share of a source code's amount each of its links carries, by the crosswalk's weights:
 * every code on the way splits what reaches it over its links by their weights (`splitByWeights`),
 * and the shares of a path multiply: a code with no links of its own splits equally over its
 * descendants that have links, each of which splits by its weights; two links through an
 * intermediate scheme give the first link's share times the second's. `weighted`: some link on
 * the way carries a weight (otherwise the shares are a plain equal split of each step).
 */
export function linkShares(links: readonly ConversionLink[], shareOf: ShareOf, targetScheme: string): { shares: number[]; weighted: boolean } {
  let weighted = false;
  const weightOf = (from: string, to: string) => {
    const weight = shareOf(from, to);
    if (weight !== null) weighted = true;
    return weight;
  };
  /** Splits `amount` over distinct keys by the weights from `from` to each key. */
  const split = (from: string, keys: readonly string[], amount: number) => {
    const parts = splitByWeights(keys.map((key) => weightOf(from, key)));
    return new Map(keys.map((key, index) => [key, amount * parts[index]!]));
  };
  const byStart = new Map<string, number[]>();
  links.forEach((link, index) => byStart.set(link.start, [...(byStart.get(link.start) ?? []), index]));
  const shares = links.map(() => 0);
  const perStart = 1 / Math.max(1, byStart.size);
  for (const [start, indexes] of byStart) {
    // A link of the start itself (direct, or its parent's direct link), or two links through a middle code.
    const chained = (index: number) => !links[index]!.isLinked && links[index]!.parent !== null;
    const ends = (index: number) => (chained(index) ? links[index]!.parent! : `${targetScheme}:${links[index]!.target}`);
    const firstHop = split(start, [...new Set(indexes.map(ends))], perStart);
    const byMiddle = new Map<string, number[]>();
    for (const index of indexes) {
      if (!chained(index)) {
        shares[index]! += firstHop.get(ends(index))! / indexes.filter((other) => !chained(other) && ends(other) === ends(index)).length;
        continue;
      }
      byMiddle.set(ends(index), [...(byMiddle.get(ends(index)) ?? []), index]);
    }
    for (const [middle, through] of byMiddle) {
      const secondHop = split(middle, [...new Set(through.map((index) => `${targetScheme}:${links[index]!.target}`))], firstHop.get(middle)!);
      for (const index of through) {
        const key = `${targetScheme}:${links[index]!.target}`;
        shares[index]! += secondHop.get(key)! / through.filter((other) => `${targetScheme}:${links[other]!.target}` === key).length;
      }
    }
  }
  return { shares, weighted };
}
