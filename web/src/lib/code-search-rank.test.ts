import { describe, expect, it } from 'vitest';
import { groupValuesOf, matchTier, rankCodeResults, treeSearchTermOf } from './code-search-rank';

const record = (value: string, name: string, parent?: string) => ({ value, label: value, name, parent });

describe('rankCodeResults', () => {
  const farmers = record('61', 'Farmers');
  const general = record('61110', 'General Farmer', '611');
  const group611 = record('611', 'General Farmers', '61');
  const fisher = record('64100', 'Fisherman, farmer on the side', '641');
  const groups = groupValuesOf([farmers, general, group611, fisher]);

  it('puts an occupation before a group that matches as well', () => {
    const ranked = rankCodeResults([farmers, group611, general, fisher], 'farmer', groups);
    expect(ranked.map((r) => r.value)).toEqual(['61110', '64100', '61', '611']);
  });

  it('puts an exact code first, then an exact name', () => {
    expect(rankCodeResults([general, farmers], '61', groups)[0]!.value).toBe('61');
    expect(rankCodeResults([general, fisher, farmers], 'Farmers', groups)[0]!.value).toBe('61');
    expect(rankCodeResults([farmers, general], 'general farmer', groups)[0]!.value).toBe('61110');
  });

  it('keeps the search order within a tier', () => {
    const a = record('1', 'Tailor');
    const b = record('2', 'Tailoress');
    expect(rankCodeResults([b, a], 'tail', new Set()).map((r) => r.value)).toEqual(['2', '1']);
  });
});

describe('matchTier', () => {
  it('folds case, accents and punctuation', () => {
    expect(matchTier({ label: 'x', name: 'Café-owner' }, 'cafe owner')).toBe(1);
    expect(matchTier({ label: 'x', name: 'Shoe maker' }, 'sho mak')).toBe(2);
    expect(matchTier({ label: 'x', name: 'Shoemaker' }, 'cobbler')).toBe(3);
  });
});

describe('treeSearchTermOf', () => {
  it('keeps the words of a title and drops the rest', () => {
    expect(treeSearchTermOf('  skomager (enke), 3 børn ')).toBe('skomager enke 3 børn');
    expect(treeSearchTermOf("farmer's son")).toBe("farmer's son");
  });

  it('cuts at a word end within 32 characters', () => {
    expect(treeSearchTermOf('agricultural labourer and part time fisherman')).toBe('agricultural labourer and part');
    expect(treeSearchTermOf('x'.repeat(40))).toHaveLength(32);
    expect(treeSearchTermOf('—')).toBe('');
  });
});
