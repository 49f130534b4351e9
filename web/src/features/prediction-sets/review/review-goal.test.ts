import { describe, expect, it } from 'vitest';
import { coveredShare, goalFromPercent, goalReached, percentText } from './review-goal';

describe('review goal', () => {
  it('counts mapped and above-threshold people as covered', () => {
    expect(coveredShare({ total: 1000, mapped: 900, aboveThreshold: 52 })).toBeCloseTo(0.952);
    expect(coveredShare({ total: 0, mapped: 0, aboveThreshold: 0 })).toBeNull();
  });

  it('reaches a goal at or above it, never by rounding', () => {
    expect(goalReached(0.952, 0.95)).toBe(true);
    expect(goalReached(0.9499, 0.95)).toBe(false);
    expect(percentText(0.9499)).toBe('94.9%');
    expect(goalReached(0.99, null)).toBe(false);
  });

  it('reads a goal typed in per cent', () => {
    expect(goalFromPercent('95')).toBe(0.95);
    expect(goalFromPercent(' 95.5 % ')).toBe(0.955);
    expect(goalFromPercent('')).toBeNull();
    expect(goalFromPercent('0')).toBeUndefined();
    expect(goalFromPercent('120')).toBeUndefined();
  });
});
