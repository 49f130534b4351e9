/**
 * The one CSV writer of the app (the api's exports and downloads, the browser's translation
 * file): RFC 4180 (a cell with a comma, a double quote or a line break is quoted, its quotes
 * doubled; every line ended by CRLF), with every text cell, headers included, guarded against
 * formula injection (see {@link guardFormula}).
 *
 * A cell is text (guarded), a number (written as JavaScript prints it: digits cannot start a
 * formula), empty (`null`/`undefined`), or a code string that is a plain number
 * ({@link codeCell}), written as it is.
 */

/**
 * Cells a spreadsheet would take for a formula start with one of these (OWASP's CSV injection
 * list: =, +, -, @, and tab and carriage return, which some spreadsheets skip before one).
 */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * Guards text against formula injection (`=cmd|' /C calc'!A0` opening a program when the file is
 * opened in Excel): a leading `'` makes the spreadsheet show the text as text. A guarded cell no
 * longer reads back as the text itself; guarding twice changes nothing more.
 */
export function guardFormula(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

const plainNumber = /^[+-]?\d+(?:\.\d+)?$/;
const numberTextBrand: unique symbol = Symbol('NumberText');

/** A code string that is a plain number, written unguarded: made only by {@link codeCell}. */
export interface NumberText {
  readonly [numberTextBrand]: true;
  readonly text: string;
}

export type CsvCell = string | number | null | undefined | NumberText;

/**
 * A code string (a scheme's code label, or a code as a file wrote it) as a cell: a plain number
 * (HISCO's `-1`, `-2`, `-3`) stays as it is, so the file names the code the scheme names (and a
 * crosswalk export reads back); it cannot run anything. Any other code is text like any other, guarded.
 */
export function codeCell(label: string): CsvCell {
  return plainNumber.test(label) ? { [numberTextBrand]: true, text: label } : label;
}

const needsQuotes = /[",\r\n]/;

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  const text = typeof cell === 'string' ? guardFormula(cell) : typeof cell === 'number' ? String(cell) : cell.text;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV lines, each ended by CRLF; nothing for no rows. Streams write one piece after another. */
export function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  let text = '';
  for (const row of rows) text += `${row.map(cellText).join(',')}\r\n`;
  return text;
}

/** Excel reads a CSV as UTF-8 only when it starts with a byte-order mark. */
export const utf8Bom = '\uFEFF';

/** A whole CSV file: the header's line, then the rows'; with a byte-order mark first when `bom` is set. */
export function csvFile(header: readonly string[], rows: readonly (readonly CsvCell[])[], options: { bom?: boolean } = {}): string {
  return `${options.bom ? utf8Bom : ''}${csvLines([header, ...rows])}`;
}
