import Papa from 'papaparse';
import type { CsvDialect } from '@og/shared/domain/csv-dialect';
import { CrosswalkFileError } from './crosswalk-file-error.js';

/** A row of a delimited table: its cells as written (quotes undone), and the line it starts on. */
export interface TableRow {
  line: number;
  cells: string[];
}

/** What papaparse's low-level parser answers (its typings say `any`). */
interface ParsedPiece {
  data: string[][];
  errors: Papa.ParseError[];
  meta: { cursor: number };
}

/** Longest row: longer, and a quote is most likely never closed and swallowing the file. */
const maxRowLength = 1024 * 1024;

/**
 * The rows of delimited text as it streams in, by papaparse's rules (as the upload wizard reads
 * a file), a batch per piece of text: each piece is parsed with the unfinished last row held back
 * for the next, as papaparse's own streaming does. A batch is never empty; blank lines are
 * skipped. Lines are counted from `firstLine` as an editor counts them, line breaks inside quoted
 * cells included. A row that cannot be read throws once the rows before it are taken.
 */
export async function* readTableRowBatches(text: AsyncIterable<string>, dialect: CsvDialect, firstLine: number): AsyncGenerator<TableRow[]> {
  const parser = new Papa.Parser({ delimiter: dialect.delimiter, newline: dialect.newline });
  // In a `\r\n` file a lone `\n` in a cell still starts a line in an editor; in a `\r` file only `\r` does.
  const lineBreak = dialect.newline === '\r' ? '\r' : '\n';
  let line = firstLine;
  let held = '';

  /** The rows of a piece, and the error of the row that ends them early. */
  function rowsOf(piece: string, last: boolean): { rows: TableRow[]; error: CrosswalkFileError | null } {
    const parsed = parser.parse(piece, 0, !last) as ParsedPiece;
    const problem = parsed.errors.find((error) => error.row !== undefined && error.row < parsed.data.length);
    const rows: TableRow[] = [];
    for (let index = 0; index < parsed.data.length; index++) {
      const cells = parsed.data[index]!;
      if (index === problem?.row) return { rows, error: new CrosswalkFileError(line, quoteProblem(problem)) };
      if (cells.length > 1 || cells[0] !== '') rows.push({ line, cells });
      line += 1 + cells.reduce((breaks, cell) => breaks + countOf(cell, lineBreak), 0);
    }
    held = piece.slice(parsed.meta.cursor);
    if (held.length > maxRowLength) return { rows, error: new CrosswalkFileError(line, 'the row runs on for more than a million characters; is a quote (") never closed?') };
    return { rows, error: null };
  }

  function* batchOf(piece: string, last: boolean): Generator<TableRow[]> {
    const { rows, error } = rowsOf(piece, last);
    if (rows.length) yield rows;
    if (error) throw error;
  }

  for await (const piece of text) yield* batchOf(held + piece, false);
  if (held) yield* batchOf(held, true);
}

/** {@link readTableRowBatches} a row at a time. */
export async function* readTableRows(text: AsyncIterable<string>, dialect: CsvDialect, firstLine: number): AsyncGenerator<TableRow> {
  for await (const batch of readTableRowBatches(text, dialect, firstLine)) yield* batch;
}

function quoteProblem(error: Papa.ParseError): string {
  return error.code === 'MissingQuotes'
    ? 'a quoted cell is never closed (a " is missing).'
    : 'a quoted cell has a stray " in it (a quote inside a quoted cell is written twice: "").';
}

function countOf(text: string, character: string): number {
  let count = 0;
  for (let at = text.indexOf(character); at !== -1; at = text.indexOf(character, at + 1)) count++;
  return count;
}
