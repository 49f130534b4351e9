import { titleFeatureKeys, trigramCount } from './title-features.js';

/** One coded title the coder learns from, and how much its evidence counts. */
export interface CodedTitle {
  /** Normalised (`normaliseTitle`). */
  norm: string;
  code: string;
  weight: number;
  /** The title's language (ISO 639-1, or 639-3 where there is none), when its source says. */
  lang?: string;
  /**
   * The standard title whose codes this spelling of it was learned with (see title-variants.ts):
   * never held out to calibrate on, as its answer is that title's, nor learned by the probe when that title is held out.
   */
  spellingOf?: string;
}

export interface Neighbour {
  doc: number;
  similarity: number;
}

/** Features in more than this share of the titles (' ma', 'w:of') are too common to tell titles apart; a query skips them when it has others. */
const commonShare = 0.05;
/** Postings a query reads at most (beyond its three rarest features). */
const postingBudget = 20_000;
const minFeatures = 3;

/**
 * The known titles, each distinct normalised title once with the codes it was given (summed
 * weights), and an inverted index of their TF-IDF feature vectors (cosine similarity). Built in
 * two passes over the titles (document frequencies, then the postings), so no title's vector is
 * kept apart from the postings.
 */
export class TitleIndex {
  private constructor(
    readonly norms: string[],
    private readonly byNorm: Map<string, number>,
    /** Per title, its codes with their weights, heaviest first. */
    readonly codes: { code: string; weight: number }[][],
    /** Per title, the sum of its codes' weights. */
    readonly weights: Float64Array,
    /** Per title, its language when all its examples agree on one (undefined: not known, or several). */
    readonly langs: (string | undefined)[],
    /** Feature ids: of the numbered 3-grams by number (-1: not known), of the other features by name. */
    private readonly trigramIds: Int32Array,
    private readonly featureIds: Map<string, number>,
    private readonly idf: Float32Array,
    /** Per feature, where its postings start (the last entry ends them); postings are (title, normalised TF-IDF weight). */
    readonly postingStart: Int32Array,
    readonly postingDocs: Int32Array,
    readonly postingWeights: Float32Array,
    private readonly commonDf: number,
  ) {}

  get size(): number {
    return this.norms.length;
  }

  static build(examples: Iterable<CodedTitle>): TitleIndex {
    const byNorm = new Map<string, number>();
    const norms: string[] = [];
    const codeWeights: Map<string, number>[] = [];
    // null: examples of the title in several languages, or one without a language.
    const docLangs: (string | null)[] = [];
    for (const example of examples) {
      if (!example.norm) continue;
      let doc = byNorm.get(example.norm);
      if (doc === undefined) {
        doc = norms.length;
        byNorm.set(example.norm, doc);
        norms.push(example.norm);
        codeWeights.push(new Map());
        docLangs.push(example.lang ?? null);
      } else if (docLangs[doc] !== (example.lang ?? null)) docLangs[doc] = null;
      const weights = codeWeights[doc]!;
      weights.set(example.code, (weights.get(example.code) ?? 0) + example.weight);
    }
    const codes = codeWeights.map((weights) => [...weights].map(([code, weight]) => ({ code, weight })).sort((a, b) => b.weight - a.weight));

    // Pass 1: feature ids and document frequencies.
    const trigramIds = new Int32Array(trigramCount).fill(-1);
    const featureIds = new Map<string, number>();
    let featureCount = 0;
    let df = new Int32Array(1024);
    for (const norm of norms) {
      for (const feature of titleFeatureKeys(norm).keys()) {
        let id = typeof feature === 'number' ? trigramIds[feature]! : (featureIds.get(feature) ?? -1);
        if (id < 0) {
          id = featureCount++;
          if (typeof feature === 'number') trigramIds[feature] = id;
          else featureIds.set(feature, id);
          if (id >= df.length) {
            const grown = new Int32Array(df.length * 2);
            grown.set(df);
            df = grown;
          }
        }
        df[id]! += 1;
      }
    }
    const idf = new Float32Array(featureCount);
    for (let id = 0; id < featureCount; id++) idf[id] = Math.log((norms.length + 1) / (df[id]! + 1)) + 1;
    const postingStart = new Int32Array(featureCount + 1);
    for (let id = 0; id < featureCount; id++) postingStart[id + 1] = postingStart[id]! + df[id]!;
    const postingDocs = new Int32Array(postingStart[featureCount]!);
    const postingWeights = new Float32Array(postingStart[featureCount]!);
    const filled = new Int32Array(featureCount);

    // Pass 2: each title's normalised TF-IDF weights into the postings.
    for (let doc = 0; doc < norms.length; doc++) {
      const features = titleFeatureKeys(norms[doc]!);
      let norm2 = 0;
      const entries: [number, number][] = [];
      for (const [feature, tf] of features) {
        const id = typeof feature === 'number' ? trigramIds[feature]! : featureIds.get(feature)!;
        const weight = (1 + Math.log(tf)) * idf[id]!;
        entries.push([id, weight]);
        norm2 += weight * weight;
      }
      const length = Math.sqrt(norm2) || 1;
      for (const [id, weight] of entries) {
        const at = postingStart[id]! + filled[id]!++;
        postingDocs[at] = doc;
        postingWeights[at] = weight / length;
      }
    }
    const weights = Float64Array.from(codes, (entries) => entries.reduce((sum, entry) => sum + entry.weight, 0));
    return new TitleIndex(norms, byNorm, codes, weights, docLangs.map((lang) => lang ?? undefined), trigramIds, featureIds, idf, postingStart, postingDocs, postingWeights, Math.max(2_000, norms.length * commonShare));
  }

