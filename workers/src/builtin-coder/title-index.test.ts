import { describe, expect, it } from 'vitest';
import { coderNorm, titleFeatureKeys, titleFeatures } from './title-features.js';
import { type CodedTitle, TitleIndex } from './title-index.js';

const coded = (title: string, code: string): CodedTitle => ({ norm: coderNorm(title), code, weight: 1 });

const examples: CodedTitle[] = [
  ...['skomager', 'skomagermester', 'skomagersvend', 'schoenmaker', 'schoenmakersknecht', 'shoemaker', 'shoe maker'].map((title) => coded(title, '80110')),
  ...['smed', 'smedemester', 'smedesvend', 'grovsmed', 'smid', 'hoefsmid', 'blacksmith', 'smith'].map((title) => coded(title, '83110')),
  ...['bager', 'bagermester', 'bagersvend', 'bakker', 'bakkersknecht', 'baker', 'master baker'].map((title) => coded(title, '77610')),
  // The same words in another order: the same features, so the same likeness to any query.
  coded('maker shoe', '80110'),
];

/** Cosine of two titles' vectors as the index weighs them, computed the long way round (equal within rounding counts as a tie). */
function cosine(index: TitleIndex, a: string, b: string): number {
  const left = new Map(index.vector(a));
  return index.vector(b).reduce((sum, [id, weight]) => sum + weight * (left.get(id) ?? 0), 0);
}

describe('the index of known titles', () => {
  const index = TitleIndex.build(examples);

  it('finds the k titles of highest cosine, most alike first, ties in the order the titles were learned', () => {
    for (const query of ['shoe maker', 'skomagr', 'bakkersjongen', 'smedemaster', 'master smith']) {
      const found = index.neighbours(coderNorm(query), 4);
      const expected = index.norms
        .map((norm, doc) => ({ doc, similarity: cosine(index, coderNorm(query), norm) }))
        .filter(({ similarity }) => similarity > 0)
        .sort((a, b) => (Math.abs(b.similarity - a.similarity) > 1e-6 ? b.similarity - a.similarity : a.doc - b.doc))
        .slice(0, 4);
      expect(found.map(({ doc }) => index.norms[doc])).toEqual(expected.map(({ doc }) => index.norms[doc]));
      for (const [at, { similarity }] of found.entries()) expect(similarity).toBeCloseTo(expected[at]!.similarity, 5);
    }
    const [first, second] = index.neighbours(coderNorm('shoe maker'), 2);
    expect([index.norms[first!.doc], index.norms[second!.doc]]).toEqual(['shoe maker', 'maker shoe']);
  });

  it('gives fewer than k when fewer titles share a piece, and none for a title sharing nothing', () => {
    expect(index.neighbours(coderNorm('smid'), 100).length).toBeLessThan(examples.length);
    expect(index.neighbours(coderNorm('xyzzy'), 5)).toEqual([]);
    expect(index.neighbours(coderNorm('smid'), 0)).toEqual([]);
  });
});

describe('the features of a title, 3-grams numbered', () => {
  const alphabet = ' abcdefghijklmnopqrstuvwxyz0123456789';
  const letters = (key: string | number) =>
    typeof key === 'string' ? key : `${alphabet[Math.floor(key / alphabet.length ** 2)]}${alphabet[Math.floor(key / alphabet.length) % alphabet.length]}${alphabet[key % alphabet.length]}`;

  it('are the named features, in the same order with the same counts, whatever the letters', () => {
    for (const norm of ['skomager', 'farm labourer 2', 'ägare ägare', 'bäcker und bäcker', 'w x', 'aaa aaa', 'mäster']) {
      expect([...titleFeatureKeys(norm)].map(([key, count]) => [letters(key), count])).toEqual([...titleFeatures(norm)]);
    }
    expect([...titleFeatureKeys('ägare').keys()].filter((key) => typeof key === 'string')).toEqual(['w:ägare', ' äg', 'äga']);
  });
});
