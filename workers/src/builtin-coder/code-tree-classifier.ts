import { seededRandom } from '@og/shared/domain/seeded-random';

/** One example the classifier learns from: a normalised title, its code and, when known, its language. */
export interface ClassifierExample {
  norm: string;
  code: string;
  weight: number;
  lang?: string;
}

/** Bits of the hashed weight table: 2²¹ weights (8 MB) hold every (feature, branch) pair with few collisions. */
const tableBits = 21;
/** The starting learning rate, decaying linearly to 0 over the passes. */
const learningRate = 1;
/** Examples learned from at most (a seeded sample beyond). */
const maxExamples = 400_000;
/** Passes over the examples: three rank more held-out titles right than one (every shipped file's cross-validation). */
const passes = 3;
/** Learning steps at most, over all the passes: so a large build stays within its time (400,000 examples get 1.5 passes, 200,000 the three). */
const maxSteps = 600_000;

/**
 * A title's hashed features: its words, each word with the next, the character 3- and 4-grams of
 * each word padded with spaces (32-bit FNV-1a, computed from the characters without strings made),
 * and its language when known (each language's codes are not equally common).
 */
function hashedFeatures(norm: string, lang: string | undefined, out: number[]): number[] {
  out.length = 0;
  let previous = 0;
  let wordHash = 0x811c9dc5;
  let wordLength = 0;
  const endWord = () => {
    if (wordLength === 0) return;
    out.push(wordHash | 0);
    if (previous !== 0) out.push(Math.imul(previous ^ wordHash, 0x9e3779b1) | 0);
    previous = wordHash | 1;
    wordHash = 0x811c9dc5;
    wordLength = 0;
  };
  const length = norm.length;
  let start = 0;
  for (let at = 0; at <= length; at++) {
    const code = at < length ? norm.charCodeAt(at) : 32;
    if (code !== 32) {
      wordHash = Math.imul(wordHash ^ code, 0x01000193);
      wordLength++;
      continue;
    }
    if (wordLength > 0) {
      // The padded word is ' ' + norm[start, at) + ' ': its 3- and 4-grams.
      const padded = wordLength + 2;
      const charAt = (i: number) => (i === 0 || i === padded - 1 ? 32 : norm.charCodeAt(start + i - 1));
      for (let i = 0; i + 3 <= padded; i++) {
        let gram = Math.imul(0x811c9dc5 ^ charAt(i), 0x01000193);
        gram = Math.imul(gram ^ charAt(i + 1), 0x01000193);
        gram = Math.imul(gram ^ charAt(i + 2), 0x01000193);
        out.push((gram ^ 3) | 0);
        if (i + 4 <= padded) out.push((Math.imul(gram ^ charAt(i + 3), 0x01000193) ^ 4) | 0);
      }
    }
    endWord();
    start = at + 1;
  }
  if (lang && out.length > 0) {
    let langHash = 0x2c1b3c6d;
    for (let at = 0; at < lang.length; at++) langHash = Math.imul(langHash ^ lang.charCodeAt(at), 0x01000193);
    out.push(langHash | 0);
  }
  return out;
}

/**
 * A supervised linear classifier over the codes' tree (a hierarchical softmax): the codes are the
 * leaves of the tree of their prefixes ('8', '83', '831', '8311', '83110'), and at each branching a
 * softmax over the children reads the title's hashed words, word pairs, character 3- and 4-grams
 * and language, each (feature, child) pair with a weight of its own (full rank, unlike an embedding).
 * A code's probability is the product of the branchings along its path, so a title costs the
 * children of a few nodes, not every code. Learned by stochastic gradient descent in up to three passes
 * over the examples (at most maxExamples of them, maxSteps steps in all) in a seeded order, the learning rate decaying linearly. Where nearest neighbours
 * need a known title close to the query, this learns which pieces of titles ('vaktare', 'knecht',
 * 'smed') tell a code apart from its siblings.
 */
