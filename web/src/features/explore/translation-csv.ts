import type { TranslateResult } from '@og/shared/contracts/public';
import Papa from 'papaparse';

/** The columns of a downloaded translation: one row per target, one row with empty targets for a code not translated. */
export const translationCsvColumns = ['source_code', 'source_name', 'status', 'target_code', 'target_name', 'relation', 'path', 'via'] as const;
type TranslationCsvRow = Record<(typeof translationCsvColumns)[number], string>;

/**
 * A cell a spreadsheet would read as a formula (it starts with =, +, -, @, or a tab or carriage
 * return that some programs skip first) is written with a leading apostrophe, so opening the
 * file runs nothing (CSV formula injection). HISCO's negative codes ('-1') are written "'-1".
 */
export function guardFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function translationCsvRows(result: TranslateResult): TranslationCsvRow[] {
  const rows: TranslationCsvRow[] = [];
  for (const code of result.codes) {
    const source = { source_code: code.code, source_name: code.name ?? '', status: code.status };
    if (code.targets.length === 0) {
      rows.push({ ...source, target_code: '', target_name: '', relation: '', path: '', via: '' });
      continue;
    }
    for (const target of code.targets) {
      rows.push({ ...source, target_code: target.code, target_name: target.name, relation: target.relation ?? '', path: target.path, via: target.via ?? '' });
    }
  }
  return rows;
}

/** The translation as CSV text (a byte order mark first, so spreadsheets read it as UTF-8). */
export function translationCsv(result: TranslateResult): string {
  const data = translationCsvRows(result).map((row) => translationCsvColumns.map((column) => guardFormula(row[column])));
  return `\uFEFF${Papa.unparse({ fields: [...translationCsvColumns], data }, { newline: '\r\n' })}\r\n`;
}

/** 'translation-esco-to-isco08.csv'. */
export function translationFileName(result: Pick<TranslateResult, 'from' | 'to'>): string {
  return `translation-${result.from}-to-${result.to}.csv`;
}
