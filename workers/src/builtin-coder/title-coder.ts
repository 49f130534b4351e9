import { seededRandom } from '@og/shared/domain/seeded-random';
import { CandidateRanker, type RankerGroup } from './candidate-ranker.js';
import { CodeCentroids } from './code-centroids.js';
import { CodeTreeClassifier } from './code-tree-classifier.js';
import { IsotonicCalibration } from './isotonic-calibration.js';
import { spellingKey } from './spelling-key.js';
import { coderNorm } from './title-features.js';
import { type CodedTitle, TitleIndex, type TitleQuery } from './title-index.js';

export interface CodePrediction {
  code: string;
  conf: number;
}

/**
 * How a title was coded: from the same title known (normalised) in its language (or either's
 * language not known), the same title known only in another language (a false friend as often
 * as not), the same title in another spelling (by spelling key, in its language), or from similar ones.
 */
type Evidence = 'exact' | 'exactElsewhere' | 'variant' | 'near';

interface RawPrediction {
  evidence: Evidence;
  /** Uncalibrated: higher is surer. */
  score: number;
  /** Candidate codes with their vote, best first. */
  votes: { code: string; vote: number }[];
  /** For a title coded from similar ones: its candidates' features, in the hand-set order (for the ranker), and the nearest known title's similarity. */
  candidates?: { code: string; features: Float64Array }[];
  nearest?: number;
}

/** Known titles that vote for a title's codes: the nearest few (more let distant titles outvote the near ones on unseen spellings). */
const neighbourCount = 10;
/** A neighbour's vote is its similarity to this power: the nearer, the much more it counts. */
const neighbourPower = 3;
/** Codes the neighbours voted for whose centroids are asked, best by vote first. */
const centroidCount = 10;
/** A code's centroid vote is its cosine cubed, against a neighbour's similarity cubed. */
const centroidPower = 3;
/** A known title in another language than the query's votes this much of its likeness: the same letters may name another trade there. */
const otherLanguage = 0.25;

/** How much the classifier's probability of a code counts, against the share of the neighbours' and centroids' votes it has. */
const classifierWeight = 0.75;
/** The classifier's likeliest code (down the tree's likeliest branches) joins the neighbours' candidates. */
const classifierCandidates = 1;

/** What the coder learns from its examples: the nearest-neighbour index, over its vectors the codes' centroids, and the classifier over the codes' tree. */
interface Models {
  index: TitleIndex;
  centroids: CodeCentroids;
  classifier: CodeTreeClassifier;
  variants: SpellingVariants;
  /** Each code's known titles, by the log of their summed weights: how common the code is. */
  frequency: Map<string, number>;
}

function buildModels(examples: readonly CodedTitle[], classifier: CodeTreeClassifier): Models {
  const index = TitleIndex.build(examples);
  return { index, centroids: CodeCentroids.build(index), classifier, variants: spellingVariants(index), frequency: codeFrequency(index) };
}

function codeFrequency(index: TitleIndex): Map<string, number> {
  const sums = new Map<string, number>();
  for (const codes of index.codes) for (const { code, weight } of codes) sums.set(code, (sums.get(code) ?? 0) + weight);
  for (const [code, sum] of sums) sums.set(code, Math.log1p(sum));
  return sums;
}

/** The known titles by spelling key: the first title of a key, and, for a key several titles share, all of them. */
interface SpellingVariants {
  first: Map<string, number>;
  several: Map<string, number[]>;
}

function spellingVariants(index: TitleIndex): SpellingVariants {
  const first = new Map<string, number>();
  const several = new Map<string, number[]>();
  index.norms.forEach((norm, doc) => {
    const key = spellingKey(norm);
    const known = first.get(key);
    if (known === undefined) first.set(key, doc);
    else {
      const shared = several.get(key);
      if (shared) shared.push(doc);
      else several.set(key, [known, doc]);
    }
  });
  return { first, several };
}

/** The known titles spelt like `norm` (the same spelling key) in its language (or either's not known). */
function variantsOf({ index, variants }: Models, norm: string, lang: string | undefined): number[] {
  const key = spellingKey(norm);
  const docs = variants.several.get(key) ?? (variants.first.has(key) ? [variants.first.get(key)!] : []);
  return docs.filter((doc) => !lang || !index.langs[doc] || index.langs[doc] === lang);
}

