import { normaliseTitle } from '@og/shared/domain/title-norm';

/**
 * What the built-in coder compares titles by: character 3-grams of each word (padded, so word
 * starts and ends count: OCR noise and spelling variants still share most of them), and the words
 * themselves (word order aside). Titles are normalised first (case, accents, punctuation aside).
 */
export function titleFeatures(norm: string): Map<string, number> {
  const features = new Map<string, number>();
  const add = (feature: string, weight: number) => features.set(feature, (features.get(feature) ?? 0) + weight);
  for (const word of norm.split(' ')) {
    if (!word) continue;
    add(`w:${word}`, 1);
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) add(padded.slice(i, i + 3), 1);
  }
  return features;
}

/** The letters of normalised titles a 3-gram is numbered over: a space, a–z and 0–9. */
const alphabet = ' abcdefghijklmnopqrstuvwxyz0123456789';
const letterNumbers = new Int8Array(128).fill(-1);
for (let at = 0; at < alphabet.length; at++) letterNumbers[alphabet.charCodeAt(at)] = at;
const letterNumber = (code: number) => (code < 128 ? letterNumbers[code]! : -1);
/** How many 3-grams are numbered (each of the alphabet's letters in each of three places). */
export const trigramCount = alphabet.length ** 3;

/**
 * The title's features as `titleFeatures` gives them, in the same order with the same counts, but a
 * 3-gram of the alphabet given as its number (0 to trigramCount − 1) rather than its letters: most
 * features then need no string made and hashed, which is where an index's build spends its time.
 */
export function titleFeatureKeys(norm: string): Map<string | number, number> {
  const features = new Map<string | number, number>();
  for (const word of norm.split(' ')) {
    if (!word) continue;
    const wordKey = `w:${word}`;
    features.set(wordKey, (features.get(wordKey) ?? 0) + 1);
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) {
      const first = letterNumber(padded.charCodeAt(i));
      const second = letterNumber(padded.charCodeAt(i + 1));
      const third = letterNumber(padded.charCodeAt(i + 2));
      const key = first >= 0 && second >= 0 && third >= 0 ? (first * alphabet.length + second) * alphabet.length + third : padded.slice(i, i + 3);
      features.set(key, (features.get(key) ?? 0) + 1);
    }
  }
  return features;
}

/**
 * Words that say something about the person, not the occupation ('deceased', 'retired', 'late',
 * 'former'), in the languages of the sources the field codes: left out when titles are compared,
 * so 'labourer (deceased)' is the known 'labourer'. Normalised forms (no accents).
 */
const statusWords = new Set([
  // English
  'deceased', 'decd', 'dec', 'late', 'retired', 'ret', 'formerly', 'former', 'ex', 'unemployed',
  // Danish, Norwegian, Swedish
  'afdode', 'afd', 'fhv', 'forhenvaerende', 'forhen', 'pensioneret', 'pens', 'avliden', 'forre', 'fd', 'fordetta', 'pensionerad', 'pensjonert',
  // German, Dutch
  'ehemaliger', 'ehemals', 'verstorben', 'verst', 'gewesener', 'pensioniert', 'gewezen', 'overleden', 'wijlen', 'gepensioneerd', 'oud',
  // French, Italian, Spanish, Portuguese
  'ancien', 'feu', 'decede', 'retraite', 'defunto', 'fu', 'ex', 'pensionato', 'jubilado', 'difunto', 'aposentado', 'falecido',
]);

/** The title as the coder compares it: normalised, status words left out (unless that leaves nothing). */
export function coderNorm(title: string): string {
  const norm = normaliseTitle(title);
  const words = norm.split(' ').filter((word) => !statusWords.has(word));
  return words.length > 0 ? words.join(' ') : norm;
}

export { normaliseTitle };
