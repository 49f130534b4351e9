/**
 * A range of years as the year-range picker holds it (Mantine's date strings, 'YYYY-MM-DD', either
 * end possibly unchosen) and as a dataset stores it (`period: {from, to}`, years; SPEC §2
 * "Year-range picker"). One year is a range from it to itself (single-date ranges are allowed).
 */
export interface YearRange {
  from: number;
  to: number;
}

export type PickerRange = [string | null, string | null];

const yearOfDate = /^(\d{4})-\d{2}-\d{2}/;

/** The picker's value for a stored range (nothing chosen for none). */
export function pickerRangeOf(range: YearRange | null): PickerRange {
  return range ? [yearDate(range.from), yearDate(range.to)] : [null, null];
}

/** The range a complete picker value stands for, earlier year first; null while either end is unchosen. */
export function yearRangeOf(value: PickerRange): YearRange | null {
  const [start, end] = value.map((date) => (date === null ? null : yearOf(date)));
  if (start === null || start === undefined || end === null || end === undefined) return null;
  return { from: Math.min(start, end), to: Math.max(start, end) };
}

/** '1851–1881' (an en dash, SPEC §9), or '1881' for one year. */
export function formatYearRange(range: YearRange): string {
  return range.from === range.to ? String(range.from) : `${range.from}–${range.to}`;
}

/**
 * The picker's field: '1851 – 1881' (Mantine's spaced separator), one year once ('1881'), and
 * '1851 – ' while the second end is being chosen.
 */
export function formatPickerRange(value: PickerRange, separator: string): string {
  const complete = yearRangeOf(value);
  if (complete) return complete.from === complete.to ? String(complete.from) : `${complete.from} ${separator} ${complete.to}`;
  return value[0] === null ? '' : `${value[0].slice(0, 4)} ${separator} `;
}

/** The first day of a year as Mantine's date string ('1851-01-01'). */
export function yearDate(year: number): string {
  return `${String(year).padStart(4, '0')}-01-01`;
}

function yearOf(date: string): number | null {
  const match = yearOfDate.exec(date);
  return match ? Number(match[1]) : null;
}