/** The centroid cosines of the codes the neighbours voted for most, highest first. */
function centroidScores(centroids: CodeCentroids, index: TitleIndex, query: TitleQuery, votes: Map<string, number>): { code: string; score: number }[] {
  const candidates = [...votes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, centroidCount)
    .map(([code]) => code);
  const scores = centroids.score(index, query, candidates);
  return candidates.map((code, at) => ({ code, score: scores[at]! })).sort((a, b) => b.score - a.score);
}

/** How much a known title inside the title counts, against a neighbour of similarity 1. */
const phraseWeight = 0.5;
/** Below this similarity of the nearest known title a title is not coded (no guess dressed up). */
const minSimilarity = 0.2;
/** Below this calibrated confidence the coder gives no prediction. */
const minConfidence = 0.05;
/** The share of the examples held out to calibrate on. */
const calibrationShare = 0.2;

export interface PredictOptions {
  k?: number;
  /** Only these codes may be predicted (a row's associated codes). */
  allowed?: ReadonlySet<string>;
  /** The title's language (ISO 639), when known: titles known in another language count less. */
  lang?: string;
}

/**
 * The built-in coder: nearest neighbours over known coded titles (character 3-grams and words,
 * TF-IDF, cosine), an exact normalised match winning outright (or, failing one, the same title in
 * another spelling), the codes' centroids over the same vectors weighing in on the neighbours'
 * candidates (so a spelling never seen leans to the code whose titles share its pieces), a linear
 * classifier over the codes' tree adding its probability of each candidate (the pieces that tell
 * sibling codes apart), known titles of another language than the query's counting less, the
 * candidates of a title without an exact match ordered by a ranker learned on held-out titles,
 * and confidences calibrated on held-out examples (isotonic), one calibration per kind of
 * evidence, lowered further for a language whose own held-out titles were right less often. Built
 * from weighted examples: reviews weigh more than datasets, datasets more than labels and links.
 */
export class TitleCoder {
  private constructor(
    private readonly models: Models,
    /** The learned order of a similar title's candidates; without it, the hand-set combination orders them. */
    private readonly ranker: CandidateRanker | null,
    private readonly calibrations: Calibrations,
    /** Examples learned from, and distinct titles. */
    readonly examples: number,
  ) {}

  get titles(): number {
    return this.models.index.size;
  }

  static build(examples: readonly CodedTitle[], options: { seed?: number } = {}): TitleCoder {
    const usable = examples.filter((example) => example.norm && example.code);
    // Calibration: an index of 80% of the examples codes the other 20% (by example, as titles repeat in real files).
    // The classifier learns once, from those 80%, and serves the coder too: learning it again on all the examples would double its cost.
    const { calibrations, classifier, ranker } = calibrate(usable, options.seed ?? 17);
    return new TitleCoder(buildModels(usable, classifier), ranker, calibrations, usable.length);
  }


  /** The title's top codes with calibrated confidences (the first one's is the chance it is right); [] when the coder cannot tell. */
  predict(title: string, options: PredictOptions = {}): CodePrediction[] {
    const k = options.k ?? 5;
    const raw = reranked(rawPrediction(this.models, coderNorm(title), options.allowed, options.lang), this.ranker);
    if (!raw) return [];
    const overall = this.calibrations.all[raw.evidence].apply(raw.score);
    const language = options.lang ? this.calibrations.byLanguage.get(options.lang) : undefined;
    // A language's own curve only lowers a confidence: its held-out titles are fewer than all of them, and a census's unseen titles are harder than held-out ones.
    // A language without a curve (too few held-out titles, or none) is never called surer than unproven: nothing showed the coder is that right in it.
    const first = language ? Math.min(overall, language.apply(overall)) : options.lang ? Math.min(overall, unprovenLanguageCap) : overall;
    if (first < minConfidence) return [];
    const rest = raw.votes.slice(1, k);
    const restVotes = rest.reduce((sum, vote) => sum + vote.vote, 0);
    return [
      { code: raw.votes[0]!.code, conf: round(first) },
      // The rest share what the first leaves, by their votes, and stay below the first by their vote's share of its.
      ...rest.map((vote) => ({ code: vote.code, conf: round(Math.min((first * vote.vote) / raw.votes[0]!.vote, ((1 - first) * vote.vote) / (restVotes || 1))) })),
    ];
  }
}

