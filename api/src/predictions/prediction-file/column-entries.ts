import type { PredictionReading } from '@og/shared/contracts/prediction-reading';
import { cellText } from '../../links/crosswalk-file/crosswalk-row.js';
import type { TableRow } from '../../links/crosswalk-file/table-rows.js';
import { cellCodes, codeUri, languagePrefixOf, probabilityProblem, readProbability, titleOf } from './prediction-codes.js';
import { PredictionFileError } from './prediction-file-error.js';
import type { PredictedEntry, PredictionFileSummary } from './prediction-file.js';
import type { ReadingColumns } from './prediction-reading.js';

/**
 * The rows of a table read column by column, as a reading says (layout `columns`: OccCANINE's
 * evaluation layout, or any table the user mapped): one entry per row with a title; each code
 * column with a code is one prediction (a cell may hold several codes joined by `&`), with its
 * confidence column's value, or none; code columns of one answer are one prediction together. A
 * file without confidences may have one given to its first-ranked code (the reading's
 * `firstConfidence`). An empty confidence cell is no confidence; any other value that is not a
 * number from 0 to 1 fails the file at its line, naming the column.
 */
export class ColumnEntries {
  constructor(
    private readonly reading: PredictionReading,
    private readonly columns: ReadingColumns,
    private readonly names: readonly string[],
    private readonly summary: Pick<PredictionFileSummary, 'rows' | 'emptyTitles'>,
  ) {}

  read(row: TableRow): PredictedEntry[] {
    this.summary.rows++;
    const string = titleOf(cellText(row.cells, this.columns.title));
    if (!string) {
      this.summary.emptyTitles++;
      return [];
    }
    const answers = new Map<string, PredictedEntry['predictions'][number]>();
    this.columns.codes.forEach(({ column, confidence }, rank) => {
      const code = this.reading.codes[rank]!;
      const key = code.answer === undefined ? `column ${rank}` : `answer ${code.answer}`;
      const first = answers.size === 0 && !answers.has(key);
      let prediction = answers.get(key);
      if (!prediction) {
        // An answer's confidence is its first code column's; the first answer may have one given.
        const conf = confidence >= 0 ? this.confidence(row, confidence) : first && rank === 0 ? this.reading.firstConfidence : null;
        prediction = { uris: [], conf, column: this.names[column]!, written: [] };
        answers.set(key, prediction);
      }
      for (const written of cellCodes(cellText(row.cells, column))) {
        const uri = codeUri(this.reading.scheme, written);
        if (prediction.uris.includes(uri)) continue;
        prediction.uris.push(uri);
        prediction.written!.push(written);
      }
    });
    const predictions = [...answers.values()].filter((prediction) => prediction.uris.length > 0);
    return [{ line: row.line, string, predictions, ...rowExtras(this.columns, row) }];
  }

  private confidence(row: TableRow, column: number): number | null {
    const written = cellText(row.cells, column);
    if (written === '') return null;
    const value = readProbability(written);
    if (value === null) throw new PredictionFileError(row.line, `column ${this.names[column]}: ${probabilityProblem(written)}`);
    return value;
  }
}

/**
 * What a row gives its entry besides title and codes: its language (the language column's value,
 * else the model input's `lang[SEP]` prefix) and its kept columns' values (the empty ones left out).
 */
export function rowExtras(columns: Pick<ReadingColumns, 'title' | 'language' | 'kept'>, row: TableRow): Pick<PredictedEntry, 'language' | 'context'> {
  const language = columns.language >= 0 ? cellText(row.cells, columns.language) : languagePrefixOf(cellText(row.cells, columns.title));
  const context: Record<string, string> = {};
  for (const { name, column } of columns.kept) {
    const value = cellText(row.cells, column);
    if (value !== '') context[name] = value;
  }
  return { ...(language ? { language } : {}), ...(columns.kept.length ? { context } : {}) };
}
