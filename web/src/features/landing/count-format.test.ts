import { describe, expect, it } from 'vitest';
import { formatCount, linksText } from './count-format';

describe('formatCount', () => {
  it('shows whole numbers with thousands separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(12_345)).toBe('12,345');
    expect(formatCount(1_234_567)).toBe('1,234,567');
  });

  it('rounds the frames of a count-up to whole numbers', () => {
    expect(formatCount(1_499.6)).toBe('1,500');
    expect(formatCount(0.2)).toBe('0');
  });
});

describe('linksText', () => {
  it('says link or links', () => {
    expect(linksText(1)).toBe('1 link');
    expect(linksText(3_012)).toBe('3,012 links');
  });
});