/** Held-out examples the calibration codes at most: a few thousand pin the curves down; more only cost time. */
const maxCalibrationSamples = 6_000;
/** Held-out examples of one language coded at most for that language's own curve. */
const maxLanguageSamples = 3_000;
/** Held-out answers a language needs for a curve of its own; with fewer, the curves of all languages serve alone. */
const minLanguageSamples = 200;
/**
 * The highest confidence for a title of a language without a curve of its own (fewer than
 * minLanguageSamples held-out titles, or none learned): below 0.9, the level a reviewer may take
 * as settled, as nothing measured how often the coder is right in that language.
 */
const unprovenLanguageCap = 0.85;

/**
 * A curve per kind of evidence over all the examples, and, for each language with enough held-out
 * examples, a curve from what those give to the share of that language's titles right: the same
 * raw score is not as sure in every language (a Swedish title finds fewer titles of its own language
 * than a Dutch one). One curve per language over every kind of evidence, as a small language has
 * too few answers of each kind for curves of its own; it lowers confidences, never raises them.
 */
interface Calibrations {
  all: Record<Evidence, IsotonicCalibration>;
  byLanguage: Map<string, IsotonicCalibration>;
}

/**
 * Calibration: an index of about 80% of the examples codes (a sample of) the other 20% (by example,
 * as titles repeat in real files), each kind of evidence gets its isotonic curve, and then each
 * language with enough held-out examples its own curve over what the first gives. The probe index
 * is dropped before the real one is built.
 */
function calibrate(examples: readonly CodedTitle[], seed: number): { calibrations: Calibrations; classifier: CodeTreeClassifier; ranker: CandidateRanker | null } {
  const next = seededRandom(seed);
  const held: CodedTitle[] = [];
  const kept: CodedTitle[] = [];
  const spellings: CodedTitle[] = [];
  for (const example of examples) (example.spellingOf ? spellings : next() < calibrationShare ? held : kept).push(example);
  // A spelling is learned by the probe only when its standard title is: else a held-out title would find its own spellings, coded as itself.
  if (spellings.length > 0) {
    const keptNorms = new Set(kept.map((example) => example.norm));
    for (const spelling of spellings) if (keptNorms.has(spelling.spellingOf!)) kept.push(spelling);
  }
  const classifier = CodeTreeClassifier.train(kept, { seed });
  const probe = buildModels(kept, classifier);
  const byLanguageAts = new Map<string, number[]>();
  held.forEach((example, at) => {
    if (!example.lang) return;
    const ats = byLanguageAts.get(example.lang);
    if (ats) ats.push(at);
    else byLanguageAts.set(example.lang, [at]);
  });
  // The held-out examples the curves are fitted on, coded in the hand-set order first: the ranker learns from those coded from similar titles.
  const overallAts = evenlySpaced(Array.from(held.keys()), maxCalibrationSamples);
  const languageAts = new Map([...byLanguageAts].filter(([, ats]) => ats.length >= minLanguageSamples).map(([lang, ats]) => [lang, evenlySpaced(ats, maxLanguageSamples)]));
  const raws = new Map<number, RawPrediction | null>();
  for (const at of [overallAts, ...languageAts.values()].flat()) {
    if (!raws.has(at)) raws.set(at, rawPrediction(probe, held[at]!.norm, undefined, held[at]!.lang));
  }
  const halves = crossFitRankers(held, raws);
  const judged = new Map<number, { evidence: Evidence; score: number; right: boolean } | null>();
  const judge = (at: number) => {
    let answer = judged.get(at);
    if (answer === undefined) {
      // Cross-fitted: a held-out example is ordered by the ranker of the other half, which did not learn from it.
      const raw = reranked(raws.get(at)!, halves?.[1 - (at % 2)] ?? null);
      answer = raw && { evidence: raw.evidence, score: raw.score, right: raw.votes[0]!.code === held[at]!.code };
      judged.set(at, answer);
    }
    return answer;
  };
  const judgedAll = (ats: readonly number[]) => ats.map(judge).filter((answer) => answer !== null);
  const answers = judgedAll(overallAts);
  const of = (evidence: Evidence) => answers.filter((answer) => answer.evidence === evidence);
  const all: Record<Evidence, IsotonicCalibration> = {
    exact: IsotonicCalibration.fit(of('exact'), { prior: 0.8, strength: 10 }),
    exactElsewhere: IsotonicCalibration.fit(of('exactElsewhere'), { prior: 0.4, strength: 10 }),
    variant: IsotonicCalibration.fit(of('variant'), { prior: 0.6, strength: 10 }),
    near: IsotonicCalibration.fit(of('near'), { prior: 0.3, strength: 10 }),
  };
  const byLanguage = new Map<string, IsotonicCalibration>();
  for (const [lang, ats] of languageAts) {
    const own = judgedAll(ats).map((answer) => ({ score: all[answer.evidence].apply(answer.score), right: answer.right }));
    if (own.length >= minLanguageSamples) byLanguage.set(lang, IsotonicCalibration.fit(own, { prior: 0.5, strength: 10 }));
  }
  return { calibrations: { all, byLanguage }, classifier, ranker: halves && CandidateRanker.average(halves[0], halves[1]) };
}

