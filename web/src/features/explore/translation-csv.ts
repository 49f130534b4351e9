import type { TranslateResult } from '@og/shared/contracts/public';
import { csvFile } from '@og/shared/domain/csv-writer';

/** The columns of a downloaded translation: one row per target, one row with empty targets for a code not translated. */
export const translationCsvColumns = ['source_code', 'source_name', 'status', 'target_code', 'target_name', 'relation', 'path', 'via'] as const;
type TranslationCsvRow = Record<(typeof translationCsvColumns)[number], string>;

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

/**
 * The translation as CSV text (a byte order mark first, so spreadsheets read it as UTF-8). Every
 * cell, the codes as typed included, is guarded against formula injection: '-1' is written "'-1".
 */
export function translationCsv(result: TranslateResult): string {
  const rows = translationCsvRows(result).map((row) => translationCsvColumns.map((column) => row[column]));
  return csvFile(translationCsvColumns, rows, { bom: true });
}

/** 'translation-esco-to-isco08.csv'. */
export function translationFileName(result: Pick<TranslateResult, 'from' | 'to'>): string {
  return `translation-${result.from}-to-${result.to}.csv`;
}
