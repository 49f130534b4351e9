import { describe, expect, it } from 'vitest';
import type { CsvDialect } from '@og/shared/domain/csv-dialect';
import { CrosswalkFileError } from './crosswalk-file-error.js';
import { readTableRows, type TableRow } from './table-rows.js';

async function* inPieces(text: string, size: number): AsyncGenerator<string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

async function rowsOf(text: string, dialect: CsvDialect, size: number): Promise<TableRow[]> {
  const rows: TableRow[] = [];
  for await (const row of readTableRows(inPieces(text, size), dialect, 1)) rows.push(row);
  return rows;
}

describe('the rows of a table as its text streams in', () => {
  it('counts lines as an editor does, line breaks in quoted cells included, however the text is cut', async () => {
    const crlf: CsvDialect = { delimiter: ',', newline: '\r\n' };
    const text = 'a,b\r\n"1\r\n2",x\r\n\r\n"3\n4\r",y\r\n5,"6"\r\n7,8';
    for (const size of [1, 2, 3, 100]) {
      expect(await rowsOf(text, crlf, size), `pieces of ${size}`).toEqual([
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['1\r\n2', 'x'] },
        { line: 5, cells: ['3\n4\r', 'y'] },
        { line: 7, cells: ['5', '6'] },
        { line: 8, cells: ['7', '8'] },
      ]);
    }
  });

  it('fails, naming the line, on a quote never closed that runs on past a million characters', async () => {
    const text = `a,b\n1,2\n3,"${'x'.repeat(1024 * 1024)}`;
    const error = await rowsOf(text, { delimiter: ',', newline: '\n' }, 64 * 1024).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(CrosswalkFileError);
    expect((error as CrosswalkFileError).message).toBe('Line 3: the row runs on for more than a million characters; is a quote (") never closed?');
  });
});
