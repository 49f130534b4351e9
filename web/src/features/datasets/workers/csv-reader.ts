import { detectCsvDialect } from '@og/shared/domain/csv-dialect';
import { detectTextEncoding, encodingSampleBytes, type TextEncoding } from '@og/shared/domain/text-encoding';
import Papa from 'papaparse';

/** SPEC §9: the browser reads a local CSV in 10 MB chunks. */
export const csvChunkBytes = 10 * 1024 * 1024;

/** Text read before the delimiter and line ending are guessed (papaparse looks at the first MB too). */
const formatSampleChars = 1024 * 1024;

/** A row still open after this much text is a quote that never closes: stop rather than hold the file. */
const maxOpenRowChars = 64 * 1024 * 1024;

export interface CsvFormat {
  encoding: TextEncoding;
  delimiter: string;
  newline: string;
}

export interface CsvChunk {
  /** Parsed rows of this chunk, empty lines left out. The first row of the file is its header. */
  rows: string[][];
  bytesRead: number;
  totalBytes: number;
  /** Null until enough of the file has been read to tell. */
  format: CsvFormat | null;
}

/** The delimiter and line ending of a CSV, guessed from its first text as the ingest job guesses them. */
export function detectFormat(text: string, encoding: TextEncoding): CsvFormat {
  return { encoding, ...detectCsvDialect(text.slice(0, formatSampleChars)) };
}

export class CsvReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvReadError';
  }
}

/**
 * Reads a CSV file chunk by chunk (SPEC §9: 10 MB), never holding more than one chunk and one
 * unfinished row. Bytes are decoded with a streaming TextDecoder, so a character split across
 * two chunks stays whole (papaparse's own file reader decodes each slice on its own), in the
 * encoding the ingest job reads it in (shared/domain/text-encoding.ts), its byte-order mark
 * dropped. Rows are cut by papaparse's parser, quoted fields with delimiters, quotes and
 * newlines included; a row cut by the chunk's end waits for the next chunk.
 */
export async function* readCsvChunks(file: Blob, chunkBytes = csvChunkBytes): AsyncGenerator<CsvChunk> {
  const totalBytes = file.size;
  const { encoding, bomBytes } = detectTextEncoding(new Uint8Array(await file.slice(0, encodingSampleBytes).arrayBuffer()));
  const decoder = new TextDecoder(encoding, { ignoreBOM: true });
  let format: CsvFormat | null = null;
  let parser: Papa.Parser | null = null;
  let carry = '';

  for (let offset = bomBytes; offset < totalBytes || (offset === 0 && totalBytes === 0); offset += chunkBytes) {
    const end = Math.min(totalBytes, offset + chunkBytes);
    const bytes = new Uint8Array(await file.slice(offset, end).arrayBuffer());
    const more = end < totalBytes;
    let text = decoder.decode(bytes, { stream: more });

    if (!format || !parser) {
      // The delimiter and line ending are guessed once, from enough text to be sure.
      carry += text;
      if (more && carry.length < formatSampleChars) {
        yield { rows: [], bytesRead: end, totalBytes, format: null };
        continue;
      }
      format = detectFormat(carry, encoding);
      parser = new Papa.Parser({ delimiter: format.delimiter, newline: format.newline as Papa.ParseConfig['newline'] });
      text = carry;
      carry = '';
    }

    const input = carry + text;
    const result = parser.parse(input, 0, more) as { data: string[][]; meta: { cursor: number } };
    carry = more ? input.substring(result.meta.cursor) : '';
    if (carry.length > maxOpenRowChars) {
      throw new CsvReadError('A row never ends: a quoted field seems to be missing its closing quote.');
    }
    yield { rows: result.data.filter((row) => !isEmptyLine(row)), bytesRead: end, totalBytes, format };
    if (totalBytes === 0) return;
  }
}

/** papaparse's `skipEmptyLines: true`: a line with nothing on it. */
function isEmptyLine(row: string[]): boolean {
  return row.length === 1 && row[0] === '';
}
