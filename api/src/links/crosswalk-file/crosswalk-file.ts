import type { CrosswalkColumns } from '@og/shared/contracts/links';
import { type CsvDialect, detectCsvDialect } from '@og/shared/domain/csv-dialect';
import { CrosswalkFileError } from './crosswalk-file-error.js';
import type { CrosswalkRow } from './crosswalk-row.js';
import { type CrosswalkSchemes, type CsvReading, findCsvColumns, readCsvRow } from './csv-table.js';
import { decodeFileText, TextAhead } from './file-text.js';
import { type MetadataLine, readSssomMetadata, type SssomMetadata } from './sssom-metadata.js';
import { describeSssomColumns, findSssomColumns, readSssomRow } from './sssom-table.js';
import { readTableRowPieces, type TableRow } from './table-rows.js';

/**
 * Reading a crosswalk file for the `crosswalk.import` job: the file's bytes in, its rows out, as
 * they stream (the file is never held whole). The format is told from the content:
 *
 * - SSSOM/TSV when the file starts with a `#` (its metadata block: sssom-metadata.ts) or its
 *   first line has a `subject_id` column (a mappings block alone, so only SSSOM's built-in
 *   prefixes); the table is then tab-separated (sssom-table.ts);
 * - CSV otherwise: delimiter and line break guessed as the upload wizard guesses them
 *   (shared/domain/csv-dialect.ts), columns found by their header names (csv-table.ts).
 *
 * The encoding is decided by the shared rule (file-text.ts). What makes the whole file unreadable
 * fails with a {@link CrosswalkFileError} naming the line: before any row when it is in the start
 * of the file (not text, no code column, a metadata block that cannot be read), or when the row
 * is reached (a quote never closed, an undeclared SSSOM prefix, a predicate that is not a mapping
 * relation). So that nothing of such a file is imported, the import writes nothing it cannot
 * take back until the last row is read.
 */

export type CrosswalkFormat = 'csv' | 'sssom';

export interface CrosswalkFile {
  format: CrosswalkFormat;
  /** SSSOM: the metadata block (mapping_set_id, license, prefixes); null for a CSV. */
  metadata: SssomMetadata | null;
  /** The table's header, every column in file order (spaces around names trimmed). */
  header: string[];
  /** Which columns are read as what. */
  columns: CrosswalkColumns;
  /** Every row, in file order: read as it is asked for, once. */
  rows: AsyncGenerator<CrosswalkRow>;
  /**
   * The same rows a piece of the file at a time (an array each): for a reader of many rows, which
   * then awaits once a piece rather than once a row. Read either these or {@link rows}, not both.
   */
  pieces: AsyncGenerator<CrosswalkRow[]>;
}

/** Who else looks at the table: `onTableRow` is given each row's cells as written, just before the row is read (the preview looks at the columns an import does not read). */
export interface CrosswalkFileWatch {
  onTableRow?: (row: TableRow) => void;
}

/** How much of the start of the table the dialect is guessed from. */
const dialectSampleLength = 64 * 1024;

/**
 * Reads the start of the file (its format, any metadata block and the header) and answers its
 * rows to come. `schemes`: the source and target schemes the admin chose, whose ids may name the
 * code columns of a CSV (`hisco_code`). When the start cannot be read, the bytes are let go of
 * (a file stream closed) before the error is thrown; after that, reading the rows to the end, or
 * leaving a `for await` over them early, lets go of them.
 */
export async function openCrosswalkFile(bytes: AsyncIterable<Uint8Array>, schemes: CrosswalkSchemes = {}, reading: CsvReading = {}, watch: CrosswalkFileWatch = {}): Promise<CrosswalkFile> {
  const decoded = decodeFileText(bytes);
  try {
    return await readStart(new TextAhead(decoded), schemes, reading, watch);
  } catch (error) {
    await decoded.return(undefined);
    throw error;
  }
}

