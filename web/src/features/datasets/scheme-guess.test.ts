import { describe, expect, it } from 'vitest';
import type { CodeMatches } from '@og/shared/contracts/schemes';
import { codeSampleOf, codeSharePercents, guessScheme } from './scheme-guess';

const matches = (sampled: number, counts: Partial<Record<CodeMatches['schemes'][number]['scheme'], number>>): CodeMatches => ({
  sampled,
  schemes: Object.entries(counts).map(([scheme, count]) => ({ scheme: scheme as CodeMatches['schemes'][number]['scheme'], matches: count })),
});

describe('the scheme of a code column', () => {
  it('is the scheme with most of the sampled codes, when that is most of them', () => {
    expect(guessScheme(matches(200, { hisco: 192, isco08: 14, occ1950: 3 }), 'hisco')).toBe('hisco');
    expect(guessScheme(matches(200, { hisco: 100, isco08: 14 }), 'code')).toBe('hisco');
    expect(guessScheme(matches(200, { hisco: 99, isco08: 14 }), 'code')).toBeNull();
    expect(guessScheme(matches(0, { hisco: 0 }), 'code')).toBeNull();
    expect(guessScheme(matches(10, {}), 'code')).toBeNull();
  });

  it('is the one the column is named after when schemes tie, else none', () => {
    // ESCO holds the ISCO-08 groups under the same codes.
    const isco = matches(40, { isco08: 40, esco: 40, hisco: 2 });
    expect(guessScheme(isco, 'isco08')).toBe('isco08');
    expect(guessScheme(isco, 'ISCO')).toBe('isco08');
    expect(guessScheme(isco, 'code')).toBeNull();
    expect(guessScheme(matches(40, { hisco: 30, isco08: 30 }), 'hisco_1')).toBe('hisco');
    expect(guessScheme(matches(40, { nace2: 40, 'nace2.1': 40 }), 'nace')).toBeNull();
  });

  it('shows each share in whole percent, 100% only when every code is one', () => {
    expect(codeSharePercents(matches(300, { hisco: 299, isco08: 171, pst2: 0 }))).toEqual(
      new Map([
        ['hisco', 99],
        ['isco08', 57],
        ['pst2', 0],
      ]),
    );
    expect(codeSharePercents(matches(7, { hisco: 7 })).get('hisco')).toBe(100);
  });
});

describe('the codes sampled', () => {
  it('are the distinct non-empty values of the code column, trimmed, without ones a request may not send', () => {
    const rows = [['baker', ' 77610 '], ['smith', '83110'], ['baker', '77610'], ['weaver', ''], ['nobody'], ['x', 'y'.repeat(301)], ['z', 'a\u0001b']];
    expect(codeSampleOf(['title', 'hisco'], rows, 'hisco')).toEqual(['77610', '83110']);
    expect(codeSampleOf(['title', 'hisco'], rows, null)).toEqual([]);
    expect(codeSampleOf(['title', 'hisco'], rows, 'gone')).toEqual([]);
  });

  it('are at most as many as one request may send', () => {
    const rows = Array.from({ length: 1_500 }, (_, index) => [String(index)]);
    expect(codeSampleOf(['code'], rows, 'code')).toHaveLength(1_000);
  });
});
