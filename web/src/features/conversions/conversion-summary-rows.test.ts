import type { ConversionSummary } from '@og/shared/contracts/conversions';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatShare } from './conversion-format';
import { equalSharesNote, notConvertedCodes, pathShares, summaryMeasures } from './conversion-summary-rows';

const summary: ConversionSummary = {
  sourceCodes: 10,
  problematic: 2,
  decided: 1,
  dataset: { occurrences: 1_000, totals: [5_000.5, 20] },
  converted: { occurrences: 900, totals: [4_000.25, 20] },
  notConverted: [
    { reason: 'no link', codes: 2, occurrences: 60, totals: [600, 0] },
    { reason: 'unknown code', codes: 1, occurrences: 40, totals: [400.25, 0] },
  ],
  byPath: { direct: 600, 'two-hop': 200, 'default-to-parent': 100 },
};

describe('the conversion summary', () => {
  it('splits rows and each totals column into converted and not converted, by reason', () => {
    const [rows, men, women] = summaryMeasures(summary, ['men', 'women']);
    expect(rows).toEqual({ label: 'Rows', dataset: 1_000, converted: 900, notConverted: 100, byReason: { 'no link': 60, unlinkable: 0, 'unknown code': 40, 'not coded': 0 }, addsUp: true });
    expect(men).toMatchObject({ label: 'men', dataset: 5_000.5, converted: 4_000.25, notConverted: 1_000.25, addsUp: true });
    expect(women).toMatchObject({ label: 'women', notConverted: 0, addsUp: true });
  });

  it('says when the sums do not add up', () => {
    const [rows] = summaryMeasures({ ...summary, converted: { occurrences: 800, totals: [] } }, []);
    expect(rows!.addsUp).toBe(false);
  });

  it('counts the codes not converted per reason', () => {
    expect(notConvertedCodes(summary)).toEqual({ 'no link': 2, unlinkable: 0, 'unknown code': 1, 'not coded': 0 });
  });

  it('gives each kind of path its share of the converted rows', () => {
    expect(pathShares(summary).map(({ path, share }) => [path, Number(share.toFixed(3))])).toEqual([
      ['direct', 0.667],
      ['two-hop', 0.222],
      ['default-to-parent', 0.111],
    ]);
    expect(pathShares({ ...summary, byPath: { direct: 0, 'two-hop': 0, 'default-to-parent': 0 } }).every((path) => path.share === 0)).toBe(true);
  });

  it('formats amounts with thousands separators and shares as percentages', () => {
    expect(formatAmount(1_234_567.891)).toBe('1,234,567.89');
    expect(formatShare(1, 3)).toBe('33.3%');
    expect(formatShare(1, 0)).toBe('—');
  });

  it("says how many codes and rows got equal shares under the crosswalk's weights, and nothing otherwise", () => {
    expect(equalSharesNote({ ...summary, equalShares: { codes: 3, occurrences: 1_234 } })).toBe('3 codes (1,234 rows) have links without weights: they were split in equal shares.');
    expect(equalSharesNote({ ...summary, equalShares: { codes: 1, occurrences: 1 } })).toBe('1 code (1 row) has links without weights: it was split in equal shares.');
    expect(equalSharesNote({ ...summary, equalShares: { codes: 0, occurrences: 0 } })).toBeNull();
    expect(equalSharesNote(summary)).toBeNull();
  });
});
