import Papa from 'papaparse';

/**
 * What is decided about a CSV before its rows, by the browser's wizard and the ingest job alike
 * (the same code, papaparse's guess on the start of the file), so the server reads the columns the
 * wizard offered: the delimiter and the line break (the header's names: ./csv-header.ts).
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

/** Whether the start of a file is UTF-8 (a character cut off at the end of the sample is fine); if not, it is read as windows-1252. */
export function isUtf8Start(sample: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return true;
  } catch {
    return false;
  }
}
