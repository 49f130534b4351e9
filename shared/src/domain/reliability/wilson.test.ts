import { describe, expect, it } from 'vitest';
import { effectiveSampleSize, weightedWilson, wilsonInterval, wilsonOfShare, z95 } from './wilson.js';

describe('Wilson score interval', () => {
  it('gives 0.4902–0.9433 for 8 right out of 10', () => {
    const interval = wilsonInterval(8, 10);
    expect(interval.estimate).toBeCloseTo(0.8, 12);
    expect(interval.low).toBeCloseTo(0.4902, 4);
    expect(interval.high).toBeCloseTo(0.9433, 4);
  });

  it('gives 10/(10 + z²) to 1 for 10 right out of 10', () => {
    const interval = wilsonInterval(10, 10);
    expect(interval.estimate).toBe(1);
    expect(interval.low).toBeCloseTo(10 / (10 + z95 * z95), 12);
    expect(interval.low).toBeCloseTo(0.7225, 4);
    expect(interval.high).toBe(1);
  });

  it('gives 0 to 0.2775 for none right out of 10, symmetric to all right', () => {
    const interval = wilsonInterval(0, 10);
    expect(interval).toMatchObject({ estimate: 0, low: 0 });
    expect(interval.high).toBeCloseTo(1 - 0.72247, 4);
  });

  it('has no estimate and no interval with nothing checked (null, never NaN)', () => {
    expect(wilsonInterval(0, 0)).toEqual({ estimate: null, low: null, high: null });
    expect(wilsonOfShare(Number.NaN, 5)).toEqual({ estimate: null, low: null, high: null });
    expect(weightedWilson([])).toEqual({ estimate: null, low: null, high: null });
    expect(weightedWilson([{ correct: true, weight: 0 }])).toEqual({ estimate: null, low: null, high: null });
  });
});

describe('weighted Wilson interval', () => {
  it('is the plain interval when every weight is the same', () => {
    const checks = [...Array.from({ length: 8 }, () => ({ correct: true, weight: 2.5 })), { correct: false, weight: 2.5 }, { correct: false, weight: 2.5 }];
    const weighted = weightedWilson(checks);
    const plain = wilsonInterval(8, 10);
    expect(weighted.estimate).toBeCloseTo(plain.estimate!, 12);
    expect(weighted.low).toBeCloseTo(plain.low!, 12);
    expect(weighted.high).toBeCloseTo(plain.high!, 12);
  });

  it("uses the weighted share and Kish's effective sample size", () => {
    // Right entries standing for 3, 3 and 1 units, a wrong one for 1: p = 7/8, n_eff = 8² / (9 + 9 + 1 + 1) = 3.2.
    const checks = [
      { correct: true, weight: 3 },
      { correct: true, weight: 3 },
      { correct: true, weight: 1 },
      { correct: false, weight: 1 },
    ];
    expect(effectiveSampleSize(checks.map((check) => check.weight))).toBeCloseTo(3.2, 12);
    const interval = weightedWilson(checks);
    expect(interval.estimate).toBeCloseTo(0.875, 12);
    // Wilson by hand with p = 0.875, n = 3.2, z² = 3.841459: centre = (p + z²/2n) / (1 + z²/n), half = z √(p(1−p)/n + z²/4n²) / (1 + z²/n).
    const z2 = z95 * z95;
    const denominator = 1 + z2 / 3.2;
    const centre = (0.875 + z2 / 6.4) / denominator;
    const half = (z95 * Math.sqrt((0.875 * 0.125) / 3.2 + z2 / (4 * 3.2 * 3.2))) / denominator;
    expect(interval.low).toBeCloseTo(centre - half, 12);
    expect(interval.high).toBeCloseTo(centre + half, 12);
    // Unequal weights make the interval wider than 4 equally weighted checks with the same share would.
    expect(interval.high! - interval.low!).toBeGreaterThan(wilsonOfShare(0.875, 4).high! - wilsonOfShare(0.875, 4).low!);
  });
});
