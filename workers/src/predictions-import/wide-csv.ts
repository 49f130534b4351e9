import fs from 'node:fs';
import { eventLoopTurn, EventLoopTurns } from '@og/api/lib/event-loop-turns';
import { detectCsvDialect } from '@og/shared/domain/csv-dialect';
import { normaliseTitle } from '@og/shared/domain/title-norm';
import { detectTextEncoding, encodingSampleBytes } from '@og/shared/domain/text-encoding';
import type { SchemeId } from '@og/shared/domain/schemes';
import { copyField, copyTextArray } from '@og/api/db/copy-text';
import { cellCodes, readProbability, schemeCode, titleOf } from '@og/api/predictions/prediction-file/prediction-codes';
import { findOccCanineColumns } from '@og/api/predictions/prediction-file/occcanine-csv';
import { readFileStart } from '@og/api/predictions/prediction-file/prediction-file';
import { proposeReading } from '@og/api/predictions/prediction-file/prediction-reading';
import type { EntryFields } from './entry-copies.js';

/**
 * A wide OccCANINE CSV (the layout `predict` writes most, and the largest files) read by a reader
 * made for it: one pass over the decoded text, cells found by `indexOf`, each distinct code cell
 * matched once, every entry written as the COPY text of its stored row. It reads by the JavaScript
 * reader's rules (api/src/predictions/prediction-file/occcanine-csv.ts, prediction-codes.ts, and
 * the job's merging of a row's predictions), and only files both are sure to read alike: UTF-8, a
 * header on its first line, one code column per slot of one scheme, quotes only where papaparse
 * reads them as CSV's (a cell that starts with one), every row as wide as the header, no blank
 * line. Anything else it meets (and a probability that is not one, or a row longer than a
 * megabyte, which it would scan again with every piece) it answers as a disagreement:
 * the JavaScript reader then reads the file from the start, and names the line of what is wrong.
 */

/** A wide slot: its code column, probability column and description column (-1: none). */
export interface WideSlot {
  code: number;
  probability: number;
  description: number;
}

export interface WideLayout {
  /** The header's columns: every row has as many. */
  width: number;
  delimiter: string;
  newline: '\n' | '\r\n';
  title: number;
  slots: WideSlot[];
  scheme: SchemeId;
  ignoredColumns: string[];
}

/** The file's layout, when the wide reader reads it exactly; else null. */
export async function wideLayout(path: string): Promise<WideLayout | null> {
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
  // Each step works over the file's start, tens of milliseconds: the event loop gets a turn between them.
  await eventLoopTurn();
  const start = await readFileStart(path, 20).catch(() => null);
  if (!start || start.json || start.headerLine !== 1) return null;
  await eventLoopTurn();
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
    width: start.header.length,
    delimiter: dialect.delimiter,
    newline: dialect.newline,
    title: columns.title,
    slots: slots.map((slot) => ({ code: slot.codes[0]!.column, probability: slot.probability, description: slot.description })),
    scheme: [...schemes][0]!,
    ignoredColumns: columns.ignoredColumns,
  };
}

/** What the import needs of its URI matcher: a code's own URI, and the URIs it did not know. */
export interface CodeMatcher {
  canonical(uri: string): string | Promise<string>;
  readonly unknown: Set<string>;
}

/** A code cell's prediction: its URIs as stored (JSON, in COPY text), those its scheme lacks, and how many URIs those are (with repeats). */
interface CellPrediction {
  urisCopy: string;
  unknown: string[];
  unknownCount: number;
}

/** A slot of the row being read that holds a prediction: its confidence, and that number's JSON when the cell wrote it so (else null). */
interface ReadSlot {
  cell: CellPrediction;
  conf: number;
  confJson: string | null;
}

const noPrediction = /^no pred$/i;
const noUnknown: readonly string[] = [];
/** What splitting a row answers when the row goes on past the text read so far. */
const incomplete = -1;
/** What splitting a row answers when the file is to be read by the JavaScript reader. */
const refused = -2;
/**
 * The most text a row may carry over from one piece to the next: a model's output row is a few
 * hundred characters, and a row carried on is scanned again with each piece (a cell of megabytes
 * would cost its length squared), so a longer one is left to the JavaScript reader, which reads it once.
 */
const maxCarriedChars = 1 << 20;
/**
 * Distinct code cells kept matched: a model's output has a few thousand (its scheme's codes); a
 * file with more forgets them all and matches them again as they come, so its memory stays bounded.
 */
