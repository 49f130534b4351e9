import fs from 'node:fs';
import { nameHeaderColumns } from '@og/shared/domain/csv-header';
import type { CsvDialect } from '@og/shared/domain/csv-dialect';
import { CsvRowScanner, rowFound, rowIncomplete, strayQuote } from './csv-scanner.js';
import { errorAtLine, InvalidDatasetFileError, quoteValue } from '@og/api/files/dataset-file-error';
import { EventLoopTurns } from '@og/api/lib/event-loop-turns';
import { type ByteEncoding, decodeText, hasQuote, trimmedEnd, trimmedStart, unquote, Utf8Check } from '@og/api/files/text-bytes';
import type { RowGroups } from './row-groups.js';
import { nulInTitle, tableFull } from './title-groups.js';
import { maxTitleAndCodeBytes, maxTitleCharacters, nulProblem, titleProblem } from './title-limits.js';
import { parseWholeNumberBytes, totalsCellProblem } from './totals-values.js';
import { emptyFileMessage, NotUtf8Error, type TextEncodingName } from '@og/api/files/upload-sniffing';

/**
 * Reading a CSV upload into title groups, streamed: the file in pieces of a MiB, the rows found
 * in the bytes (csv-scanner.ts, papaparse's rules), each row checked and counted by its title and
 * code bytes. Only the header, and values something is wrong with, become strings. The rows are
 * read in turns of the event loop (api/src/lib/event-loop-turns.ts), and wait while the groups,
 * full, are written out.
 *
 * Why bytes: parsing with papaparse (whichever way it is driven) and grouping its rows of strings
 * in a Map (V8 compares and hashes fresh strings slowly) take far longer than a plain COPY of the
 * file; reading the bytes, the whole ingest takes about the time of the plain COPY.
 */

/** The columns the uploader chose (dataset metadata): by header name. */
export interface TitleColumns {
  titleColumn: string | null;
  codeColumn: string | null;
  totalsColumns: string[];
  /** A column saying each row's language (its values are tallied per title, not grouped by). */
  languageColumn?: string | null;
}

const headerOnlyMessage = 'The file has a header but no rows.';

/** A piece of the file: its bytes (UTF-8 or windows-1252), and how many bytes of the file are behind them. */
export interface FilePiece {
  bytes: Uint8Array;
  read: number;
}

export interface CsvReadOptions {
  pieces: AsyncIterable<FilePiece>;
  /** What the bytes are in. */
  encoding: ByteEncoding;
  /** Whether the bytes must be checked as UTF-8 (failing with {@link NotUtf8Error}). */
  checkUtf8: boolean;
  /** Bytes of the file before the first piece (a byte-order mark), for progress. */
  bytesBefore: number;
  dialect: CsvDialect;
  columns: TitleColumns;
  /** Where the rows are counted; flushed (written out) whenever it is full. */
  groups: RowGroups;
  /** Where each counted row's title and language-column value go (with a language column). */
  languages?: { add: (title: string, value: string) => void };
  /** Runs after each piece of the file (backpressure, progress): rows read, bytes of the file read. */
  afterPiece: (rows: number, bytesRead: number) => Promise<void>;
}

const pieceBytes = 1024 * 1024;
/** A row longer than this is refused: most likely a quote that is never closed swallowing the file. */
export const maxRowBytes = 4 * 1024 * 1024;