/** Evenly spaced, at most `most` of `ats`. */
function evenlySpaced(ats: readonly number[], most: number): number[] {
  const out: number[] = [];
  const step = Math.max(1, ats.length / most);
  for (let at = 0; at < ats.length; at += step) out.push(ats[Math.floor(at)]!);
  return out;
}

/** Held-out titles coded from similar ones (with the right code among the candidates) each half of the ranker needs; with fewer, the hand-set order serves. */
const minRankerSamples = 300;

/**
 * Two rankers, each learned from the held-out titles coded from similar ones of one half (by place,
 * even and odd) to order the other half for the calibration; null with too few such titles.
 */
function crossFitRankers(held: readonly CodedTitle[], raws: ReadonlyMap<number, RawPrediction | null>): [CandidateRanker, CandidateRanker] | null {
  const halves: [RankerGroup[], RankerGroup[]] = [[], []];
  for (const [at, raw] of raws) {
    if (!raw?.candidates) continue;
    const right = raw.candidates.findIndex((candidate) => candidate.code === held[at]!.code);
    if (right >= 0) halves[at % 2]!.push({ candidates: raw.candidates.map((candidate) => candidate.features), right });
  }
  if (halves[0].length < minRankerSamples || halves[1].length < minRankerSamples) return null;
  const [even, odd] = [CandidateRanker.fit(halves[0]), CandidateRanker.fit(halves[1])];
  return even && odd ? [even, odd] : null;
}

/** A similar title's candidates ordered by the ranker (the score the nearest title's similarity times the first's probability); others as they are. */
function reranked(raw: RawPrediction | null, ranker: CandidateRanker | null): RawPrediction | null {
  if (!raw?.candidates || !ranker) return raw;
  const probabilities = ranker.probabilities(raw.candidates.map((candidate) => candidate.features));
  const votes = raw.candidates.map(({ code }, at) => ({ code, vote: probabilities[at]! })).sort((a, b) => b.vote - a.vote);
  return { ...raw, score: (raw.nearest ?? 1) * votes[0]!.vote, votes };
}