const maxMatchedCells = 100_000;

/**
 * Reads the decoded text of a wide OccCANINE CSV piece by piece. `readPiece` answers false as
 * soon as the file is one the JavaScript reader must read (see above); the entries handed on
 * until then are to be thrown away.
 */
export class WideRows {
  rows = 0;
  emptyTitles = 0;
  /** URIs its scheme lacks, counted as the JavaScript reader counts them: per URI of each prediction of each entry. */
  unknownCodes = 0;
  /** Why the file is to be read by the JavaScript reader, once it is. */
  disagreement: string | null = null;

  private carried = '';
  private headerRead = false;
  /** Where the next quote of the text is at or after the cell being split (-1: none left; -2: not looked for yet). */
  private quoteAt = -2;
  private readonly cells = new Map<string, CellPrediction | null>();
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  /** Per cell: 1 when it was quoted with doubled quotes inside (its text needs them undoubled). */
  private readonly doubled: Uint8Array;
  private readonly delimiter: string;
  private readonly read: ReadSlot[] = [];

  constructor(
    private readonly layout: WideLayout,
    private readonly matcher: CodeMatcher,
  ) {
    this.starts = new Int32Array(layout.width);
    this.ends = new Int32Array(layout.width);
    this.doubled = new Uint8Array(layout.width);
    this.delimiter = layout.delimiter;
  }

  /**
   * Reads `text` (the next piece of the file, decoded) and hands on each entry it completes; the
   * last piece comes with `final`. Answers false when the file is to be read by the JavaScript reader.
   */
  async readPiece(text: string, final: boolean, onEntry: (entry: EntryFields) => void): Promise<boolean> {
    const all = this.carried ? this.carried + text : text;
    this.carried = '';
    this.quoteAt = -2;
    let at = 0;
    const turns = new EventLoopTurns();
    for (let row = 1; at < all.length; row++) {
      // The event loop gets turns (api/src/lib/event-loop-turns.ts): a piece read before the
      // reader's code is compiled takes tens of milliseconds, and so do the first rows, whose code
      // cells are new and matched (an awaited match already known goes on without a turn).
      if (row % 16 === 0 && turns.over) await turns.next();
      const end = this.splitRow(all, at, final);
      if (end === incomplete) break;
      if (end === refused) return false;
      if (!this.headerRead) this.headerRead = true;
      else {
        // A code cell met for the first time is matched (which may wait for its scheme's codes), then the row read again.
        let read = this.readRow(all, onEntry);
        while (typeof read === 'string') {
          await this.matchCell(read);
          read = this.readRow(all, onEntry);
        }
        if (!read) return false;
      }
      at = end;
    }
    if (at < all.length) this.carried = all.slice(at);
    if (this.carried.length > maxCarriedChars) return this.disagree('a row longer than a megabyte');
    return true;
  }

  /** At the end of the file: nothing may be left unread. */
  end(): boolean {
    if (this.carried) return this.disagree('the file ends inside a row');
    return this.disagreement === null;
  }

  private disagree(reason: string): false {
    this.disagreement = reason;
    return false;
  }

  private refuse(reason: string): typeof refused {
    this.disagree(reason);
    return refused;
  }

