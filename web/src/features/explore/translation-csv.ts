import type { TranslateResult } from '@og/shared/contracts/public';
import { csvFile } from '@og/shared/domain/csv-writer';

/**
 * The columns of a downloaded translation: one row per target, one row with empty targets for a
 * code not translated. `weight` is the link's weight as a share of the code it starts from (0.6471),
 * empty for a link that has none.
 */
export const translationCsvColumns = ['source_code', 'source_name', 'status', 'target_code', 'target_name', 'relation', 'path', 'via', 'weight'] as const;
type TranslationCsvRow = Record<(typeof translationCsvColumns)[number], string>;

export function translationCsvRows(result: TranslateResult): TranslationCsvRow[] {
  const rows: TranslationCsvRow[] = [];
  for (const code of result.codes) {
    const source = { source_code: code.code, source_name: code.name ?? '', status: code.status };
    if (code.targets.length === 0) {
      rows.push({ ...source, target_code: '', target_name: '', relation: '', path: '', via: '', weight: '' });
      continue;
    }
    for (const target of code.targets) {
      rows.push({
        ...source,
        target_code: target.code,
        target_name: target.name,
        relation: target.relation ?? '',
        path: target.path,
        via: target.via ?? '',
        weight: target.weight === undefined ? '' : shareText(target.weight),
      });
    }
  }
  return rows;
}

/** A share as a plain decimal ('0.6471', '1'), never in exponent notation, which a spreadsheet may not read as a number. */
export function shareText(weight: number): string {
  const text = String(weight);
  // A share is at most 1: only a tiny one is written as '2.5e-9'; its digits are moved behind the point.
  const tiny = /^(\d)(?:\.(\d+))?e-(\d+)$/.exec(text);
  return tiny ? `0.${'0'.repeat(Number(tiny[3]) - 1)}${tiny[1]}${tiny[2] ?? ''}` : text;
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