/** The candidates of a title and the raw score of the best, or null when nothing known is close enough. */
function rawPrediction(models: Models, norm: string, allowed: ReadonlySet<string> | undefined, lang: string | undefined): RawPrediction | null {
  if (!norm) return null;
  const { index, centroids } = models;
  const votes = new Map<string, number>();
  const exact = index.exact(norm);
  let evidence: Evidence = 'near';
  let total = 0;
  if (exact !== undefined) {
    for (const { code, weight } of index.codes[exact]!) {
      if (allowed && !allowed.has(code)) continue;
      votes.set(code, (votes.get(code) ?? 0) + weight);
      total += weight;
    }
    const exactLang = index.langs[exact];
    if (total > 0) evidence = lang && exactLang && exactLang !== lang ? 'exactElsewhere' : 'exact';
  } else {
    // The same title in another spelling ('timerman', 'wynkoper', 'boeren knecht'), in the title's language: its codes as an exact match's, calibrated apart.
    for (const doc of variantsOf(models, norm, lang)) {
      for (const { code, weight } of index.codes[doc]!) {
        if (allowed && !allowed.has(code)) continue;
        votes.set(code, (votes.get(code) ?? 0) + weight);
        total += weight;
      }
    }
    if (total > 0) evidence = 'variant';
  }
  const query = index.query(norm);
  const neighbours = index.neighbours(query, neighbourCount);
  const nearest = neighbours.find((neighbour) => neighbour.doc !== exact)?.similarity ?? 0;
  // Codes restricted to a row's associated ones are already narrowed by a person: a weaker likeness will do.
  if (evidence === 'near' && nearest < (allowed ? minSimilarity / 4 : minSimilarity)) return null;
  // Neighbours vote too (in an exact match, far less: they fill the ranks after the known codes).
  const neighbourWeight = evidence === 'near' ? 1 : 0.05;
  const stats = new Map<string, CandidateStats>();
  let neighbourTotal = 0;
  let place = 0;
  for (const { doc, similarity } of neighbours) {
    if (doc === exact) continue;
    const codes = index.codes[doc]!;
    const docWeight = index.weights[doc]!;
    const docLang = index.langs[doc];
    const sameLang = !lang || !docLang || docLang === lang;
    const langWeight = sameLang ? 1 : otherLanguage;
    for (const { code, weight } of codes) {
      if (allowed && !allowed.has(code)) continue;
      const vote = langWeight * neighbourWeight * similarity ** neighbourPower * (weight / docWeight);
      votes.set(code, (votes.get(code) ?? 0) + vote);
      neighbourTotal += vote;
      if (evidence === 'near') noteNeighbour(statsOf(stats, code), similarity, weight / docWeight, sameLang, place);
    }
    place++;
  }
  if (evidence !== 'near') return ranked(votes, evidence, total, neighbourTotal);
  const neighbourVotes = neighbourTotal;
  const phrases = new Map<string, number>();
  const phraseTotal = phraseVotes(index, norm, phrases, allowed);
  for (const [code, vote] of phrases) {
    votes.set(code, (votes.get(code) ?? 0) + vote);
    statsOf(stats, code).phrase = vote / phraseTotal;
  }
  noteTitleParts(index, norm, stats, allowed);
  neighbourTotal += phraseTotal;
  // The codes' centroids weigh in on the neighbours' candidates: a code whose titles share the pieces of this one gains.
  for (const { code, score } of centroidScores(centroids, index, query, votes)) {
    const vote = score ** centroidPower;
    votes.set(code, (votes.get(code) ?? 0) + vote);
    neighbourTotal += vote;
    statsOf(stats, code).centroid = score;
  }
  for (const entry of stats.values()) entry.neighbour /= neighbourVotes || 1;
  return classified(models, norm, lang, { votes, voteTotal: neighbourTotal, stats }, nearest, allowed);
}

/** A known title's codes ranked by their votes; its score is the known title's share for its top code, surer with more evidence behind it. */
function ranked(votes: Map<string, number>, evidence: Evidence, total: number, neighbourTotal: number): RawPrediction | null {
  const order = [...votes].map(([code, vote]) => ({ code, vote })).sort((a, b) => b.vote - a.vote);
  if (order.length === 0) return null;
  const score = (order[0]!.vote / (total + neighbourTotal)) * (total / (total + 0.5));
  return { evidence, score, votes: order };
}

/** What a similar title's neighbours, known titles inside it and centroids say of one candidate code. */
interface CandidateStats {
  /** Its share of the neighbours' votes (raw sums until all are in). */
  neighbour: number;
  /** The neighbours of the title's language (or either's not known) for it, and those of another, by their similarity. */
  sameLanguage: number;
  otherLanguage: number;
  /** The highest similarity of a neighbour for it, and how many neighbours are for it. */
  bestSimilarity: number;
  neighbours: number;
  /** The nearest neighbour's share for it (0 when that one is for other codes). */
  nearest: number;
  /** Its share of the votes of the known titles inside the title, and its centroid's cosine (0 when not asked). */
  phrase: number;
  centroid: number;
  /** Its share of the codes of the longest known title the title starts with, and of the longest it ends with (0 when none). */
  firstPart: number;
  lastPart: number;
}

