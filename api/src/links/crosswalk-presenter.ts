import { codeCell, csvFile } from '@og/shared/domain/csv-writer';
import type { CrosswalkRefusal } from '../db/queries/crosswalk-refusals.js';

/**
 * The rows a crosswalk import refused, as CSV: they echo the uploaded file's cells, so the CSV
 * writer guards them against formula injection (a code that is a plain number, HISCO's -1, stays
 * as written).
 */
export function presentRefusalsCsv(refusals: readonly CrosswalkRefusal[]): string {
  return csvFile(
    ['line', 'source_code', 'target_code', 'relation', 'reason'],
    refusals.map((row) => [row.line, codeCell(row.sourceCode), codeCell(row.targetCode), row.relation, row.reason]),
  );
}
