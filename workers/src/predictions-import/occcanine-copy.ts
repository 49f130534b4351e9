import fs from 'node:fs';
import type pg from 'pg';
import type { Database, Queryable } from '@og/api/db/database';
import { detectCsvDialect } from '@og/shared/domain/csv-dialect';
import { normaliseTitle } from '@og/shared/domain/title-norm';
import { detectTextEncoding, encodingSampleBytes } from '@og/shared/domain/text-encoding';
import { cellCodes, schemeCode } from '@og/api/predictions/prediction-file/prediction-codes';
import { findOccCanineColumns } from '@og/api/predictions/prediction-file/occcanine-csv';
import { type PredictionFileSummary, readFileStart } from '@og/api/predictions/prediction-file/prediction-file';
import { proposeReading } from '@og/api/predictions/prediction-file/prediction-reading';
import type { SchemeId } from '@og/shared/domain/schemes';
import { TableCopy } from '@og/api/db/table-copy';
import {
  collectOtherTitles,
  countUnknownCodes,
  createRawTable,
  distinctCodeCells,
  dropRawTable,
  emptyStaging,
  otherTitles,
  setOtherNorms,
  stageOtherNorms,
  stageRawRows,
  storeCellCodes,
  type RowRange,
  type WideSlot,
} from './occcanine-copy-queries.js';
import { bothLanes, inLane } from './prediction-import-queries.js';

/**
 * A wide OccCANINE CSV (the layout `predict` writes most, and the largest files) read by Postgres
 * itself: its bytes go as they are into a COPY of CSV, and the titles, codes and probabilities
 * are read from the copied rows in SQL by the JavaScript reader's rules, the codes matched once per
 * distinct cell. The file is only read this way when both readers are sure to see the same rows:
 * UTF-8, a header on its first line, one code column per slot of one scheme, and quotes only where
 * papaparse and Postgres read them alike (a cell that starts with one; a byte scan checks it as the
 * bytes stream). Any other file, and any file Postgres refuses (a row of the wrong width, a
 * probability that is not one, a byte that is not UTF-8), answers null: the JavaScript reader
 * then reads it from the start, and names the line of what is wrong.
 */

/** What the import needs of its URI matcher: a code's own URI, and the URIs it did not know. */
export interface CodeMatcher {
  canonical(uri: string): string | Promise<string>;
  readonly unknown: Set<string>;
}

export interface CopiedPredictions {
  summary: PredictionFileSummary;
  unknownCodes: number;
}

/** COPY is handed the file in pieces of this size; at most this much waits for Postgres. */
const pieceBytes = 1024 * 1024;
/** Titles normalised in JavaScript (those not printable ASCII) are read and written back this many at a time (a page takes a few milliseconds of the event loop). */
const titlesPerPage = 2_000;

