import { describe, expect, it } from 'vitest';
import { agreementByLevel, agreementByPair, codingAt, cohensKappa, digitLevels, type DoubleCoding, schemeDigits, treeLevels } from './agreement.js';

/** `count` entries coded `a` by the first coder and `b` by the second. */
const cells = (count: number, a: string, b: string) => Array.from({ length: count }, () => [a, b] as const);

describe("Cohen's κ", () => {
  it('matches the textbook 2×2 table: 50 entries, po = 0.7, pe = 0.5, κ = 0.4', () => {
    // Yes/Yes 20, Yes/No 5, No/Yes 10, No/No 15: the first coder says yes to 25, the second to 30.
    const kappa = cohensKappa([...cells(20, 'yes', 'yes'), ...cells(5, 'yes', 'no'), ...cells(10, 'no', 'yes'), ...cells(15, 'no', 'no')]);
    expect(kappa.entries).toBe(50);
    expect(kappa.agreement).toBeCloseTo(0.7, 12);
    expect(kappa.expected).toBeCloseTo(0.5, 12);
    expect(kappa.kappa).toBeCloseTo(0.4, 12);
    expect(kappa.kappaNote).toBeUndefined();
  });

  it('is 1 for perfect agreement over several categories and negative below chance', () => {
    expect(cohensKappa([...cells(3, 'a', 'a'), ...cells(2, 'b', 'b')]).kappa).toBeCloseTo(1, 12);
    // Always disagreeing on two balanced categories: po = 0, pe = 0.5, κ = −1.
    expect(cohensKappa([...cells(4, 'a', 'b'), ...cells(4, 'b', 'a')]).kappa).toBeCloseTo(-1, 12);
  });

  it('has no κ, and says why, when one coder used one category only (never NaN)', () => {
    const one = cohensKappa([...cells(6, 'a', 'a'), ...cells(4, 'a', 'b')]);
    expect(one.kappa).toBeNull();
    expect(one.agreement).toBeCloseTo(0.6, 12);
    expect(one.kappaNote).toMatch(/first reviewer gave every entry one code/);
    const both = cohensKappa(cells(7, 'a', 'a'));
    expect(both).toMatchObject({ entries: 7, agreement: 1, kappa: null });
    expect(both.kappaNote).toMatch(/0\/0/);
    expect(cohensKappa([])).toMatchObject({ entries: 0, agreement: null, kappa: null, kappaNote: 'No double-coded entries.' });
  });
});

describe('levels', () => {
  it("cuts HISCO codes at 1, 2, 3 and 5 digits, keeping HISCO's negative codes whole", () => {
    const levels = digitLevels(schemeDigits.hisco!);
    expect(levels.map((level) => level.level)).toEqual([1, 2, 3, 5]);
    expect(levels.map((level) => level.cut('hisco:80110'))).toEqual(['hisco:8', 'hisco:80', 'hisco:801', 'hisco:80110']);
    expect(levels.map((level) => level.cut('hisco:-1'))).toEqual(['hisco:-1', 'hisco:-1', 'hisco:-1', 'hisco:-1']);
    expect(levels.at(-1)!.name).toBe('5 digits (whole code)');
  });

  it("cuts ISCO-08 codes at 1 to 4 digits", () => {
    const levels = digitLevels(schemeDigits.isco08!);
    expect(levels.map((level) => level.cut('isco08:7536'))).toEqual(['isco08:7', 'isco08:75', 'isco08:753', 'isco08:7536']);
  });

  it("cuts any other scheme's codes at the depths of its tree", () => {
    const parents: Record<string, string> = { 'pst2:1,2,3': 'pst2:1,2', 'pst2:1,2': 'pst2:1', 'pst2:1,5': 'pst2:1' };
    const ancestry = (uri: string) => {
      const chain = [uri];
      while (parents[chain[0]!]) chain.unshift(parents[chain[0]!]!);
      return chain;
    };
    const levels = treeLevels(ancestry, 3);
    expect(levels.map((level) => level.cut('pst2:1,2,3'))).toEqual(['pst2:1', 'pst2:1,2', 'pst2:1,2,3']);
    expect(levels.map((level) => level.cut('pst2:1,5'))).toEqual(['pst2:1', 'pst2:1,5', 'pst2:1,5']);
  });

  it('compares the codes of an entry as a sorted set', () => {
    const [unit] = digitLevels([3]);
    expect(codingAt(['hisco:80120', 'hisco:61110', 'hisco:80110'], unit!)).toBe('hisco:611 | hisco:801');
  });
});

describe('agreement by level and by pair', () => {
  const coding = (a: string, first: string[], b: string, second: string[]): DoubleCoding => ({ first: { reviewer: a, uris: first }, second: { reviewer: b, uris: second } });
  const codings = [
    coding('ann', ['hisco:80110'], 'bo', ['hisco:80110']),
    coding('ann', ['hisco:80110'], 'bo', ['hisco:80120']),
    coding('bo', ['hisco:61110'], 'ann', ['hisco:62105']),
    coding('cy', ['hisco:61110'], 'ann', ['hisco:61110']),
  ];

  it('agrees more at the top of the scheme than on whole codes', () => {
    const levels = agreementByLevel(codings, digitLevels(schemeDigits.hisco!));
    expect(levels.map((level) => [level.level, level.entries, level.agreement])).toEqual([
      [1, 4, 1],
      [2, 4, 0.75],
      [3, 4, 0.75],
      [5, 4, 0.5],
    ]);
    // Whole codes: first 80110, 80110, 61110, 61110; second 80110, 80120, 62105, 61110; pe = 0.5·0.25 + 0.5·0.25 = 0.25.
    expect(levels[3]!.kappa).toBeCloseTo((0.5 - 0.25) / 0.75, 12);
    // One digit: both reviewers always agree, 8 and 6 half each: pe = 0.5, κ = 1.
    expect(levels[0]!.kappa).toBeCloseTo(1, 12);
  });

  it('groups the entries by pair of reviewers, whoever coded first', () => {
    const pairs = agreementByPair(codings, digitLevels([5]));
    expect(pairs.map((pair) => [pair.reviewers, pair.levels[0]!.entries, pair.levels[0]!.agreement])).toEqual([
      [['ann', 'bo'], 3, 1 / 3],
      [['ann', 'cy'], 1, 1],
    ]);
    expect(pairs[1]!.levels[0]!.kappa).toBeNull();
  });
});