function statsOf(stats: Map<string, CandidateStats>, code: string): CandidateStats {
  let entry = stats.get(code);
  if (!entry) stats.set(code, (entry = { neighbour: 0, sameLanguage: 0, otherLanguage: 0, bestSimilarity: 0, neighbours: 0, nearest: 0, phrase: 0, centroid: 0, firstPart: 0, lastPart: 0 }));
  return entry;
}

function noteNeighbour(entry: CandidateStats, similarity: number, share: number, sameLanguage: boolean, place: number): void {
  entry.neighbour += similarity ** neighbourPower * share * (sameLanguage ? 1 : otherLanguage);
  if (sameLanguage) entry.sameLanguage += similarity * share;
  else entry.otherLanguage += similarity * share;
  entry.bestSimilarity = Math.max(entry.bestSimilarity, similarity);
  entry.neighbours += share;
  if (place === 0) entry.nearest = share;
}

/** The neighbours', known phrases' and centroids' votes of a similar title, their total and what each candidate got from each. */
interface NearVotes {
  votes: Map<string, number>;
  voteTotal: number;
  stats: Map<string, CandidateStats>;
}

/**
 * A title without an exact match: the neighbours' and centroids' best candidates and the
 * classifier's likeliest codes, each ranked by its share of the votes plus the classifier's
 * probability of it (the hand-set order, which a learned ranker may reorder), with each one's
 * features for the ranker; the score is how close the nearest title is times the top code's share of the whole.
 */
function classified(models: Models, norm: string, lang: string | undefined, near: NearVotes, nearest: number, allowed: ReadonlySet<string> | undefined): RawPrediction | null {
  const { classifier } = models;
  const { votes, voteTotal, stats } = near;
  const query = classifier.query(norm, lang);
  const candidates = [...votes].sort((a, b) => b[1] - a[1]).slice(0, centroidCount);
  const best = classifier.best(query, classifierCandidates, 1).map(({ code }) => code);
  for (const code of best) {
    if ((!allowed || allowed.has(code)) && !candidates.some(([known]) => known === code)) candidates.push([code, 0]);
  }
  // The codes of the title's known first and last parts are candidates too: a coder's convention may code one of several occupations named.
  for (const [code, entry] of stats) {
    if ((entry.firstPart > 0 || entry.lastPart > 0) && !candidates.some(([known]) => known === code)) candidates.push([code, votes.get(code) ?? 0]);
  }
  if (candidates.length === 0) return null;
  const probabilities = classifier.probabilities(
    query,
    candidates.map(([code]) => code),
  );
  let probabilityTotal = 0;
  const handSet = candidates
    .map(([code, vote], at) => {
      probabilityTotal += probabilities[at]!;
      return { code, vote: (voteTotal > 0 ? vote / voteTotal : 0) + classifierWeight * probabilities[at]!, probability: probabilities[at]! };
    })
    .sort((a, b) => b.vote - a.vote);
  const features = candidateFeatures(norm, handSet, stats, new Set(best), nearest, models.frequency);
  const described = handSet.map(({ code }, at) => ({ code, features: features[at]! }));
  const order = handSet.map(({ code, vote }) => ({ code, vote }));
  return { evidence: 'near', score: nearest * (order[0]!.vote / (1 + classifierWeight * probabilityTotal)), votes: order, candidates: described, nearest };
}