async function readStart(text: TextAhead, schemes: CrosswalkSchemes, reading: CsvReading, watch: CrosswalkFileWatch): Promise<CrosswalkFile> {
  const start = await text.peek(dialectSampleLength);
  const firstLine = /^[^\r\n]*/.exec(start)![0];
  const format: CrosswalkFormat = start.startsWith('#') || firstLine.split('\t').includes('subject_id') ? 'sssom' : 'csv';
  const metadata = format === 'sssom' ? readSssomMetadata(await takeMetadataBlock(text)) : null;
  const head = await text.peek(dialectSampleLength);
  const dialect: CsvDialect = format === 'sssom' ? { delimiter: '\t', newline: detectCsvDialect(head).newline } : detectCsvDialect(head);

  const headerLine = text.linesTaken + 1;
  const table = readTableRowPieces(text.rest(), dialect, headerLine);
  const first = await table.next();
  const header = first.done ? first : { done: false as const, value: first.value[0]! };
  if (header.done) {
    throw new CrosswalkFileError(headerLine, metadata ? 'the SSSOM metadata block is not followed by a table (subject_id, predicate_id, object_id…).' : 'the file has no header line.');
  }
  const names = header.value.cells.map((name) => name.trim());
  // The rows after the header, a piece at a time: the rest of the header's piece first.
  const pieces = withFirst(first.value.slice(1), table);
  const tableRows = (read: (row: TableRow) => CrosswalkRow | null) => ({ rows: crosswalkRows(eachOf(pieces), read, watch), pieces: crosswalkRowPieces(pieces, read, watch) });
  if (metadata) {
    const columns = findSssomColumns(names, header.value.line);
    return { format, metadata, header: names, columns: describeSssomColumns(names, columns), ...tableRows((row) => readSssomRow(row, columns, metadata)) };
  }
  const columns = findCsvColumns(names, header.value.line, schemes, reading);
  return { format, metadata, header: names, columns: columns.described, ...tableRows((row) => readCsvRow(row, columns)) };
}

/** The `#` lines at the top of the file, without their `#`. */
async function takeMetadataBlock(text: TextAhead): Promise<MetadataLine[]> {
  const lines: MetadataLine[] = [];
  while ((await text.peek(1)).startsWith('#')) {
    const line = (await text.takeLine())!;
    lines.push({ line: text.linesTaken, text: line.slice(1) });
  }
  return lines;
}

async function* crosswalkRows(table: AsyncIterable<TableRow>, read: (row: TableRow) => CrosswalkRow | null, watch: CrosswalkFileWatch): AsyncGenerator<CrosswalkRow> {
  for await (const row of table) {
    watch.onTableRow?.(row);
    const link = read(row);
    if (link) yield link;
  }
}

/** The rows of each piece read as crosswalk rows (each piece that has any); a row that cannot be read throws after the rows before it are given. */
async function* crosswalkRowPieces(table: AsyncIterable<TableRow[]>, read: (row: TableRow) => CrosswalkRow | null, watch: CrosswalkFileWatch): AsyncGenerator<CrosswalkRow[]> {
  for await (const rows of table) {
    const links: CrosswalkRow[] = [];
    let failure: { error: unknown } | null = null;
    for (const row of rows) {
      watch.onTableRow?.(row);
      try {
        const link = read(row);
        if (link) links.push(link);
      } catch (error) {
        failure = { error };
        break;
      }
    }
    if (links.length) yield links;
    if (failure) throw failure.error;
  }
}

/** The pieces' items one at a time. */
async function* eachOf<T>(pieces: AsyncIterable<T[]>): AsyncGenerator<T> {
  for await (const piece of pieces) yield* piece;
}

/** `first`, then the pieces of `rest`; `rest` is let go of however the reading ends (left during `first` too). */
async function* withFirst<T>(first: T[], rest: AsyncGenerator<T[]>): AsyncGenerator<T[]> {
  try {
    if (first.length) yield first;
    yield* rest;
  } finally {
    await rest.return(undefined);
  }
}
