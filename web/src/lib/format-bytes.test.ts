import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('counts in decimal units with at most three significant digits', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(999)).toBe('999 bytes');
    expect(formatBytes(270_477)).toBe('270 KB');
    expect(formatBytes(2_678_578)).toBe('2.68 MB');
    expect(formatBytes(12_345_678)).toBe('12.3 MB');
    expect(formatBytes(1_000_000_000)).toBe('1 GB');
    expect(formatBytes(3_500_000_000_000)).toBe('3.5 TB');
  });
});
