import type { TitleIndex, TitleQuery } from './title-index.js';

/**
 * A centroid (Rocchio) classifier over the index's TF-IDF vectors: each code is the unit-length
 * mean of the vectors of the titles coded with it, and a title's codes are ranked by cosine to
 * those means. Where nearest neighbours need one known title close to the query, a code's
 * centroid gathers the character n-grams and words of all its titles ('smed', 'mager', 'knecht'),
 * so a spelling no one has seen still lands near the code whose titles share its pieces.
 * Stored as postings per feature (code, weight), built from the index's postings without
 * keeping any vector apart.
 */
export class CodeCentroids {
  private constructor(
    readonly codes: string[],
    private readonly codeIds: Map<string, number>,
    private readonly start: Int32Array,
    private readonly entryCodes: Int32Array,
    private readonly entryWeights: Float32Array,
  ) {}

  static build(index: TitleIndex): CodeCentroids {
    const codeIds = new Map<string, number>();
    const codes: string[] = [];
    // Per title, its codes (ids) and each one's share of the title's weight.
    const docCodes: Int32Array[] = [];
    const docShares: Float32Array[] = [];
    for (const entries of index.codes) {
      const total = entries.reduce((sum, entry) => sum + entry.weight, 0) || 1;
      const ids = new Int32Array(entries.length);
      const shares = new Float32Array(entries.length);
      entries.forEach((entry, at) => {
        let id = codeIds.get(entry.code);
        if (id === undefined) {
          id = codes.length;
          codeIds.set(entry.code, id);
          codes.push(entry.code);
        }
        ids[at] = id;
        shares[at] = entry.weight / total;
      });
      docCodes.push(ids);
      docShares.push(shares);
    }
    const featureCount = index.featureCount;
    const sums = new Float64Array(codes.length);
    const touched: number[] = [];
    const start = new Int32Array(featureCount + 1);
    let entryCodes = new Int32Array(Math.max(1024, index.postingDocs.length >> 2));
    let entryWeights = new Float32Array(entryCodes.length);
    let filled = 0;
    const norm2 = new Float64Array(codes.length);
    for (let feature = 0; feature < featureCount; feature++) {
      for (let at = index.postingStart[feature]!, end = index.postingStart[feature + 1]!; at < end; at++) {
        const doc = index.postingDocs[at]!;
        const weight = index.postingWeights[at]!;
        const ids = docCodes[doc]!;
        const shares = docShares[doc]!;
        for (let c = 0; c < ids.length; c++) {
          const id = ids[c]!;
          if (sums[id] === 0) touched.push(id);
          sums[id]! += weight * shares[c]!;
        }
      }
      if (filled + touched.length > entryCodes.length) {
        const size = Math.max(entryCodes.length * 2, filled + touched.length);
        const grownCodes = new Int32Array(size);
        grownCodes.set(entryCodes);
        entryCodes = grownCodes;
        const grownWeights = new Float32Array(size);
        grownWeights.set(entryWeights);
        entryWeights = grownWeights;
      }
      // Sorted by code within the feature, so a code's weight is found by bisection.
      touched.sort((a, b) => a - b);
      for (const id of touched) {
        const sum = sums[id]!;
        entryCodes[filled] = id;
        entryWeights[filled] = sum;
        norm2[id]! += sum * sum;
        filled++;
        sums[id] = 0;
      }
      touched.length = 0;
      start[feature + 1] = filled;
    }
    for (let at = 0; at < filled; at++) entryWeights[at]! /= Math.sqrt(norm2[entryCodes[at]!]!) || 1;
    return new CodeCentroids(codes, codeIds, start, entryCodes.slice(0, filled), entryWeights.slice(0, filled));
  }

  /** The cosine of the title's vector (or its query, as the index made it) to each of the given codes' centroids (0 for a code not known). */
  score(index: TitleIndex, norm: string | TitleQuery, codes: readonly string[]): number[] {
    const { ids, weights } = typeof norm === 'string' ? index.query(norm) : norm;
    const { start, entryCodes, entryWeights } = this;
    const scores = codes.map(() => 0);
    const known = codes.map((code) => this.codeIds.get(code) ?? -1);
    // Feature by feature, each code's weight found by bisection (a feature's entries are sorted by code).
    for (let f = 0; f < ids.length; f++) {
      const feature = ids[f]!;
      const weight = weights[f]!;
      const first = start[feature]!;
      const last = start[feature + 1]! - 1;
      for (let c = 0; c < known.length; c++) {
        const id = known[c]!;
        if (id < 0) continue;
        let low = first;
        let high = last;
        while (low <= high) {
          const middle = (low + high) >> 1;
          const at = entryCodes[middle]!;
          if (at === id) {
            scores[c]! += weight * entryWeights[middle]!;
            break;
          }
          if (at < id) low = middle + 1;
          else high = middle - 1;
        }
      }
    }
    return scores;
  }
}