/** Each candidate's features for the ranker, the candidates in the hand-set order. */
function candidateFeatures(
  norm: string,
  handSet: readonly { code: string; vote: number; probability: number }[],
  stats: Map<string, CandidateStats>,
  classifierBest: ReadonlySet<string>,
  nearest: number,
  frequency: ReadonlyMap<string, number>,
): Float64Array[] {
  const topVote = handSet[0]!.vote || 1;
  const voteSum = handSet.reduce((sum, candidate) => sum + candidate.vote, 0) || 1;
  // The votes of the candidates that share a candidate's first three and first four characters (its groups in a hierarchical code such as HISCO's or ISCO's): a code whose siblings are voted for too is likelier.
  const groupShare = (code: string, digits: number) => handSet.reduce((sum, other) => sum + (other.code.slice(0, digits) === code.slice(0, digits) ? other.vote : 0), 0) / voteSum;
  const topProbability = Math.max(...handSet.map((candidate) => candidate.probability)) || 1;
  const topCentroid = Math.max(0, ...handSet.map((candidate) => stats.get(candidate.code)?.centroid ?? 0)) || 1;
  const joined = joinsOccupations(norm) ? 1 : 0;
  return handSet.map(({ code, vote, probability }, rank) => {
    const entry = stats.get(code);
    return Float64Array.from([
      vote,
      vote / topVote,
      rank === 0 ? 1 : 0,
      1 / (rank + 1),
      entry?.neighbour ?? 0,
      entry?.sameLanguage ?? 0,
      entry?.otherLanguage ?? 0,
      entry?.bestSimilarity ?? 0,
      (entry?.bestSimilarity ?? 0) / (nearest || 1),
      entry?.neighbours ?? 0,
      entry?.nearest ?? 0,
      entry?.phrase ?? 0,
      entry?.centroid ?? 0,
      (entry?.centroid ?? 0) / topCentroid,
      probability,
      Math.log(probability + 1e-4),
      probability / topProbability,
      classifierBest.has(code) ? 1 : 0,
      frequency.get(code) ?? 0,
      groupShare(code, 3),
      groupShare(code, 4),
      entry?.firstPart ?? 0,
      entry?.lastPart ?? 0,
      joined * (entry?.firstPart ?? 0),
      joined * (entry?.lastPart ?? 0),
    ]);
  });
}

/**
 * Known titles inside this one ('fish monger' in 'fish monger retired at sea', 'fitter' in
 * 'apprentice fitter'): each run of words that is a known title votes for its codes, the longer
 * the run the more. Answers the votes added.
 */
function phraseVotes(index: TitleIndex, norm: string, votes: Map<string, number>, allowed: ReadonlySet<string> | undefined): number {
  const words = norm.split(' ');
  if (words.length < 2 || words.length > 12) return 0;
  let added = 0;
  for (let length = words.length - 1; length >= 1; length--) {
    for (let start = 0; start + length <= words.length; start++) {
      const doc = index.exact(words.slice(start, start + length).join(' '));
      if (doc === undefined) continue;
      const codes = index.codes[doc]!;
      const docWeight = index.weights[doc]!;
      const strength = phraseWeight * (length / words.length) ** 2;
      for (const { code, weight } of codes) {
        if (allowed && !allowed.has(code)) continue;
        const vote = strength * (weight / docWeight);
        votes.set(code, (votes.get(code) ?? 0) + vote);
        added += vote;
      }
    }
  }
  return added;
}

/**
 * The codes of the longest known title the title starts with, and of the longest it ends with
 * ('smit' and 'landbouwer' in 'smit en landbouwer', 'farmer' and 'brick merchant' in 'farmer and
 * brick merchant'), as each candidate's share of them: which part names the coded occupation is a
 * coding convention (the HSN and the English sample code the first named), learned by the ranker.
 */
function noteTitleParts(index: TitleIndex, norm: string, stats: Map<string, CandidateStats>, allowed: ReadonlySet<string> | undefined): void {
  const words = norm.split(' ');
  if (words.length < 2 || words.length > 12) return;
  const note = (doc: number, part: 'firstPart' | 'lastPart') => {
    const docWeight = index.weights[doc]!;
    for (const { code, weight } of index.codes[doc]!) {
      if (!allowed || allowed.has(code)) statsOf(stats, code)[part] = weight / docWeight;
    }
  };
  // The longest run of the title's words, short of all of them, that is a known title: from its first word, or up to its last.
  const longest = (run: (length: number) => string[]) => {
    for (let length = words.length - 1; length >= 1; length--) {
      const doc = index.exact(run(length).join(' '));
      if (doc !== undefined) return doc;
    }
    return undefined;
  };
  const first = longest((length) => words.slice(0, length));
  if (first !== undefined) note(first, 'firstPart');
  const last = longest((length) => words.slice(words.length - length));
  if (last !== undefined) note(last, 'lastPart');
}

/** Words that join two occupations in one title ('and' and its kin in the languages the field codes): the title's parts are then occupations of their own. */
const joiningWords = new Set(['and', 'en', 'og', 'och', 'und', 'et', 'e', 'y', 'or', 'eller', 'ou', 'oder']);

function joinsOccupations(norm: string): boolean {
  return norm.split(' ').some((word, at, words) => at > 0 && at < words.length - 1 && joiningWords.has(word));
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;