  /**
   * Finds the cells of the row starting at `start`: answers where the next row starts, or
   * {@link incomplete} when the row does not end in `text` (and more is to come), or {@link refused}.
   */
  private splitRow(text: string, start: number, final: boolean): number {
    const { starts, ends, doubled, delimiter } = this;
    const { width, newline } = this.layout;
    let at = start;
    let lineEnd = text.indexOf('\n', at);
    if (lineEnd === -1) {
      if (!final) return incomplete;
      lineEnd = text.length;
    }
    if (lineEnd === start || (lineEnd === start + 1 && text.charCodeAt(start) === 13)) return this.refuse('a blank line');
    let cell = 0;
    for (;;) {
      if (cell === width) return this.refuse('a row wider than the header');
      if (text.charCodeAt(at) === 34) {
        // Quoted: up to the quote that is not doubled; line breaks inside are the cell's.
        let close = at + 1;
        let twice = 0;
        for (;;) {
          close = text.indexOf('"', close);
          if (close === -1 || close + 1 === text.length) {
            if (!final) return incomplete;
            if (close === -1) return this.refuse('a quote never closed');
            break;
          }
          if (text.charCodeAt(close + 1) !== 34) break;
          twice = 1;
          close += 2;
        }
        starts[cell] = at + 1;
        ends[cell] = close;
        doubled[cell] = twice;
        at = close + 1;
        if (at > lineEnd) {
          lineEnd = text.indexOf('\n', at);
          if (lineEnd === -1) {
            if (!final) return incomplete;
            lineEnd = text.length;
          }
        }
        cell++;
        if (at < lineEnd && text.startsWith(delimiter, at)) {
          at += delimiter.length;
          continue;
        }
        if (at === lineEnd || (text.charCodeAt(at) === 13 && at + 1 === lineEnd)) break;
        return this.refuse('text after a closing quote');
      }
      const next = text.indexOf(delimiter, at);
      const cellEnd = next === -1 || next > lineEnd ? lineEnd : next;
      if (this.quoteAt !== -1 && this.quoteAt < at) this.quoteAt = text.indexOf('"', at);
      if (this.quoteAt !== -1 && this.quoteAt < cellEnd) return this.refuse('a quote inside a cell');
      starts[cell] = at;
      ends[cell] = cellEnd;
      doubled[cell] = 0;
      cell++;
      if (cellEnd === lineEnd) break;
      at = cellEnd + delimiter.length;
    }
    if (cell !== width) return this.refuse('a row narrower than the header');
    // papaparse splits a CRLF file's rows at CRLF only: a lone line feed would be a cell's.
    if (newline === '\r\n' && lineEnd < text.length && text.charCodeAt(lineEnd - 1) !== 13) return this.refuse('a line feed without its carriage return');
    return lineEnd + 1;
  }

  /** A cell's text as papaparse reads it, trimmed as `cellText` trims it. */
  private cellText(text: string, column: number): string {
    if (column < 0) return '';
    const value = text.slice(this.starts[column]!, this.ends[column]!);
    return (this.doubled[column] ? value.replace(/""/g, '"') : value).trim();
  }

  /**
   * Reads the row whose cells were found and hands on its entry: answers true, false on a
   * probability that is not one, or a code cell not matched yet (nothing of the row is counted then).
   */
  private readRow(text: string, onEntry: (entry: EntryFields) => void): boolean | string {
    const string = titleOf(this.cellText(text, this.layout.title));
    if (!string) {
      this.rows++;
      this.emptyTitles++;
      return true;
    }
    const read = this.read;
    read.length = 0;
    let unknownCodes = 0;
    for (const slot of this.layout.slots) {
      // An empty code cell (most slots of most rows: the model is sure) has no codes.
      if (this.starts[slot.code] === this.ends[slot.code]) continue;
      const codeCell = this.doubled[slot.code] ? this.cellText(text, slot.code) : text.slice(this.starts[slot.code]!, this.ends[slot.code]!);
      const cell = this.cells.get(codeCell);
      if (cell === undefined) return codeCell;
      if (!cell) continue;
      const probability = this.cellText(text, slot.probability);
      if (probability === '' && noPrediction.test(this.cellText(text, slot.description))) continue;
      const plain = isPlainDecimal(probability);
      const conf = plain ? Number(probability) : readProbability(probability);
      if (conf === null || conf > 1) return this.disagree('a probability that is not one');
      unknownCodes += cell.unknownCount;
      read.push({ cell, conf, confJson: plain && isShortestDecimal(probability) ? probability : null });
    }
    this.rows++;
    this.unknownCodes += unknownCodes;
    onEntry(this.entry(string, read));
    return true;
  }

  /** The entry of a title and its read slots: per URI list the highest confidence, most confident first (ties in slot order). */
  private entry(string: string, read: ReadSlot[]): EntryFields {
    let inOrder = true;
    for (let at = 1; at < read.length && inOrder; at++) {
      if (read[at]!.conf > read[at - 1]!.conf) inOrder = false;
      for (let before = 0; before < at && inOrder; before++) if (read[before]!.cell.urisCopy === read[at]!.cell.urisCopy) inOrder = false;
    }
    const predictions = inOrder ? read : merged(read);
    let predictionsCopy = '[';
    let best = 0;
    let unknown = noUnknown;
    for (const [at, { cell, conf, confJson }] of predictions.entries()) {
      // Writing a number is the dearest step of a row: the cell's own text is kept when it is the number's JSON.
      predictionsCopy += `${at ? ',' : ''}{"uris":${cell.urisCopy},"conf":${confJson ?? String(conf)}}`;
      if (at === 0 || conf > best) best = conf;
      if (cell.unknown.length) unknown = unknown === noUnknown ? [...cell.unknown] : [...unknown, ...cell.unknown];
    }
    if (unknown.length > 1) unknown = [...new Set(unknown)].sort();
    return {
      string,
      stringCopy: hasCopyEscapes.test(string) ? copyField(string) : string,
      // A normalised title has no tab, line break or backslash (each is punctuation or space): it needs no escaping.
      normCopy: titleNorm(string),
      predictionsCopy: `${predictionsCopy}]`,
      best,
      unknownCopy: copyTextArray(unknown),
      contextCopy: '\\N',
    };
  }

