import { describe, expect, it } from 'vitest';
import { bandOf } from './confidence-bands.js';
import { allocateSample, certainCount } from './sample-design.js';

describe('confidence bands', () => {
  it('puts confidences at a band edge in the band above, and entries without predictions in the lowest', () => {
    expect([1, 0.9, 0.8999, 0.75, 0.5, 0.4999, 0, -1].map(bandOf)).toEqual([0, 0, 1, 1, 2, 3, 3, 3]);
  });
});

describe('sample allocation', () => {
  it('takes every entry when the sample is no smaller than the set', () => {
    expect(allocateSample(100, [{ entries: 3, size: 30 }, { entries: 0, size: 0 }, { entries: 2, size: 2 }, { entries: 1, size: 1 }])).toEqual([3, 0, 2, 1]);
  });

  it('gives each band a tenth of the sample and the rest by size, never more than a band has', () => {
    const counts = allocateSample(100, [
      { entries: 1000, size: 7000 },
      { entries: 500, size: 2000 },
      { entries: 4, size: 500 },
      { entries: 300, size: 500 },
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(100);
    expect(counts[2]).toBe(4);
    expect(counts[3]).toBeGreaterThanOrEqual(10);
    expect(counts[0]).toBeGreaterThan(counts[1]!);
    expect(counts[1]).toBeGreaterThan(counts[3]!);
  });
});

describe('certain entries of a draw proportional to size', () => {
  it('takes the entries whose probability would reach 1, and checks again after each', () => {
    // 3 draws from sizes 50, 30, 10, 5, 5 (total 100): 3 × 50 ≥ 100 → certain; then 2 × 30 ≥ 50 → certain; then 1 × 10 < 20.
    expect(certainCount(3, 100, [50, 30, 10])).toBe(2);
    expect(certainCount(3, 100, [20, 20, 20])).toBe(0);
    expect(certainCount(2, 2, [1, 1])).toBe(2);
  });
});