export class CodeTreeClassifier {
  private constructor(
    /** Per node, its children's node ids (empty for a leaf). */
    private readonly children: Int32Array[],
    private readonly parents: Int32Array,
    private readonly leafCodes: (string | null)[],
    private readonly leaves: Map<string, number>,
    private readonly bias: Float32Array,
    private readonly weights: Float32Array,
  ) {}

  static train(examples: readonly ClassifierExample[], options: { seed?: number } = {}): CodeTreeClassifier {
    const tree = codeTree(examples.map((example) => example.code));
    const model = new CodeTreeClassifier(tree.children, tree.parents, tree.leafCodes, tree.leaves, new Float32Array(tree.children.length), new Float32Array(1 << tableBits));
    const next = seededRandom(options.seed ?? 29);
    const order = Int32Array.from(examples.keys());
    for (let at = order.length - 1; at > 0; at--) {
      const other = Math.floor(next() * (at + 1));
      const kept = order[at]!;
      order[at] = order[other]!;
      order[other] = kept;
    }
    const features: number[] = [];
    const probabilities = new Float64Array(64);
    const path: number[] = [];
    const perPass = Math.min(order.length, maxExamples);
    const steps = Math.min(perPass * passes, maxSteps);
    for (let step = 0; step < steps; step++) {
      // Every pass in the same seeded order; the rate decays over all the steps.
      const example = examples[order[step % perPass]!]!;
      hashedFeatures(example.norm, example.lang, features);
      if (features.length === 0) continue;
      const rate = learningRate * (1 - step / steps) * Math.min(1, example.weight);
      model.pathOf(model.leaves.get(example.code)!, path);
      let node = 0;
      for (const target of path) {
        const kids = model.children[node]!;
        if (kids.length > 1) model.learn(kids, target, features, rate, probabilities.length >= kids.length ? probabilities : new Float64Array(kids.length));
        node = target;
      }
    }
    return model;
  }

  /** The weight of a feature for a child (its node id), in the hashed table. */
  private slot(feature: number, child: number): number {
    return Math.imul(feature ^ Math.imul(child + 1, 0x27d4eb2d), 0x9e3779b1) >>> (32 - tableBits);
  }

  /** The children's softmax at a node into `out` (unnormalised exp, returns the sum). */
  private softmax(kids: Int32Array, features: readonly number[], out: Float64Array): number {
    const scale = 1 / Math.sqrt(features.length);
    let max = -Infinity;
    for (let c = 0; c < kids.length; c++) {
      const child = kids[c]!;
      let z = 0;
      for (let f = 0; f < features.length; f++) z += this.weights[this.slot(features[f]!, child)]!;
      z = this.bias[child]! + z * scale;
      out[c] = z;
      if (z > max) max = z;
    }
    let sum = 0;
    for (let c = 0; c < kids.length; c++) sum += out[c] = Math.exp(out[c]! - max);
    return sum;
  }

  /** One gradient step of the log-loss of the softmax over a node's children towards `target`. */
  private learn(kids: Int32Array, target: number, features: readonly number[], rate: number, probabilities: Float64Array): void {
    const sum = this.softmax(kids, features, probabilities);
    const scale = 1 / Math.sqrt(features.length);
    for (let c = 0; c < kids.length; c++) {
      const child = kids[c]!;
      const gradient = rate * ((child === target ? 1 : 0) - probabilities[c]! / sum);
      if (Math.abs(gradient) < 1e-6) continue;
      this.bias[child]! += gradient;
      const step = gradient * scale;
      for (let f = 0; f < features.length; f++) this.weights[this.slot(features[f]!, child)]! += step;
    }
  }

  /** The nodes from the root (left out) to a node, into `out`. */
  private pathOf(node: number, out: number[]): number[] {
    out.length = 0;
    for (let at = node; at > 0; at = this.parents[at]!) out.push(at);
    return out.reverse();
  }