/** Reads every row into the groups; answers the rows read. Problems fail with their physical line (the header is line 1). */
export async function readCsvTitles(options: CsvReadOptions): Promise<number> {
  const { columns, groups, dialect } = options;
  const byteEncoding = options.encoding;
  const text = (bytes: Uint8Array, start: number, end: number) => decodeText(bytes.subarray(start, end), byteEncoding);
  const scanner = new CsvRowScanner(dialect);
  const utf8 = options.checkUtf8 ? new Utf8Check() : null;
  const lineByte = dialect.newline === '\r' ? 0x0d : 0x0a;
  const countBreaks = dialect.newline === '\r\n';

  const totalsCount = columns.totalsColumns.length;
  const totals = new Float64Array(totalsCount);
  let titleScratch = Buffer.allocUnsafe(4096);
  let codeScratch = Buffer.allocUnsafe(4096);
  let header: string[] | null = null;
  let width = 0;
  let titleIndex = -1;
  let codeIndex = -1;
  let totalsIndexes: number[] = [];
  let languageIndex = -1;
  let rows = 0;
  let line = 1;

  // Where the last located field's bytes are (a quoted field with `""` is undone into a scratch buffer).
  let located: Buffer = titleScratch;
  let locatedStart = 0;
  let locatedEnd = 0;
  const locate = (work: Buffer, field: number, forCode: boolean) => {
    const start = scanner.fieldStart[field]!;
    const end = scanner.fieldEnd[field]!;
    if (!scanner.fieldQuoted[field] || !hasQuote(work, start, end)) {
      located = work;
      locatedStart = start;
      locatedEnd = end;
      return;
    }
    if ((forCode ? codeScratch : titleScratch).length < end - start) {
      if (forCode) codeScratch = Buffer.allocUnsafe(end - start);
      else titleScratch = Buffer.allocUnsafe(end - start);
    }
    located = forCode ? codeScratch : titleScratch;
    locatedStart = 0;
    locatedEnd = unquote(work, start, end, located);
  };
  const fieldText = (work: Buffer, field: number) => {
    locate(work, field, false);
    return text(located, locatedStart, locatedEnd);
  };

  const readHeader = (work: Buffer) => {
    if (scanner.fieldCount > maxColumns) {
      throw new InvalidDatasetFileError(`The header has ${scanner.fieldCount.toLocaleString('en')} columns; a dataset file may have at most ${maxColumns.toLocaleString('en')}.`);
    }
    const names = nameHeaderColumns(Array.from({ length: scanner.fieldCount }, (_, field) => fieldText(work, field)));
    const indexOf = (name: string | null, role: string) => columnIndex(names, name, role);
    titleIndex = indexOf(columns.titleColumn, 'title');
    codeIndex = indexOf(columns.codeColumn, 'code');
    totalsIndexes = columns.totalsColumns.map((name) => indexOf(name, 'totals'));
    languageIndex = options.languages ? indexOf(columns.languageColumn ?? null, 'language') : -1;
    width = names.length;
    header = names;
  };

  /** Counts the row found; false (the row not counted) when the groups are full. */
  const readRow = (work: Buffer): boolean => {
    if (scanner.fieldCount !== width) throw raggedRowError(line, scanner.fieldCount, width);
    let title: Buffer = work;
    let titleStart = 0;
    let titleEnd = 0;
    if (titleIndex >= 0) {
      locate(work, titleIndex, false);
      title = located;
      titleStart = trimmedStart(title, locatedStart, locatedEnd, byteEncoding);
      titleEnd = trimmedEnd(title, titleStart, locatedEnd, byteEncoding);
    }
    let code: Buffer = work;
    let codeStart = 0;
    let codeEnd = 0;
    if (codeIndex >= 0) {
      locate(work, codeIndex, true);
      code = located;
      codeStart = trimmedStart(code, locatedStart, locatedEnd, byteEncoding);
      codeEnd = trimmedEnd(code, codeStart, locatedEnd, byteEncoding);
    }
    const titleBytes = titleEnd - titleStart;
    const codeBytes = codeEnd - codeStart;
    // Long values are measured as text (characters, and bytes of UTF-8) only when they might be too long.
    if (titleBytes > maxTitleCharacters || codeBytes > maxTitleCharacters || (titleBytes + codeBytes) * (byteEncoding === 'utf-8' ? 1 : 3) > maxTitleAndCodeBytes) {
      const problem = titleProblem(text(title, titleStart, titleEnd), text(code, codeStart, codeEnd));
      if (problem) throw errorAtLine(line, problem);
    }
    for (let column = 0; column < totalsCount; column++) {
      const field = totalsIndexes[column]!;
      const value = parseWholeNumberBytes(work, scanner.fieldStart[field]!, scanner.fieldEnd[field]!);
      if (value === null || value === Number.POSITIVE_INFINITY) {
        throw errorAtLine(line, totalsCellProblem(fieldText(work, field), columns.totalsColumns[column]!, value));
      }
      totals[column] = value;
    }
    const slot = groups.add(title, titleStart, titleEnd, code, codeStart, codeEnd, totals);
    if (slot === tableFull) return false;
    if (slot < 0) {
      throw errorAtLine(line, slot === nulInTitle ? nulProblem : `the totals of ${quoteValue(text(title, titleStart, titleEnd))} add up past 2^53, more than can be summed exactly.`);
    }
    rows++;
    if (languageIndex >= 0) {
      // The title's text first: reading the language field may reuse the buffer a quoted title was undone into.
      const titleText = titleIndex >= 0 ? text(title, titleStart, titleEnd) : '';
      options.languages!.add(titleText, fieldText(work, languageIndex));
    }
    return true;
  };

  const turns = new EventLoopTurns();
  let paused: 'groups full' | 'turn over' | null = null;
  let rowsSinceClock = 0;
  /**
   * Reads the rows in `work[at, end)`; answers where it stopped: at the unfinished last row, or
   * (`paused` says why) at the first row the groups had no room for, or where the turn ended (the
   * clock is read every 256 rows).
   */
  const readRows = (work: Buffer, at: number, end: number, final: boolean): number => {
    while (at < end) {
      if (++rowsSinceClock === 256) {
        rowsSinceClock = 0;
        if (turns.over) {
          paused = 'turn over';
          return at;
        }
      }
      const found = scanner.scan(work, at, end, final);
      if (found === rowIncomplete) break;
      if (found !== rowFound) {
        throw errorAtLine(
          line,
          found === strayQuote
            ? 'a quoted field has a stray " in it (a quote inside a quoted field is written twice: "").'
            : 'a quoted field is never closed (a " is missing).',
        );
      }
      const rowEnd = scanner.rowEnd;
      const blank = scanner.fieldCount === 1 && scanner.fieldEnd[0] === scanner.fieldStart[0];
      if (!blank) {
        if (!header) readHeader(work);
        else if (!readRow(work)) {
          paused = 'groups full';
          return at;
        }
      }
      if (scanner.anyQuoted || countBreaks) line += countByte(work, at, rowEnd, lineByte);
      else if (rowEnd < end || work[rowEnd - 1] === lineByte) line += 1;
      at = rowEnd;
    }
    return at;
  };
  /** {@link readRows} to the end, flushing the groups whenever they are full, a turn of the event loop at a time. */
  const readAllRows = async (work: Buffer, end: number, final: boolean): Promise<number> => {
    let at = readRows(work, 0, end, final);
    while (paused) {
      if (paused === 'groups full') await groups.flush();
      else await turns.next();
      paused = null;
      at = readRows(work, at, end, final);
    }
    return at;
  };

  // The unfinished row of the last piece stays at the start of `work`; the next piece goes after it.
  let work = Buffer.allocUnsafe(pieceBytes * 2);
  let kept = 0;
  let bytesRead = options.bytesBefore;
  for await (const piece of options.pieces) {
    bytesRead += piece.read;
    if (kept + piece.bytes.length > work.length) {
      const larger = Buffer.allocUnsafe(Math.max(work.length * 2, kept + piece.bytes.length));
      work.copy(larger, 0, 0, kept);
      work = larger;
    }
    work.set(piece.bytes, kept);
    const end = kept + piece.bytes.length;
    if (utf8 && !utf8.check(work, end, false)) throw new NotUtf8Error('The file is not valid UTF-8 past its first MiB.');
    const consumed = await readAllRows(work, end, false);
    kept = end - consumed;
    if (kept > maxRowBytes) throw errorAtLine(line, `a row runs on for more than ${maxRowBytes / 1024 / 1024} MB; is a quote never closed?`);
    work.copy(work, 0, consumed, end);
    if (utf8) utf8.checkedTo -= consumed;
    await options.afterPiece(rows, bytesRead);
  }
  if (utf8 && !utf8.check(work, kept, true)) throw new NotUtf8Error('The file is not valid UTF-8 past its first MiB.');
  if (kept) await readAllRows(work, kept, true);
  await options.afterPiece(rows, bytesRead);

  if (!header) throw new InvalidDatasetFileError(emptyFileMessage);
  if (rows === 0) throw new InvalidDatasetFileError(headerOnlyMessage);
  return rows;
}

