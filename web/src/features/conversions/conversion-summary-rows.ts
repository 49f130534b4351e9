import { conversionPaths, notConvertedReasons, type ConversionPath, type ConversionSummary, type NotConvertedReason } from '@og/shared/contracts/conversions';

/** One measure of the dataset (its rows, or a totals column) split into converted and not converted, by reason. */
export interface SummaryMeasure {
  label: string;
  dataset: number;
  converted: number;
  notConverted: number;
  byReason: Record<NotConvertedReason, number>;
  /** converted + not converted = the dataset's, up to rounding of shares. */
  addsUp: boolean;
}

/** Sums of split shares carry floating-point noise: equal within a millionth of the whole. */
function nearlyEqual(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(1e-6, Math.abs(b) * 1e-9);
}

/** The summary's measures: 'Rows' (occurrences) first, then each totals column of the dataset. */
export function summaryMeasures(summary: ConversionSummary, totalsColumns: readonly string[]): SummaryMeasure[] {
  const measure = (label: string, pick: (amounts: { occurrences: number; totals: number[] }) => number): SummaryMeasure => {
    const byReason = Object.fromEntries(notConvertedReasons.map((reason) => [reason, 0])) as Record<NotConvertedReason, number>;
    for (const group of summary.notConverted) byReason[group.reason] += pick(group);
    const notConverted = notConvertedReasons.reduce((sum, reason) => sum + byReason[reason], 0);
    const dataset = pick(summary.dataset);
    const converted = pick(summary.converted);
    return { label, dataset, converted, notConverted, byReason, addsUp: nearlyEqual(converted + notConverted, dataset) };
  };
  return [
    measure('Rows', (amounts) => amounts.occurrences),
    ...totalsColumns.map((column, index) => measure(column, (amounts) => amounts.totals[index] ?? 0)),
  ];
}

/** Codes not converted, per reason. */
export function notConvertedCodes(summary: ConversionSummary): Record<NotConvertedReason, number> {
  const codes = Object.fromEntries(notConvertedReasons.map((reason) => [reason, 0])) as Record<NotConvertedReason, number>;
  for (const group of summary.notConverted) codes[group.reason] += group.codes;
  return codes;
}

export interface PathShare {
  path: ConversionPath;
  occurrences: number;
  /** Of the converted rows, 0–1 (0 when nothing was converted). */
  share: number;
}

/** How the converted rows got there: directly, through two hops, or by default to the parent. */
export function pathShares(summary: ConversionSummary): PathShare[] {
  const total = conversionPaths.reduce((sum, path) => sum + (summary.byPath[path] ?? 0), 0);
  return conversionPaths.map((path) => {
    const occurrences = summary.byPath[path] ?? 0;
    return { path, occurrences, share: total === 0 ? 0 : occurrences / total };
  });
}

/**
 * Weighting 'crosswalk': the note on the codes that got equal shares because none of their links
 * carries a weight, e.g. '3 codes (1,234 rows) have links without weights: they were split in equal
 * shares.' Null for other weightings, or when every split code had weights.
 */
export function equalSharesNote(summary: ConversionSummary): string | null {
  const fellBack = summary.equalShares;
  if (!fellBack || fellBack.codes === 0) return null;
  const amount = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
  const codes = fellBack.codes === 1 ? '1 code' : `${amount.format(fellBack.codes)} codes`;
  const rows = fellBack.occurrences === 1 ? '1 row' : `${amount.format(fellBack.occurrences)} rows`;
  return `${codes} (${rows}) ${fellBack.codes === 1 ? 'has' : 'have'} links without weights: ${fellBack.codes === 1 ? 'it was' : 'they were'} split in equal shares.`;
}
