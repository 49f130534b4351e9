import { describe, expect, it } from 'vitest';
import { CodeCentroids } from './code-centroids.js';
import { coderNorm } from './title-features.js';
import { type CodedTitle, TitleIndex } from './title-index.js';

const coded = (title: string, code: string): CodedTitle => ({ norm: coderNorm(title), code, weight: 1 });

/** Danish and Dutch titles of three codes, each code with several spellings and compounds. */
const examples: CodedTitle[] = [
  ...['skomager', 'skomagermester', 'skomagersvend', 'schoenmaker', 'schoenmakersknecht'].map((title) => coded(title, '80110')),
  ...['smed', 'smedemester', 'smedesvend', 'grovsmed', 'smid', 'hoefsmid'].map((title) => coded(title, '83110')),
  ...['bager', 'bagermester', 'bagersvend', 'bakker', 'bakkersknecht'].map((title) => coded(title, '77610')),
];
const codes = ['80110', '83110', '77610'];

describe('code centroids', () => {
  const index = TitleIndex.build(examples);
  const centroids = CodeCentroids.build(index);
  const best = (title: string) => {
    const scores = centroids.score(index, coderNorm(title), codes);
    return codes[scores.indexOf(Math.max(...scores))];
  };

  it('rates highest the code whose titles share the most pieces of an unseen spelling', () => {
    expect(best('skoemager')).toBe('80110');
    expect(best('schomager')).toBe('80110');
    expect(best('smedemaster')).toBe('83110');
    expect(best('bakkersjongen')).toBe('77610');
  });

  it('gives cosines from 0 to 1: 0 for a code not known or a title sharing no piece', () => {
    for (const score of centroids.score(index, coderNorm('skomagersmed'), codes)) {
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(1.0001);
    }
    expect(centroids.score(index, coderNorm('skomager'), ['99999'])).toEqual([0]);
    expect(centroids.score(index, coderNorm('xyzzy'), codes)).toEqual([0, 0, 0]);
  });
});
