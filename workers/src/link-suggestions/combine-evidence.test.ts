import { describe, expect, it } from 'vitest';
import { candidateRelation, combinedScore, evidenceWords, kindChances } from './combine-evidence.js';
import { coCodedTitles } from './known-titles.js';

describe('combining the evidence', () => {
  const trust = { name: 0.8, titles: 0.6, coder: 0.6, chain: 0.8 };

  it('reads each kind as a chance: the cosine, the share of co-coded titles with a title of doubt, the coder’s mean confidence over its readings, a chain’s weighted walk', () => {
    expect(kindChances({ name: 0.71, titles: { both: 8, ofSource: 10 }, coder: { mean: 0.5, conf: 0.83, read: 'shoemaker' }, chain: { walk: 0.5, relation: 'exactMatch', via: [] } })).toEqual({
      name: 0.71,
      titles: 8 / 11,
      coder: 0.5,
      chain: 0.5,
    });
    expect(kindChances({ titles: { both: 1, ofSource: 1 } }).titles).toBe(0.5);
    expect(kindChances({ chain: { walk: 0.1, relation: 'exactMatch', via: [] } }).chain).toBeCloseTo(0.3, 12);
  });

  it('scores a noisy-or of the trusted chances: each kind only raises it, and it stays in [0, 1]', () => {
    expect(combinedScore({}, trust)).toBe(0);
    expect(combinedScore({ name: 0.5 }, trust)).toBeCloseTo(0.4, 12);
    expect(combinedScore({ name: 0.5, coder: { mean: 0.5, conf: 0.7, read: 'x' } }, trust)).toBeCloseTo(1 - 0.6 * 0.7, 12);
    expect(combinedScore({ name: 0.5, coder: { mean: 0.5, conf: 0.7, read: 'x' } }, trust)).toBeGreaterThan(combinedScore({ name: 0.5 }, trust));
    expect(combinedScore({ name: 1, titles: { both: 100, ofSource: 100 }, coder: { mean: 1, conf: 1, read: 'x' }, chain: { walk: 1, relation: 'exactMatch', via: [] } }, trust)).toBeLessThanOrEqual(1);
    expect(combinedScore({ name: 0.9 }, { ...trust, name: 0 })).toBe(0);
  });

  it('takes a chain’s composed relation, else exact for the same words, else close', () => {
    expect(candidateRelation({ name: 0.99, chain: { walk: 1, relation: 'broadMatch', via: [] } })).toBe('broadMatch');
    expect(candidateRelation({ name: 0.97 })).toBe('exactMatch');
    expect(candidateRelation({ name: 0.6, coder: { mean: 0.9, conf: 0.9, read: 'x' } })).toBe('closeMatch');
  });

  it('says the evidence in words', () => {
    expect(evidenceWords({ name: 0.71, titles: { both: 12, ofSource: 14 }, coder: { mean: 0.6, conf: 0.83, read: 'Shoemaker' }, chain: { walk: 1, relation: 'exactMatch', via: ['OCC1950 290'] } }, 'ISCO-08')).toEqual([
      { kind: 'titles', detail: '12 titles coded in both' },
      { kind: 'coder', detail: "the ISCO-08 coder reads 'Shoemaker' at 0.83" },
      { kind: 'chain', detail: 'via OCC1950 290' },
      { kind: 'name', detail: 'name similarity 0.71' },
    ]);
    expect(evidenceWords({ titles: { both: 1, ofSource: 1 }, chain: { walk: 1, relation: 'exactMatch', via: ['A 1', 'B 2', 'C 3', 'D 4', 'E 5'] } }, 'X')).toEqual([
      { kind: 'titles', detail: '1 title coded in both' },
      { kind: 'chain', detail: 'via A 1, B 2, C 3 and 2 more' },
    ]);
  });
});

describe('titles coded in both schemes', () => {
  it('counts, per source code, the titles that also carry each target code, and its titles carrying any', () => {
    const source = new Map([
      ['schipper', new Map([['98135', 1]])],
      ['binnenschipper', new Map([['98135', 1]])],
      ['kaarsenmaker', new Map([['98136', 1]])],
      ['only here', new Map([['98137', 1]])],
    ]);
    const target = new Map([
      ['schipper', new Map([['901', 1]])],
      ['binnenschipper', new Map([['901', 1], ['902', 1]])],
      ['kaarsenmaker', new Map([['902', 1]])],
    ]);
    const found = coCodedTitles(source, target);
    expect(found.get('98135')).toEqual({ titles: 2, targets: new Map([['901', 2], ['902', 1]]) });
    expect(found.get('98136')).toEqual({ titles: 1, targets: new Map([['902', 1]]) });
    expect(found.has('98137')).toBe(false);
  });
});