  /** A title (in its language, when known) read for `probabilities` and `best`: its features, and each node's children's log-probabilities once worked out. */
  query(norm: string, lang?: string): ClassifierQuery {
    return { features: hashedFeatures(norm, lang, []), logProbabilities: new Map() };
  }

  private logProbabilities(node: number, query: ClassifierQuery): Float64Array {
    let known = query.logProbabilities.get(node);
    if (known) return known;
    const kids = this.children[node]!;
    known = new Float64Array(kids.length);
    const sum = this.softmax(kids, query.features, known);
    for (let c = 0; c < kids.length; c++) known[c] = Math.log(known[c]! / sum);
    query.logProbabilities.set(node, known);
    return known;
  }

  /** Each code's probability for the title (0 for a code not learned, or a title without features). */
  probabilities(query: ClassifierQuery, codes: readonly string[]): number[] {
    const path: number[] = [];
    return codes.map((code) => {
      const leaf = this.leaves.get(code);
      if (leaf === undefined || query.features.length === 0) return 0;
      let node = 0;
      let log = 0;
      for (const target of this.pathOf(leaf, path)) {
        const kids = this.children[node]!;
        if (kids.length > 1) log += this.logProbabilities(node, query)[kids.indexOf(target)]!;
        node = target;
      }
      return Math.exp(log);
    });
  }

  /** The `k` likeliest codes, by a beam search down the tree (`beam` nodes kept at each depth). */
  best(query: ClassifierQuery, k: number, beam = 4): { code: string; probability: number }[] {
    if (query.features.length === 0) return [];
    let frontier = [{ node: 0, log: 0 }];
    const found: { code: string; probability: number }[] = [];
    while (frontier.length > 0) {
      const next: { node: number; log: number }[] = [];
      for (const { node, log } of frontier) {
        const kids = this.children[node]!;
        if (kids.length === 0) {
          found.push({ code: this.leafCodes[node]!, probability: Math.exp(log) });
          continue;
        }
        const logs = kids.length > 1 ? this.logProbabilities(node, query) : null;
        for (let c = 0; c < kids.length; c++) next.push({ node: kids[c]!, log: log + (logs ? logs[c]! : 0) });
      }
      frontier = next.sort((a, b) => b.log - a.log).slice(0, beam);
    }
    return found.sort((a, b) => b.probability - a.probability).slice(0, k);
  }
}

/** A title's hashed features and the log-probabilities worked out for it so far. */
export interface ClassifierQuery {
  features: number[];
  logProbabilities: Map<number, Float64Array>;
}

/**
 * The tree of the codes' prefixes: node 0 the root, a node per prefix, each code a leaf (a code
 * that is also another's prefix, such as '-1' and '-10', gets a leaf child of its own).
 */
function codeTree(codes: Iterable<string>) {
  const kids: number[][] = [[]];
  const parents: number[] = [-1];
  const ends: (string | null)[] = [null];
  const byPrefix = new Map<string, number>([['', 0]]);
  for (const code of new Set(codes)) {
    let node = 0;
    for (let length = 1; length <= code.length; length++) {
      const prefix = code.slice(0, length);
      let child = byPrefix.get(prefix);
      if (child === undefined) {
        child = kids.length;
        kids.push([]);
        parents.push(node);
        ends.push(null);
        byPrefix.set(prefix, child);
        kids[node]!.push(child);
      }
      node = child;
    }
    ends[node] = code;
  }
  const leafCodes: (string | null)[] = ends.map(() => null);
  const leaves = new Map<string, number>();
  const inner = kids.length;
  for (let node = 0; node < inner; node++) {
    const code = ends[node];
    if (code === null || code === undefined) continue;
    let leaf = node;
    if (kids[node]!.length > 0) {
      leaf = kids.length;
      kids.push([]);
      parents.push(node);
      leafCodes.push(null);
      kids[node]!.push(leaf);
    }
    leafCodes[leaf] = code;
    leaves.set(code, leaf);
  }
  return { children: kids.map((list) => Int32Array.from(list)), parents: Int32Array.from(parents), leafCodes, leaves };
}
