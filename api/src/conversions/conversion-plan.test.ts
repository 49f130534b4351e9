import { describe, expect, it } from 'vitest';
import type { LinkRelation } from '@og/shared/contracts/links';
import type { ConversionLink } from './conversion-graph.js';
import { modalChoice } from './conversion-plan.js';

const direct = (target: string, relation: LinkRelation): { code: string; link: ConversionLink } => ({
  code: target,
  link: { start: 'soc2020:7111', target, parent: null, isLinked: true, path: 'direct', relation },
});
const twoHop = (target: string): { code: string; link: ConversionLink } => ({
  code: target,
  link: { start: 'soc2020:7111', target, parent: 'esco:a', isLinked: false, path: 'two-hop', relation: null },
});

describe('modalChoice (All to one target, without a reference)', () => {
  it('picks the heaviest target by the links’ weights, whatever the relations say', () => {
    const chosen = [direct('5221', 'exactMatch'), direct('5223', 'relatedMatch'), direct('9334', 'closeMatch')];
    expect(modalChoice(chosen, [0.2, 0.7, 0.1])).toBe(1);
    // Without weights: the strongest relation.
    expect(modalChoice(chosen, null)).toBe(0);
  });

  it('breaks a tie of weights by the strongest relation, then by code order', () => {
    expect(modalChoice([direct('5221', 'broadMatch'), direct('5223', 'closeMatch'), direct('9334', 'exactMatch')], [0.4, 0.4, 0.2])).toBe(1);
    // Sums of shares equal but for their last bits are a tie.
    expect(modalChoice([direct('9334', 'closeMatch'), direct('5223', 'closeMatch'), direct('5221', 'closeMatch')], [0.1 + 0.2, 0.3, 0.1])).toBe(1);
    expect(modalChoice([direct('9334', 'closeMatch'), direct('5223', 'closeMatch')], null)).toBe(1);
  });

  it('prefers a direct link to two links through another scheme when the weights tie, as without weights', () => {
    expect(modalChoice([twoHop('1111'), direct('1112', 'relatedMatch')], [0.5, 0.5])).toBe(1);
    expect(modalChoice([twoHop('1111'), direct('1112', 'relatedMatch')], [0.6, 0.4])).toBe(0);
    expect(modalChoice([twoHop('1111'), direct('1112', 'relatedMatch')], null)).toBe(1);
  });

  it('ranks a decided target no link reaches below any relation when the weights tie', () => {
    expect(modalChoice([{ code: '1111', link: null }, direct('1112', 'relatedMatch')], [0.5, 0.5])).toBe(1);
    expect(modalChoice([{ code: '1111', link: null }, direct('1112', 'relatedMatch')], [0.75, 0.25])).toBe(0);
  });
});