  /** A code cell's prediction, matched once: its codes as the JavaScript reader mends them, each the scheme's own URI. */
  private async matchCell(written: string): Promise<void> {
    const { scheme } = this.layout;
    const mended = [...new Set(cellCodes(written).map((code) => `${scheme}:${schemeCode(scheme, code)}`))];
    let cell: CellPrediction | null = null;
    if (mended.length) {
      const uris: string[] = [];
      const unknown: string[] = [];
      for (const uri of mended) {
        const canonical = await this.matcher.canonical(uri);
        uris.push(canonical);
        if (this.matcher.unknown.has(canonical)) unknown.push(canonical);
      }
      cell = { urisCopy: copyField(JSON.stringify(uris)), unknown: [...new Set(unknown)], unknownCount: unknown.length };
    }
    if (this.cells.size >= maxMatchedCells) this.cells.clear();
    this.cells.set(written, cell);
  }
}

/** What COPY's text format escapes. */
const hasCopyEscapes = /[\\\t\n\r]/;
/** A title of lowercase letters and digits in single-spaced words is its own normalised form. */
const plainLowercase = /^[a-z0-9]+(?: [a-z0-9]+)*$/;

/** `normaliseTitle`, without its replacing for a title of letters and digits in single-spaced words (most). */
function titleNorm(title: string): string {
  const lower = title.toLowerCase();
  return plainLowercase.test(lower) ? lower : normaliseTitle(title);
}

/**
 * Digits with at most one point (`0.93`, `1`, `.5`): a probability as `readProbability` reads it
 * when it is at most 1, without its pattern (the other forms, exponents and a leading `+`, go
 * through it).
 */
function isPlainDecimal(text: string): boolean {
  let digits = 0;
  let points = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code >= 48 && code <= 57) digits++;
    else if (code === 46 && points === 0) points++;
    else return false;
  }
  return digits > 0;
}

/**
 * Whether a plain decimal (see {@link isPlainDecimal}) is written as JavaScript writes the number it
 * reads as (`0.93`, `1`, `0.000012`), so that it can stand for it in JSON: no leading zero but the
 * one before the point, no trailing zero or point, at most 15 significant digits (a double keeps 15
 * exactly, so its shortest form is the text itself), and at most five zeros between the point and
 * the first digit of a number below 1 (below 0.000001 JavaScript writes an exponent).
 */
export function isShortestDecimal(text: string): boolean {
  const point = text.indexOf('.');
  const whole = point === -1 ? text.length : point;
  if (whole === 0 || (whole > 1 && text.charCodeAt(0) === 48)) return false;
  if (point !== -1 && (point === text.length - 1 || text.charCodeAt(text.length - 1) === 48)) return false;
  let significant = text.length - (point === -1 ? 0 : 1);
  if (text.charCodeAt(0) === 48 && point !== -1) {
    let zeros = 0;
    while (text.charCodeAt(point + 1 + zeros) === 48) zeros++;
    if (zeros > 5) return false;
    significant -= 1 + zeros;
  }
  return significant <= 15;
}

/** Read slots merged as the job merges a row's predictions: per URI list the highest confidence, most confident first, ties in slot order. */
function merged(read: ReadSlot[]): ReadSlot[] {
  const byUris = new Map<string, ReadSlot & { rank: number }>();
  for (const [rank, slot] of read.entries()) {
    const known = byUris.get(slot.cell.urisCopy);
    if (!known) byUris.set(slot.cell.urisCopy, { ...slot, rank });
    else if (slot.conf > known.conf) {
      known.conf = slot.conf;
      known.confJson = slot.confJson;
    }
  }
  return [...byUris.values()].sort((a, b) => b.conf - a.conf || a.rank - b.rank);
}
