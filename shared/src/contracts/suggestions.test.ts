import { describe, expect, it } from 'vitest';
import { invalidSchemePairing, suggestionsFileName, suggestionsFile, suggestionsFor } from './suggestions.js';

describe('suggestions file', () => {
  it('names the pair with the scheme ids sorted, and refuses a pair with a side missing', () => {
    expect(suggestionsFileName('soc2020', 'pst2')).toBe('pst2-soc2020.json');
    expect(suggestionsFileName('pst2', 'soc2020')).toBe('pst2-soc2020.json');
    expect(() => suggestionsFileName('pst2', null)).toThrow(invalidSchemePairing);
  });

  it("reads a code's array by comparing the scheme names, and offers the other array's codes once each", () => {
    const file = suggestionsFile.parse([
      [['1,1,0,0'], ['5111', '5112']],
      [['1,1,0,0', '1,2,0,0'], ['5112', '9111']],
    ]);
    expect(suggestionsFor(file, 'pst2', 'soc2020', '1,1,0,0')).toEqual(['5111', '5112', '9111']);
    expect(suggestionsFor(file, 'soc2020', 'pst2', '9111')).toEqual(['1,1,0,0', '1,2,0,0']);
    expect(suggestionsFor(file, 'soc2020', 'pst2', '0000')).toEqual([]);
  });

  it('refuses a file that is not a list of pairs of code lists', () => {
    expect(suggestionsFile.safeParse([['a', 'b']]).success).toBe(false);
    expect(suggestionsFile.safeParse({ pairs: [] }).success).toBe(false);
  });
});