/** The file's bytes in pieces of a MiB, after the byte-order mark: as they are, or, for UTF-16, converted to UTF-8. */
export async function* readFilePieces(options: { path: string; encoding: TextEncodingName; bomBytes: number }): AsyncGenerator<FilePiece> {
  const stream = fs.createReadStream(options.path, { start: options.bomBytes, highWaterMark: pieceBytes });
  if (options.encoding !== 'utf-16le' && options.encoding !== 'utf-16be') {
    for await (const chunk of stream as AsyncIterable<Buffer>) yield { bytes: chunk, read: chunk.length };
    return;
  }
  const decoder = new TextDecoder(options.encoding, { fatal: true, ignoreBOM: true });
  const convert = (chunk?: Buffer) => {
    try {
      return Buffer.from(chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode(), 'utf8');
    } catch {
      throw new InvalidDatasetFileError(`The file is not valid ${options.encoding.toUpperCase()} text.`);
    }
  };
  for await (const chunk of stream as AsyncIterable<Buffer>) yield { bytes: convert(chunk), read: chunk.length };
  yield { bytes: convert(), read: 0 };
}

function countByte(bytes: Uint8Array, start: number, end: number, byte: number): number {
  let count = 0;
  for (let at = bytes.indexOf(byte, start); at !== -1 && at < end; at = bytes.indexOf(byte, at + 1)) count++;
  return count;
}

/** Most columns a header may have (a census table has tens; the names are all kept while reading). */
const maxColumns = 10_000;

function raggedRowError(line: number, fields: number, headerFields: number): InvalidDatasetFileError {
  return new InvalidDatasetFileError(`Line ${line} has ${fields} field${fields === 1 ? '' : 's'}; the header has ${headerFields}.`);
}

/** Where a chosen column is in the header (-1 when none was chosen); a missing one fails, listing the header. */
function columnIndex(header: string[], name: string | null, role: string): number {
  if (name === null) return -1;
  const index = header.indexOf(name);
  if (index >= 0) return index;
  const shown = header.slice(0, 30).map((column) => quoteValue(column, 60));
  const more = header.length > 30 ? `, and ${header.length - 30} more` : '';
  throw new InvalidDatasetFileError(`The ${role} column ${quoteValue(name, 60)} is not in the file's header (${shown.join(', ')}${more}).`);
}
