import { describe, expect, it } from 'vitest';
import { formatPickerRange, formatYearRange, pickerRangeOf, yearDate, yearRangeOf } from './year-range';

describe('year ranges (SPEC §2 "Year-range picker", §9 date defaults)', () => {
  it('shows a range with an en dash and one year once', () => {
    expect(formatYearRange({ from: 1851, to: 1881 })).toBe('1851–1881');
    expect(formatYearRange({ from: 1881, to: 1881 })).toBe('1881');
  });

  it('turns a stored range into the picker’s value and back', () => {
    expect(pickerRangeOf({ from: 1851, to: 1881 })).toEqual(['1851-01-01', '1881-01-01']);
    expect(pickerRangeOf(null)).toEqual([null, null]);
    expect(yearRangeOf(['1851-01-01', '1881-01-01'])).toEqual({ from: 1851, to: 1881 });
    expect(yearRangeOf(pickerRangeOf({ from: 1000, to: 2100 }))).toEqual({ from: 1000, to: 2100 });
    expect(yearDate(999)).toBe('0999-01-01');
  });

  it('takes one year chosen twice as a range of one year, and orders the ends', () => {
    expect(yearRangeOf(['1881-01-01', '1881-01-01'])).toEqual({ from: 1881, to: 1881 });
    expect(yearRangeOf(['1881-01-01', '1851-01-01'])).toEqual({ from: 1851, to: 1881 });
  });

  it('has no range while an end is unchosen or unreadable', () => {
    expect(yearRangeOf([null, null])).toBeNull();
    expect(yearRangeOf(['1851-01-01', null])).toBeNull();
    expect(yearRangeOf([null, '1851-01-01'])).toBeNull();
    expect(yearRangeOf(['1851', '1881-01-01'])).toBeNull();
  });

  it('fills the picker’s field as the ends are chosen', () => {
    expect(formatPickerRange([null, null], '–')).toBe('');
    expect(formatPickerRange(['1851-01-01', null], '–')).toBe('1851 – ');
    expect(formatPickerRange(['1851-01-01', '1881-01-01'], '–')).toBe('1851 – 1881');
    expect(formatPickerRange(['1881-01-01', '1881-01-01'], '–')).toBe('1881');
  });
});
