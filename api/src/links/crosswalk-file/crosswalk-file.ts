import type { CrosswalkColumns } from '@og/shared/contracts/links';
import { type CsvDialect, detectCsvDialect } from '@og/shared/domain/csv-dialect';
import { CrosswalkFileError } from './crosswalk-file-error.js';
import type { CrosswalkRow } from './crosswalk-row.js';
import { type CrosswalkSchemes, type CsvReading, findCsvColumns, readCsvRow } from './csv-table.js';
import { decodeFileText, TextAhead } from './file-text.js';
import { type MetadataLine, readSssomMetadata, type SssomMetadata } from './sssom-metadata.js';
import { describeSssomColumns, findSssomColumns, readSssomRow } from './sssom-table.js';
import { readTableRowBatches, type TableRow } from './table-rows.js';

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
  /** Every row, in file order: read as it is asked for, once. Read either `rows` or `batches`, not both. */
  rows: AsyncGenerator<CrosswalkRow>;
  /** The same rows a piece of the file at a time (never an empty batch): an import's reading costs a step of the generators per piece, not per row. */
  batches: AsyncGenerator<CrosswalkRow[]>;
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
  const table = readTableRowBatches(text.rest(), dialect, headerLine);
  const first = await table.next();
  if (first.done) {
    throw new CrosswalkFileError(headerLine, metadata ? 'the SSSOM metadata block is not followed by a table (subject_id, predicate_id, object_id…).' : 'the file has no header line.');
  }
  const [headerRow, ...firstRows] = first.value;
  const names = headerRow!.cells.map((name) => name.trim());
  const rowsAfterHeader = rowBatchesAfter({ rows: firstRows }, table);
  if (metadata) {
    const columns = findSssomColumns(names, headerRow!.line);
    return { format, metadata, header: names, columns: describeSssomColumns(names, columns), ...crosswalkRows(rowsAfterHeader, (row) => readSssomRow(row, columns, metadata), watch) };
  }
  const columns = findCsvColumns(names, headerRow!.line, schemes, reading);
  return { format, metadata, header: names, columns: columns.described, ...crosswalkRows(rowsAfterHeader, (row) => readCsvRow(row, columns), watch) };
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

/**
 * The rows the header's batch holds after it, then the table's other batches; leaving early lets
 * go of the table. The first rows come in a holder the generator empties: a parameter would stay
 * in the generator's frame to its end, and with it the whole first piece of the file (a MiB).
 */
async function* rowBatchesAfter(first: { rows: TableRow[] | null }, table: AsyncGenerator<TableRow[]>): AsyncGenerator<TableRow[]> {
  try {
    const rows = first.rows!;
    first.rows = null;
    if (rows.length) yield rows;
    yield* table;
  } finally {
    await table.return(undefined);
  }
}

/** The table's rows read as crosswalk rows, one at a time or as batches (one or the other is read). */
function crosswalkRows(table: AsyncGenerator<TableRow[]>, read: (row: TableRow) => CrosswalkRow | null, watch: CrosswalkFileWatch): Pick<CrosswalkFile, 'rows' | 'batches'> {
  const batches = (async function* () {
    for await (const rows of table) {
      const batch: CrosswalkRow[] = [];
      let error: unknown = null;
      for (const row of rows) {
        watch.onTableRow?.(row);
        try {
          const link = read(row);
          if (link) batch.push(link);
        } catch (unread) {
          // The rows before it are given first, as one at a time they would be.
          error = unread;
          break;
        }
      }
      if (batch.length) yield batch;
      if (error) throw error;
    }
  })();
  // Its own walk of the table, so that each row's `onTableRow` comes just before that row is given.
  const rows = (async function* () {
    for await (const tableRows of table) {
      for (const row of tableRows) {
        watch.onTableRow?.(row);
        const link = read(row);
        if (link) yield link;
      }
    }
  })();
  return { rows, batches };
}
