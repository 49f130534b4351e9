import Papa from 'papaparse';
import { codesFromRows, type FileCodes, type IsCode } from './code-list';

/**
 * The codes of an uploaded file's text (papaparse is loaded with this module, when a file is read): a CSV file's first column (papaparse guesses the
 * delimiter and knows quoting), or a text file's lines; the first row is skipped when it is a header.
 */
export function codesFromFile(name: string, text: string, isCode?: IsCode): FileCodes {
  const content = text.replace(/^\uFEFF/, '');
  if (/\.csv$/i.test(name)) {
    const rows = Papa.parse<string[]>(content, { skipEmptyLines: 'greedy' }).data;
    return codesFromRows(rows.map((row) => row[0] ?? ''), isCode);
  }
  return codesFromRows(content.split(/\r\n|\r|\n/), isCode);
}
