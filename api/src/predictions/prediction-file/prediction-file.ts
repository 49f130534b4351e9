import fs from 'node:fs';
import { detectCsvDialect } from '@og/shared/domain/csv-dialect';
import { eventLoopTurn } from '../../lib/event-loop-turns.js';
import { CrosswalkFileError } from '../../links/crosswalk-file/crosswalk-file-error.js';
import { decodeFileText, TextAhead } from '../../links/crosswalk-file/file-text.js';
import { readTableRows, type TableRow } from '../../links/crosswalk-file/table-rows.js';
import type { PredictionLayout, PredictionReading } from '@og/shared/contracts/prediction-reading';
import { ColumnEntries, rowExtras } from './column-entries.js';
import { findOccCanineColumns, type OccCanineFormat, occCanineColumnsOfReading, OccCanineEntries } from './occcanine-csv.js';
import { findReadingColumns, proposeReading } from './prediction-reading.js';
import { JsonListScanner, readOccpastEntry } from './occpast-json.js';
import { PredictionFileError } from './prediction-file-error.js';

/**
 * Reading a prediction file for the `predictions.import` job: a path in, its predicted entries out
 * as they stream (the file is never held whole). The format is told from the content, not the
 * name: a file whose text is a JSON list (or object) is OCCPAST JSON (occpast-json.ts); any other
 * is a CSV as OccCANINE's `predict` writes it, wide, greedy or top-k (occcanine-csv.ts).
 *
 * The text is decoded by the rule every upload follows (api/src/links/crosswalk-file/file-text.ts: a byte-order
 * mark, UTF-8, UTF-16, else windows-1252; an empty or binary file is refused), a CSV's rows are
 * read by papaparse as the crosswalk import reads them (`,`, `;` or tab, quotes, CRLF; lines
 * counted as an editor counts them).
 *
 * Each entry is one row (top-k: one run of rows of a title; JSON: one entry of the list), in file
 * order. Identical strings are NOT merged here: the job merges them, so merging follows one rule
 * whatever the format. Rows whose title is empty (once a `lang[SEP]` prefix is removed) are skipped
 * and counted. Codes are not checked against their scheme (the job flags unknown codes).
 *
 * What makes the file unreadable fails with a {@link PredictionFileError} naming the line (and a
 * JSON entry): before any entry when it is in the start of the file (not text, not a list, no
 * title or code column), or when the row or entry is reached (a probability that is not one, a
 * URI of a scheme we do not have, a quote never closed). The job should write nothing it cannot
 * take back until the last entry is read.
 */

export interface PredictedEntry {
  /** The line the entry starts on, as an editor numbers lines (a CSV's header is line 1). */
  line: number;
  /** The title, trimmed, without the model's `lang[SEP]` prefix; never empty. */
  string: string;
  /** `uris`: `scheme:code` with our scheme ids (HISCO codes 5 digits: `hisco:01110`, or `hisco:-1`); `conf` 0 to 1, null when the file gives none; `column`: the code column it was read from, and `written` its codes as the file writes them, when a reading names it. */
  predictions: { uris: string[]; conf: number | null; column?: string; written?: string[] }[];
  /** With a reading: the language its row names (the language column's value as written, else the model input's `lang[SEP]` prefix). */
  language?: string;
  /** With a reading that keeps columns: their non-empty values in its row, by column name. */
  context?: Record<string, string>;
}

export interface PredictionFileSummary {
  format: PredictionLayout;
  /** Rows (JSON: entries) skipped for an empty title; top-k: runs of rows, one per title. */
  emptyTitles: number;
  /** Rows of the table read after the header (JSON: entries of the list), empty titles included. */
  rows: number;
  /** Code columns of systems we have no scheme for (`ISCO68A_1`…), not read. */
  ignoredColumns: string[];
}

export interface PredictionFile {
  format: PredictionFileSummary['format'];
  /** A CSV's header as written ([] for JSON). */
  header: string[];
  /** The reading the rows are read with: the one given, or the one a recognised layout needs (OccCANINE's evaluation layout); null for JSON and today's OccCANINE layouts read without one. */
  reading: PredictionReading | null;
  /** Every entry, in file order: read as it is asked for, once. Leaving a `for await` early closes the file. */
  entries: AsyncIterable<PredictedEntry>;
  /** The counts so far: final once `entries` has been read to the end. */
  summary(): PredictionFileSummary;
}

