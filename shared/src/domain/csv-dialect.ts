import Papa from 'papaparse';

/**
 * What is decided about a CSV before its rows, by the browser's wizard and the ingest job alike
 * (the same code, papaparse's guess on the start of the file), so the server reads the columns the
 * wizard offered: the delimiter and the line break (the header's names: ./csv-header.ts; the encoding:
 * ./text-encoding.ts).
 */
export interface CsvDialect {
  delimiter: string;
  newline: '\n' | '\r\n' | '\r';
}

/** The delimiters guessed from, in papaparse's order (its default list without the ASCII record and unit separators). */
const guessedDelimiters = [',', '\t', '|', ';'];

/** Guesses the delimiter and line break from the start of the text, as papaparse does in the browser. */
export function detectCsvDialect(head: string): CsvDialect {
  const preview = Papa.parse<string[]>(head, { preview: 10, delimitersToGuess: guessedDelimiters, skipEmptyLines: true });
  const delimiter = guessedDelimiters.includes(preview.meta.delimiter) ? preview.meta.delimiter : ',';
  const newline = preview.meta.linebreak;
  return { delimiter, newline: newline === '\r\n' || newline === '\r' ? newline : '\n' };
}