  /** The known title equal to this normalised one, if any. */
  exact(norm: string): number | undefined {
    return this.byNorm.get(norm);
  }

  /** Scratch space for scores, reused between queries (one index serves one thread). */
  private scores: Float32Array | null = null;

  get featureCount(): number {
    return this.idf.length;
  }

  /** The title's TF-IDF vector over the known features (unit length, features no known title has counted in the length), or [] when it has none of them. */
  vector(norm: string): [number, number][] {
    const { ids, weights } = this.query(norm);
    return ids.map((id, at) => [id, weights[at]!]);
  }

  /** The title as a query: its known features and their weights (unit length, features no known title has counted in the length), once for the neighbours and the centroids alike. */
  query(norm: string): TitleQuery {
    const ids: number[] = [];
    const raw: number[] = [];
    let norm2 = 0;
    for (const [feature, tf] of titleFeatureKeys(norm)) {
      const id = typeof feature === 'number' ? this.trigramIds[feature]! : (this.featureIds.get(feature) ?? -1);
      if (id < 0) {
        // A feature no known title has still counts in the query's length.
        const weight = (1 + Math.log(tf)) * (Math.log(this.norms.length + 1) + 1);
        norm2 += weight * weight;
        continue;
      }
      const weight = (1 + Math.log(tf)) * this.idf[id]!;
      ids.push(id);
      raw.push(weight);
      norm2 += weight * weight;
    }
    const length = Math.sqrt(norm2);
    return { ids, weights: raw.map((weight) => weight / length) };
  }

  /** The `k` known titles most like this one (cosine of TF-IDF vectors), most alike first. */
  neighbours(norm: string | TitleQuery, k: number): Neighbour[] {
    const { ids, weights } = typeof norm === 'string' ? this.query(norm) : norm;
    if (ids.length === 0 || k < 1) return [];
    const { postingStart, postingDocs, postingWeights } = this;
    // The rarest features find the candidates (they carry most of the weight); common ones are left
    // out once enough postings are read, so a query costs about the same however many titles are known.
    const bySize = ids.map((_, at) => at).sort((a, b) => postingStart[ids[a]! + 1]! - postingStart[ids[a]!]! - (postingStart[ids[b]! + 1]! - postingStart[ids[b]!]!));
    this.scores ??= new Float32Array(this.norms.length);
    const scores = this.scores;
    let used = 0;
    let postings = 0;
    for (const at of bySize) {
      const id = ids[at]!;
      const start = postingStart[id]!;
      const end = postingStart[id + 1]!;
      if (used >= minFeatures && (end - start > this.commonDf || postings + end - start > postingBudget)) break;
      used++;
      postings += end - start;
      const queryWeight = weights[at]!;
      for (let posting = start; posting < end; posting++) scores[postingDocs[posting]!]! += queryWeight * postingWeights[posting]!;
    }
    // The k best, in order, ties in the order the titles were first read: the same postings read
    // again, each title's score taken (and cleared) where it first appears.
    const bestDocs = new Int32Array(k);
    const bestScores = new Float64Array(k);
    let count = 0;
    let floor = 0;
    for (let at = 0; at < used; at++) {
      const id = ids[bySize[at]!]!;
      for (let posting = postingStart[id]!, end = postingStart[id + 1]!; posting < end; posting++) {
        const doc = postingDocs[posting]!;
        const similarity = scores[doc]!;
        scores[doc] = 0;
        if (similarity <= floor) continue;
        let place = count < k ? count++ : k - 1;
        while (place > 0 && bestScores[place - 1]! < similarity) {
          bestScores[place] = bestScores[place - 1]!;
          bestDocs[place] = bestDocs[place - 1]!;
          place--;
        }
        bestScores[place] = similarity;
        bestDocs[place] = doc;
        if (count === k) floor = bestScores[k - 1]!;
      }
    }
    const best: Neighbour[] = [];
    for (let at = 0; at < count; at++) best.push({ doc: bestDocs[at]!, similarity: bestScores[at]! });
    return best;
  }
}

/** A title's known features (ids) and their unit-length TF-IDF weights, as `TitleIndex.query` makes it. */
export interface TitleQuery {
  ids: number[];
  weights: number[];
}
