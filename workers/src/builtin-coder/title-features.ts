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

export { normaliseTitle };
