import { describe, expect, it } from 'vitest';
import { apportion } from './apportion.js';

describe('apportion', () => {
  it('splits a whole amount into parts that add up to it exactly', () => {
    expect(apportion(10n, [1, 1, 1])).toEqual([4n, 3n, 3n]);
    expect(apportion(1n, [1, 1])).toEqual([1n, 0n]);
    expect(apportion(100n, [0.7, 0.2, 0.1])).toEqual([70n, 20n, 10n]);
    expect(apportion(7n, [2, 1])).toEqual([5n, 2n]);
  });

  it('keeps huge sums exact, and negative ones', () => {
    const huge = 9_007_199_254_740_993n;
    const parts = apportion(huge, [1, 1, 1]);
    expect(parts.reduce((a, b) => a + b, 0n)).toBe(huge);
    expect(apportion(-5n, [1, 1])).toEqual([-3n, -2n]);
  });

  it('splits equally when every weight is zero, and gives one target all', () => {
    expect(apportion(9n, [0, 0, 0])).toEqual([3n, 3n, 3n]);
    expect(apportion(9n, [5])).toEqual([9n]);
    expect(apportion(9n, [])).toEqual([]);
  });
});
