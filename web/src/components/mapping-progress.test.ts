import { describe, expect, it } from 'vitest';
import { mappedPercent, mappingProgressLabel } from './mapping-progress';

describe('mapping progress', () => {
  it('says the figures in words: mapped of the entries below the threshold', () => {
    expect(mappingProgressLabel({ mappedCount: 12, totalBelowThreshold: 40 })).toBe('12 of 40 entries below the threshold mapped');
    expect(mappingProgressLabel({ mappedCount: 0, totalBelowThreshold: 1 })).toBe('0 of 1 entry below the threshold mapped');
    expect(mappingProgressLabel({ mappedCount: 1234, totalBelowThreshold: 60006 })).toBe('1,234 of 60,006 entries below the threshold mapped');
  });

  it('shows the mapped share with one decimal, a set with nothing to review as done', () => {
    expect(mappedPercent({ mappedCount: 1, totalBelowThreshold: 3 })).toBe(33.3);
    expect(mappedPercent({ mappedCount: 0, totalBelowThreshold: 0 })).toBe(100);
  });
});