export interface PredictionFileOptions {
  /** Stops reading: the entries throw the signal's reason at the next piece of the file. */
  signal?: AbortSignal;
  /** Called as the file is read, with the bytes read so far (a little ahead of the entries given) and its size. */
  onBytes?: (bytesRead: number, totalBytes: number) => void;
  /** How to read a CSV's columns (the column-mapping step's); without one the layout is recognised. JSON files ignore it. */
  reading?: PredictionReading | null;
}

/** How much of the start of the file the format and a CSV's dialect are told from. */
const sampleLength = 64 * 1024;
/** Rows read ahead to tell the title column (occ1 or inputs). */
const sampleRows = 20;
/**
 * Bytes read at a time. Under ~1 MB, so the text decoded from a piece is an ordinary string that
 * dies young (Node makes longer ones external strings, freed only by a full collection).
 */
const pieceBytes = 256 * 1024;

/**
 * Reads the start of the file (its format, a CSV's header) and answers its entries to come. When
 * the start cannot be read, the file is closed before the error is thrown.
 */
export async function openPredictionFile(path: string, options: PredictionFileOptions = {}): Promise<PredictionFile> {
  options.signal?.throwIfAborted();
  const { size } = await fs.promises.stat(path);
  const decoded = decodeFileText(fileBytes(path, size, options));
  try {
    return await readStart(new TextAhead(decoded), options.reading ?? null);
  } catch (error) {
    await decoded.return(undefined);
    throw asPredictionFileError(error);
  }
}

/** The start of a file as the column-mapping step sees it: JSON, or a CSV's header and first rows. */
export type FileStart = { json: true } | { json: false; header: string[]; headerLine: number; sample: TableRow[] };

/** Reads only the start of the file: whether it is JSON, else a CSV's header and up to `rows` rows after it. */
export async function readFileStart(path: string, rows: number): Promise<FileStart> {
  const { size } = await fs.promises.stat(path);
  const decoded = decodeFileText(fileBytes(path, size, {}));
  try {
    const text = new TextAhead(decoded);
    const start = await text.peek(sampleLength);
    if (looksLikeJson.test(start)) return { json: true };
    // Decoding the start and parsing its rows are each tens of milliseconds: a turn of the event
    // loop between them. The rows are parsed a slice at a time, only as far as the sample needs
    // (a whole piece, a quarter of a MiB, is thousands of rows).
    await eventLoopTurn();
    const table = readTableRows(inSlices(text.rest(), startSliceLength), detectCsvDialect(start), 1);
    try {
      return { json: false, ...(await readHeaderAndSample(table, rows)) };
    } finally {
      await table.return(undefined);
    }
  } catch (error) {
    throw asPredictionFileError(error);
  } finally {
    await decoded.return(undefined);
  }
}

async function* fileBytes(path: string, totalBytes: number, { signal, onBytes }: PredictionFileOptions): AsyncGenerator<Uint8Array> {
  const stream = fs.createReadStream(path, { highWaterMark: pieceBytes, signal });
  let bytesRead = 0;
  try {
    for await (const piece of stream as AsyncIterable<Buffer>) {
      signal?.throwIfAborted();
      bytesRead += piece.length;
      onBytes?.(bytesRead, totalBytes);
      yield piece;
    }
  } finally {
    stream.destroy();
  }
}

/** The length of the slices {@link readFileStart} parses the start of a file in. */
const startSliceLength = 16 * 1024;

/** Each piece of `text` in slices of at most `length` (a row a slice cuts is held back and joined by the parse). */
async function* inSlices(text: AsyncIterable<string>, length: number): AsyncGenerator<string> {
  for await (const piece of text) for (let at = 0; at < piece.length; at += length) yield piece.slice(at, at + length);
}

