/** Passes of the descent over the examples. */
const epochs = 60;

/**
 * A learned order of a title's candidate codes: a linear score over each candidate's features
 * (its share of the neighbours' votes, its centroid's cosine, the classifier's probability, ...),
 * the candidates of one title compared by a softmax over their scores (listwise: what is learned
 * is which candidate comes first, not how sure each is alone). Fitted by full-batch gradient
 * descent with momentum on the features standardised, with a little L2 so rare features stay near 0.
 */
export class CandidateRanker {
  /** Weights over the features as they are (the standardisation folded in: a shift common to all candidates does not change a softmax). */
  private constructor(private readonly weights: Float64Array) {}

  /** Learns from titles whose candidates' features are known and the place of the right one among them (or -1 when none is right: such titles teach nothing). */
  static fit(groups: readonly RankerGroup[], options: { epochs?: number; rate?: number; l2?: number } = {}): CandidateRanker | null {
    const usable = groups.filter((group) => group.right >= 0 && group.candidates.length > 1);
    if (usable.length === 0) return null;
    const width = usable[0]!.candidates[0]!.length;
    const { means, scales } = standardisation(usable, width);
    const standardised = usable.map((group) => ({ right: group.right, candidates: group.candidates.map((features) => standardise(features, means, scales)) }));
    const weights = descend(standardised, width, options.epochs ?? epochs, options.rate ?? 0.1, options.l2 ?? 1e-4);
    return new CandidateRanker(weights.map((weight, f) => weight / scales[f]!));
  }

  /** The ranker whose scores are the mean of the two's. */
  static average(a: CandidateRanker, b: CandidateRanker): CandidateRanker {
    return new CandidateRanker(a.weights.map((weight, f) => (weight + b.weights[f]!) / 2));
  }

  /** Each candidate's probability of being the right one among these candidates. */
  probabilities(candidates: readonly Float64Array[]): number[] {
    return softmax(candidates.map((features) => dot(this.weights, features)));
  }
}

/** One title's candidates (a feature vector each) and the place of the right code among them, -1 when it is not among them. */
export interface RankerGroup {
  candidates: Float64Array[];
  right: number;
}

function standardisation(groups: readonly RankerGroup[], width: number): { means: Float64Array; scales: Float64Array } {
  const means = new Float64Array(width);
  const squares = new Float64Array(width);
  let count = 0;
  for (const group of groups) {
    for (const features of group.candidates) {
      count++;
      for (let f = 0; f < width; f++) {
        means[f]! += features[f]!;
        squares[f]! += features[f]! * features[f]!;
      }
    }
  }
  const scales = new Float64Array(width);
  for (let f = 0; f < width; f++) {
    means[f]! /= count;
    const variance = squares[f]! / count - means[f]! * means[f]!;
    scales[f] = variance > 1e-12 ? Math.sqrt(variance) : 1;
  }
  return { means, scales };
}

function standardise(features: Float64Array, means: Float64Array, scales: Float64Array): Float64Array {
  const out = new Float64Array(features.length);
  for (let f = 0; f < features.length; f++) out[f] = (features[f]! - means[f]!) / scales[f]!;
  return out;
}

function dot(weights: Float64Array, features: Float64Array): number {
  let sum = 0;
  for (let f = 0; f < weights.length; f++) sum += weights[f]! * features[f]!;
  return sum;
}

function softmax(scores: readonly number[]): number[] {
  const top = Math.max(...scores);
  const exps = scores.map((score) => Math.exp(score - top));
  const total = exps.reduce((sum, value) => sum + value, 0);
  return exps.map((value) => value / total);
}

/**
 * Full-batch gradient descent with momentum on the mean cross-entropy of the right candidate, plus
 * L2, over the candidates' features packed in one array.
 */
function descend(groups: readonly RankerGroup[], width: number, epochs: number, rate: number, l2: number): Float64Array {
  const starts = new Int32Array(groups.length + 1);
  const rights = Int32Array.from(groups, (group) => group.right);
  groups.forEach((group, at) => (starts[at + 1] = starts[at]! + group.candidates.length));
  const features = new Float64Array(starts[groups.length]! * width);
  groups.forEach((group, at) => group.candidates.forEach((candidate, place) => features.set(candidate, (starts[at]! + place) * width)));
  const weights = new Float64Array(width);
  const velocity = new Float64Array(width);
  const gradient = new Float64Array(width);
  const scores = new Float64Array(starts[groups.length]!);
  for (let epoch = 0; epoch < epochs; epoch++) {
    gradient.fill(0);
    for (let group = 0; group < groups.length; group++) {
      const first = starts[group]!;
      const end = starts[group + 1]!;
      let top = -Infinity;
      for (let candidate = first; candidate < end; candidate++) {
        let score = 0;
        const base = candidate * width;
        for (let f = 0; f < width; f++) score += weights[f]! * features[base + f]!;
        scores[candidate] = score;
        if (score > top) top = score;
      }
      let total = 0;
      for (let candidate = first; candidate < end; candidate++) {
        const value = Math.exp(scores[candidate]! - top);
        scores[candidate] = value;
        total += value;
      }
      const right = first + rights[group]!;
      for (let candidate = first; candidate < end; candidate++) {
        const error = scores[candidate]! / total - (candidate === right ? 1 : 0);
        const base = candidate * width;
        for (let f = 0; f < width; f++) gradient[f]! += error * features[base + f]!;
      }
    }
    for (let f = 0; f < width; f++) {
      velocity[f] = momentum * velocity[f]! - rate * (gradient[f]! / groups.length + l2 * weights[f]!);
      weights[f]! += velocity[f]!;
    }
  }
  return weights;
}

/** The share of the last step kept in the next: the descent reaches in tens of epochs what plain steps reach in hundreds. */
const momentum = 0.9;
