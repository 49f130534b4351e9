/**
 * The codes' own words compared across schemes and languages: each code's name, its description
 * and the names of the groups above it, as character 3- and 4-grams of its normalised words, TF-IDF weighted,
 * compared by cosine through an inverted index over the target's codes (never all pairs of
 * strings). Character n-grams let 'cordonnier' and 'cordwainer', or 'Agriculteurs' and
 * 'Agricultural', share pieces where whole words never would.
 */

/** The words of a name or description: lower case, accents dropped, letters and digits only. */
export function normalisedWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1);
}

const gramSizes = [3, 4] as const;

/** The n-grams of a text's words, each word padded with a space either side, with their counts. */
export function wordGrams(text: string): Map<string, number> {
  const grams = new Map<string, number>();
  for (const word of normalisedWords(text)) {
    const padded = ` ${word} `;
    for (const size of gramSizes) {
      for (let at = 0; at + size <= padded.length; at++) {
        const gram = padded.slice(at, at + size);
        grams.set(gram, (grams.get(gram) ?? 0) + 1);
      }
    }
  }
  return grams;
}

/** A code's words: its name and its description (either may be empty). */
export interface CodeText {
  code: string;
  name: string;
  description: string;
  /** The names of the groups above it, nearest first (a unit group's words place a terse name). */
  context: string;
}

/**
 * How much a description's n-grams (normalised as a whole) count in a code's vector, against its
 * name's, and the groups' names above it. Chosen on the suggestions bench (README): description
 * 0.2, 0.35, 0.5, 0.7, 1 gave a mean of both held-out pairs' measures of 0.499, 0.505, 0.512,
 * 0.515, 0.523; groups' names 0, 0.3, 0.5, 0.8, 1.2 (description 0.35) 0.460, 0.486, 0.498, 0.505, 0.492.
 */
export const descriptionShare = 1;
export const contextShare = 0.8;
/** The query n-grams used, the heaviest first: the rest add little to a cosine and much to its time. */
const queryGrams = 120;

type SparseVector = Map<number, number>;

/** The name's and description's TF-IDF vectors, each normalised, summed with the description's share and normalised again. */
function codeVector(text: CodeText, idf: (gram: string) => number | null, ids: (gram: string) => number | null): SparseVector {
  const vector: SparseVector = new Map();
  const add = (source: string, share: number) => {
    const part: [number, number][] = [];
    let norm = 0;
    for (const [gram, count] of wordGrams(source)) {
      const id = ids(gram);
      const weight = idf(gram);
      if (id === null || weight === null) continue;
      const value = (1 + Math.log(count)) * weight;
      part.push([id, value]);
      norm += value * value;
    }
    if (norm === 0) return;
    const scale = share / Math.sqrt(norm);
    for (const [id, value] of part) vector.set(id, (vector.get(id) ?? 0) + value * scale);
  };
  add(text.name, 1);
  if (text.description) add(text.description, descriptionShare);
  if (text.context) add(text.context, contextShare);
  let norm = 0;
  for (const value of vector.values()) norm += value * value;
  if (norm > 0) for (const [id, value] of vector) vector.set(id, value / Math.sqrt(norm));
  return vector;
}

/** The target's codes, searchable by the words of a source code. */
export class CodeWordsIndex {
  private constructor(
    private readonly codes: string[],
    private readonly postings: Map<number, { doc: number; weight: number }[]>,
    private readonly gramIds: Map<string, number>,
    private readonly idfs: Map<string, number>,
  ) {}

  /**
   * Learns the n-grams' IDF from both schemes' codes (a piece common in either says little) and
   * indexes the target's codes.
   */
  static build(targets: readonly CodeText[], sources: readonly CodeText[]): CodeWordsIndex {
    const documentFrequency = new Map<string, number>();
    const all = [...targets, ...sources];
    for (const text of all) {
      const grams = new Set([...wordGrams(text.name).keys(), ...wordGrams(text.description).keys(), ...wordGrams(text.context).keys()]);
      for (const gram of grams) documentFrequency.set(gram, (documentFrequency.get(gram) ?? 0) + 1);
    }
    const idfs = new Map<string, number>();
    const gramIds = new Map<string, number>();
    for (const [gram, frequency] of documentFrequency) {
      idfs.set(gram, Math.log((all.length + 1) / (frequency + 1)) + 1);
      gramIds.set(gram, gramIds.size);
    }
    const postings = new Map<number, { doc: number; weight: number }[]>();
    targets.forEach((text, doc) => {
      const vector = codeVector(text, (gram) => idfs.get(gram) ?? null, (gram) => gramIds.get(gram) ?? null);
      for (const [id, weight] of vector) {
        const list = postings.get(id);
        if (list) list.push({ doc, weight });
        else postings.set(id, [{ doc, weight }]);
      }
    });
    return new CodeWordsIndex(
      targets.map((text) => text.code),
      postings,
      gramIds,
      idfs,
    );
  }

  /** The `k` target codes whose words are most like the source code's, with their cosine, best first. */
  search(text: CodeText, k: number): { code: string; similarity: number }[] {
    const vector = [...codeVector(text, (gram) => this.idfs.get(gram) ?? null, (gram) => this.gramIds.get(gram) ?? null)];
    if (vector.length === 0) return [];
    vector.sort((a, b) => b[1] - a[1]);
    const scores = new Float64Array(this.codes.length);
    const touched: number[] = [];
    for (const [id, weight] of vector.slice(0, queryGrams)) {
      for (const posting of this.postings.get(id) ?? []) {
        if (scores[posting.doc] === 0) touched.push(posting.doc);
        scores[posting.doc]! += weight * posting.weight;
      }
    }
    return touched
      .map((doc) => ({ code: this.codes[doc]!, similarity: Math.min(1, scores[doc]!) }))
      .sort((a, b) => b.similarity - a.similarity || (a.code < b.code ? -1 : 1))
      .slice(0, k);
  }
}