/** A JSON object, or a list whose first value starts (or that is empty); not a CSV whose first column is `[id]`. */
const looksLikeJson = /^\s*(?:\{|\[\s*(?:[{["\]\d-]|true|false|null|$))/;

async function readStart(text: TextAhead, given: PredictionReading | null): Promise<PredictionFile> {
  const start = await text.peek(sampleLength);
  if (looksLikeJson.test(start)) {
    const summary: PredictionFileSummary = { format: 'occpast-json', emptyTitles: 0, rows: 0, ignoredColumns: [] };
    return { format: summary.format, header: [], reading: null, entries: occpastEntries(text.rest(), summary), summary: () => ({ ...summary }) };
  }

  const table = readTableRows(text.rest(), detectCsvDialect(start), 1);
  const { header: names, headerLine: line, sample } = await readHeaderAndSample(table, sampleRows);
  const reading = given ?? evaluationReading(names, sample);
  const summary: PredictionFileSummary = { format: 'columns', emptyTitles: 0, rows: 0, ignoredColumns: [] };
  let rows: TableEntries;
  if (!reading) {
    // Today's OccCANINE layouts, read as they always were.
    const columns = findOccCanineColumns(names, sample, line);
    Object.assign(summary, { format: columns.format, ignoredColumns: columns.ignoredColumns });
    rows = new OccCanineEntries(columns, summary);
  } else {
    const found = findReadingColumns(reading, names, line);
    const extras = (row: TableRow) => rowExtras(found, row);
    const asOccCanine = reading.layout !== 'columns' && (reading.layout !== 'occcanine-wide' || found.codes.every((code) => code.confidence >= 0));
    if (asOccCanine) {
      summary.format = reading.layout as OccCanineFormat;
      rows = new OccCanineEntries(occCanineColumnsOfReading(summary.format, reading, found, names, line), summary, extras);
    } else {
      summary.format = given ? 'columns' : 'occcanine-eval';
      rows = new ColumnEntries(reading, found, names, summary);
    }
  }
  return {
    format: summary.format,
    header: names,
    reading,
    entries: tableEntries(sample, table, rows),
    summary: () => ({ ...summary, ignoredColumns: [...summary.ignoredColumns] }),
  };
}

/** A table's header (names trimmed) and up to `rows` rows after it; a file without a header fails. */
async function readHeaderAndSample(table: AsyncGenerator<TableRow>, rows: number): Promise<{ header: string[]; headerLine: number; sample: TableRow[] }> {
  const header = await table.next();
  if (header.done) throw new PredictionFileError(1, 'the file has no header line.');
  const sample: TableRow[] = [];
  while (sample.length < rows) {
    const row = await table.next();
    if (row.done) break;
    sample.push(row.value);
  }
  return { header: header.value.cells.map((name) => name.trim()), headerLine: header.value.line, sample };
}

/** OccCANINE's evaluation layout is read by the reading it is recognised with; other layouts need none. */
function evaluationReading(names: readonly string[], sample: readonly TableRow[]): PredictionReading | null {
  const proposal = proposeReading(names, sample);
  return proposal.layout === 'occcanine-eval' ? proposal.reading : null;
}

interface TableEntries {
  read(row: TableRow): PredictedEntry[];
  end?(): PredictedEntry[];
}

async function* occpastEntries(text: AsyncGenerator<string>, summary: PredictionFileSummary): AsyncGenerator<PredictedEntry> {
  const scanner = new JsonListScanner();
  try {
    for await (const piece of text) {
      for (const found of scanner.scan(piece)) {
        summary.rows++;
        const entry = readOccpastEntry(found);
        if (entry) yield entry;
        else summary.emptyTitles++;
      }
    }
    scanner.end();
  } catch (error) {
    throw asPredictionFileError(error);
  } finally {
    await text.return(undefined);
  }
}

async function* tableEntries(sample: TableRow[], table: AsyncGenerator<TableRow>, rows: TableEntries): AsyncGenerator<PredictedEntry> {
  try {
    for (const row of sample) yield* rows.read(row);
    sample.length = 0;
    for await (const row of table) yield* rows.read(row);
    yield* rows.end?.() ?? [];
  } catch (error) {
    throw asPredictionFileError(error);
  } finally {
    await table.return(undefined);
  }
}

/** The shared text and table readers' CrosswalkFileError (not text, a quote never closed) as ours. */
function asPredictionFileError(error: unknown): unknown {
  return error instanceof CrosswalkFileError ? new PredictionFileError(error.line, error.problem) : error;
}