/** The file's layout, when this reader reads it exactly; else null. */
async function wideLayout(path: string): Promise<{ header: string[]; delimiter: string; title: number; slots: WideSlot[]; scheme: SchemeId; ignoredColumns: string[] } | null> {
  const handle = await fs.promises.open(path, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(encodingSampleBytes);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (detectTextEncoding(head).encoding !== 'utf-8') return null;
  const start = await readFileStart(path, 20).catch(() => null);
  if (!start || start.json || start.headerLine !== 1) return null;
  if (proposeReading(start.header, start.sample).layout === 'occcanine-eval') return null;
  let columns: ReturnType<typeof findOccCanineColumns>;
  try {
    columns = findOccCanineColumns(start.header, start.sample, start.headerLine);
  } catch {
    return null;
  }
  if (columns.format !== 'occcanine-wide') return null;
  const dialect = detectCsvDialect(new TextDecoder('utf-8').decode(head.subarray(0, 64 * 1024)));
  if (dialect.newline === '\r') return null;
  const slots = [...columns.probabilities]
    .map(([k, probability]) => ({ k, probability, description: columns.descriptions.get(k) ?? -1, codes: columns.codes.filter((code) => code.k === k) }))
    .filter((slot) => slot.codes.length)
    .sort((a, b) => a.k - b.k);
  const schemes = new Set(slots.flatMap((slot) => slot.codes.map((code) => code.scheme)));
  if (!slots.length || slots.some((slot) => slot.codes.length !== 1) || schemes.size !== 1) return null;
  return {
    header: start.header,
    delimiter: dialect.delimiter,
    title: columns.title,
    slots: slots.map((slot) => ({ code: slot.codes[0]!.column, probability: slot.probability, description: slot.description })),
    scheme: [...schemes][0]!,
    ignoredColumns: columns.ignoredColumns,
  };
}

/**
 * Checks, as the bytes stream, that papaparse and Postgres's CSV read them alike: a quote only at
 * the start of a cell (or doubled, or closing it before a delimiter or line break), no blank line
 * (papaparse skips it), no line `\.` (COPY's end of data).
 */
class QuoteScan {
  private state: 'start' | 'plain' | 'quoted' | 'closing' = 'start';
  /** Bytes of the current line outside quotes, for blank and `\.` lines; -1 once the line has more than two. */
  private line: number[] = [];
  disagrees = false;

  constructor(private readonly delimiter: number) {}

  scan(bytes: Buffer): void {
    const { delimiter } = this;
    let { state } = this;
    for (let at = 0; at < bytes.length && !this.disagrees; at++) {
      const byte = bytes[at]!;
      if (state === 'quoted') {
        if (byte === 0x22) state = 'closing';
        continue;
      }
      if (byte === 0x0a) {
        this.endLine();
        state = 'start';
        continue;
      }
      if (this.line.length < 3) this.line.push(byte);
      if (state === 'closing') {
        if (byte === 0x22) state = 'quoted';
        else if (byte === delimiter) state = 'start';
        else if (byte !== 0x0d) this.disagrees = true;
      } else if (byte === 0x22) {
        if (state === 'start') state = 'quoted';
        else this.disagrees = true;
      } else state = byte === delimiter ? 'start' : 'plain';
    }
    this.state = state;
  }

  /** At the end of the file: a quote never closed disagrees too (papaparse fails it; so does COPY). */
  end(): void {
    if (this.state === 'quoted') this.disagrees = true;
  }

  private endLine(): void {
    const line = this.line[this.line.length - 1] === 0x0d ? this.line.slice(0, -1) : this.line;
    if (line.length === 0 || (line.length === 2 && line[0] === 0x5c && line[1] === 0x2e)) this.disagrees = true;
    this.line = [];
  }
}

/**
 * Reads a wide OccCANINE CSV into the import's staging table (created already) by COPY and SQL;
 * answers null, leaving the staging table empty, when the file is to be read by the JavaScript
 * reader instead.
 */
export async function copyWideOccCanine(
  client: pg.PoolClient,
  pool: Database,
  setId: string,
  path: string,
  matcher: CodeMatcher,
  options: { signal: AbortSignal; onBytes: (done: number, total: number) => void; phaseDone: (phase: string) => void },
): Promise<CopiedPredictions | null> {
  const layout = await wideLayout(path);
  if (!layout) return null;
  const { size } = await fs.promises.stat(path);
  let copy: TableCopy | null = null;
  try {
    copy = new TableCopy(client, await createRawTable(client, setId, layout.header.length, layout.delimiter), pieceBytes);
    const scan = new QuoteScan(layout.delimiter.charCodeAt(0));
    let done = 0;
    for await (const piece of fs.createReadStream(path, { highWaterMark: pieceBytes, signal: options.signal }) as AsyncIterable<Buffer>) {
      scan.scan(piece);
      if (scan.disagrees) break;
      copy.write(piece);
      done += piece.length;
      options.onBytes(done, size);
      await copy.drained();
    }
    scan.end();
    if (scan.disagrees) {
      await copy.abort();
      return null;
    }
    const rows = await copy.end();
    copy = null;
    options.phaseDone('reading by COPY: the COPY');

    const cells = await distinctCodeCells(client, setId, layout.slots.map((slot) => slot.code));
    const coded: { cell: string; uris: string[] | null; unknown: number }[] = [];
    for (const cell of cells) {
      const mended = [...new Set(cellCodes(cell).map((code) => `${layout.scheme}:${schemeCode(layout.scheme, code)}`))];
      if (!mended.length) {
        coded.push({ cell, uris: null, unknown: 0 });
        continue;
      }
      const uris: string[] = [];
      let unknown = 0;
      for (const uri of mended) {
        const canonical = await matcher.canonical(uri);
        uris.push(canonical);
        if (matcher.unknown.has(canonical)) unknown++;
      }
      coded.push({ cell, uris, unknown });
    }
    await storeCellCodes(client, setId, coded);

    options.phaseDone('reading by COPY: codes');
    // Two lanes, each the rows of one half of the file, so that Postgres reads them on two cores.
    const half = Math.floor(rows / 2);
    const stage = (db: Queryable, range: RowRange) => stageRawRows(db, setId, layout, { rows: range });
    const halves = await bothLanes(stage(client, { after: 0, upTo: half }), inLane(pool, (lane) => stage(lane, { after: half, upTo: null })));
    const staged = halves[0] + halves[1];
    options.phaseDone('reading by COPY: staging');

    const others = await collectOtherTitles(client, setId);
    for (let from = 0; from < others; from += titlesPerPage) {
      const page = await otherTitles(client, setId, from, from + titlesPerPage);
      await setOtherNorms(
        client,
        setId,
        page.map((row) => row.id),
        page.map((row) => normaliseTitle(row.title)),
      );
    }
    if (others > 0) await stageOtherNorms(client, setId);
    const unknownCodes = coded.some((entry) => entry.unknown > 0) ? await countUnknownCodes(client, setId, layout) : 0;
    options.phaseDone('reading by COPY: other titles');
    return { summary: { format: 'occcanine-wide', rows, emptyTitles: rows - staged, ignoredColumns: layout.ignoredColumns }, unknownCodes };
  } catch (error) {
    // The COPY is ended first, whatever stopped the reading: a connection left in a COPY would
    // hold every later statement on it (the raw table's drop below) for ever.
    await copy?.abort();
    options.signal.throwIfAborted();
    // Anything Postgres refused (a row of another width, a probability that is not one, bytes that are not UTF-8): the JavaScript reader says what.
    if (typeof (error as { code?: unknown }).code === 'string' && /^(22|23)/.test((error as { code: string }).code)) {
      await emptyStaging(client, setId);
      return null;
    }
    throw error;
  } finally {
    await dropRawTable(client, setId).catch(() => undefined);
  }
}
