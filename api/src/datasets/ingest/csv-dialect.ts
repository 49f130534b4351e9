import Papa from 'papaparse';

/**
 * What the browser's papaparse decides about a CSV before the rows, decided here the same way
 * (with papaparse, on the start of the file) so the server reads the columns the wizard offered:
 * the delimiter, the line break, and the header's column names.
 */
export interface CsvDialect {
  delimiter: string;
  newline: '\n' | '\r\n' | '\r';
}

/** The delimiters guessed from, in papaparse's order (its default list without the ASCII record and unit separators). */
export const guessedDelimiters = [',', '\t', '|', ';'];

/** Guesses the delimiter and line break from the start of the text, as papaparse does in the browser. */
export function detectCsvDialect(head: string): CsvDialect {
  const preview = Papa.parse<string[]>(head, { preview: 10, delimitersToGuess: guessedDelimiters, skipEmptyLines: true });
  const delimiter = guessedDelimiters.includes(preview.meta.delimiter) ? preview.meta.delimiter : ',';
  const newline = preview.meta.linebreak;
  return { delimiter, newline: newline === '\r\n' || newline === '\r' ? newline : '\n' };
}
