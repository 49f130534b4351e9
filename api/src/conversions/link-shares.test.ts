import { describe, expect, it } from 'vitest';
import { apportion } from './apportion.js';
import type { ConversionLink } from './conversion-graph.js';
import { linkShares, type ShareOf, splitByWeights } from './link-shares.js';

const direct = (start: string, target: string): ConversionLink => ({ start, target, parent: null, isLinked: true, path: 'direct', relation: 'closeMatch' });
const twoHop = (start: string, middle: string, target: string): ConversionLink => ({ start, target, parent: middle, isLinked: false, path: 'two-hop', relation: null });
const sharesFrom =
  (weights: Record<string, number>): ShareOf =>
  (from, to) =>
    weights[`${from} ${to}`] ?? null;

describe('splitByWeights', () => {
  it('renormalises the weights over the links used', () => {
    expect(splitByWeights([0.5, 0.25])).toEqual([2 / 3, 1 / 3]);
    expect(splitByWeights([0.6471, 0.0196, 0.2745, 0.0588]).reduce((sum, share) => sum + share, 0)).toBeCloseTo(1, 12);
  });

  it('splits equally without weights, and counts an unweighted link among weighted ones as their mean', () => {
    expect(splitByWeights([null, null, null])).toEqual([1 / 3, 1 / 3, 1 / 3]);
    splitByWeights([0.6, 0.2, null]).forEach((share, index) => expect(share).toBeCloseTo([0.5, 1 / 6, 1 / 3][index]!, 12));
    expect(splitByWeights([])).toEqual([]);
  });
});

describe('linkShares', () => {
  it('gives a code’s own links its weights, renormalised, and says they were weighted', () => {
    const links = [direct('soc2020:1111', '1112'), direct('soc2020:1111', '1120'), direct('soc2020:1111', '1213')];
    const { shares, weighted } = linkShares(links, sharesFrom({ 'soc2020:1111 isco08:1112': 0.6, 'soc2020:1111 isco08:1120': 0.3, 'soc2020:1111 isco08:1213': 0.05 }), 'isco08');
    expect(weighted).toBe(true);
    expect(shares.map((share) => share.toFixed(6))).toEqual([0.6 / 0.95, 0.3 / 0.95, 0.05 / 0.95].map((share) => share.toFixed(6)));
  });

  it('splits equally when no link carries a weight (a weight of the other side is no share of the code)', () => {
    const links = [direct('hisco:21110', '2111'), direct('hisco:21110', '2112')];
    const { shares, weighted } = linkShares(links, sharesFrom({ 'isco08:2111 hisco:21110': 0.9 }), 'isco08');
    expect(weighted).toBe(false);
    expect(shares).toEqual([0.5, 0.5]);
  });

  it('splits a code without links of its own equally over its linked descendants, each by its weights', () => {
    const links = [direct('soc2020:111', '1112'), direct('soc2020:1111', '1112'), direct('soc2020:1111', '1120'), direct('soc2020:1112', '1112')];
    const { shares } = linkShares(links, sharesFrom({ 'soc2020:1111 isco08:1112': 0.75, 'soc2020:1111 isco08:1120': 0.25 }), 'isco08');
    expect(shares).toEqual([1 / 3, (1 / 3) * 0.75, (1 / 3) * 0.25, 1 / 3]);
  });

  it('multiplies the shares of two links through an intermediate scheme', () => {
    const links = [twoHop('hisco:1', 'esco:a', '1111'), twoHop('hisco:1', 'esco:a', '1112'), twoHop('hisco:1', 'esco:b', '1112')];
    const { shares, weighted } = linkShares(
      links,
      sharesFrom({ 'hisco:1 esco:a': 0.8, 'hisco:1 esco:b': 0.2, 'esco:a isco08:1111': 0.25, 'esco:a isco08:1112': 0.75 }),
      'isco08',
    );
    expect(weighted).toBe(true);
    expect(shares.map((share) => share.toFixed(9))).toEqual([0.8 * 0.25, 0.8 * 0.75, 0.2].map((share) => share.toFixed(9)));
  });

  it('gives whole-number totals exactly by the weights (largest remainder)', () => {
    const links = [direct('soc2020:7111', '5223'), direct('soc2020:7111', '5221'), direct('soc2020:7111', '9334')];
    const { shares } = linkShares(links, sharesFrom({ 'soc2020:7111 isco08:5223': 0.7, 'soc2020:7111 isco08:5221': 0.2, 'soc2020:7111 isco08:9334': 0.1 }), 'isco08');
    const parts = apportion(101n, shares);
    expect(parts).toEqual([71n, 20n, 10n]);
    expect(parts.reduce((sum, part) => sum + part, 0n)).toBe(101n);
  });
});
