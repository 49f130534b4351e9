import type { CsvDialect } from '@og/shared/domain/csv-dialect';

/**
 * Finds the rows and fields of CSV bytes, one row at a time, without making strings: the ingest
 * groups rows by their title and code bytes, so most rows never become JavaScript values at all
 * (that is where the time went with papaparse, whose rows are arrays of strings: see
 * read-csv-titles.ts). The rules are papaparse's, so a file reads as it did in the browser:
 *
 * - a field is quoted only when a `"` is its first byte; inside, `""` is a quote, and delimiters
 *   and line breaks are data; after the closing quote only white space may come before the
 *   delimiter or line break (papaparse's "trailing quote is malformed" otherwise);
 * - a `"` anywhere else in a field is data;
 * - rows end at the dialect's line break exactly: in a `\r\n` file a lone `\n` is data.
 *
 * The delimiter is one ASCII character, so the bytes mean the same in UTF-8 and windows-1252.
 */

/** A row was found: its fields are in {@link CsvRowScanner.fieldStart} and so on. */
export const rowFound = 0;
/** The bytes end inside a row: scan again with more. */
export const rowIncomplete = 1;
/** A quoted field's closing quote is followed by something other than a delimiter or line break. */
export const strayQuote = 2;
/** A quoted field is still open at the end of the file. */
export const unclosedQuote = 3;

const quote = 0x22;
const lf = 0x0a;
const cr = 0x0d;

export class CsvRowScanner {
  /** Field `i` of the row found is the bytes from `fieldStart[i]` to `fieldEnd[i]`: inside the quotes when quoted, `""` not yet undone. */
  fieldStart = new Int32Array(64);
  fieldEnd = new Int32Array(64);
  fieldQuoted = new Uint8Array(64);
  fieldCount = 0;
  /** Where the row found ends: after its line break, or at the end of the bytes. */
  rowEnd = 0;
  /** Whether a field of the row found was quoted (its line breaks may be data). */
  anyQuoted = false;

  private readonly delimiter: number;
  /** The line break's first byte. */
  private readonly breakByte: number;
  private readonly crlf: boolean;

  constructor(dialect: CsvDialect) {
    this.delimiter = dialect.delimiter.charCodeAt(0);
    this.crlf = dialect.newline === '\r\n';
    this.breakByte = dialect.newline === '\n' ? lf : cr;
  }

  /**
   * Looks for the row that starts at `start` in `bytes` up to `end` (`start < end`). `final`:
   * no bytes come after `end`, which then ends the row. Answers {@link rowFound},
   * {@link rowIncomplete}, {@link strayQuote} or {@link unclosedQuote}.
   */
  scan(bytes: Uint8Array, start: number, end: number, final: boolean): number {
    const delimiter = this.delimiter;
    const breakByte = this.breakByte;
    const crlf = this.crlf;
    let at = start;
    let count = 0;
    this.anyQuoted = false;
    for (;;) {
      if (count === this.fieldStart.length) this.grow();
      if (at < end && bytes[at] === quote) {
        this.anyQuoted = true;
        let close = at + 1;
        for (;;) {
          close = bytes.indexOf(quote, close);
          if (close === -1 || close >= end) return final ? unclosedQuote : rowIncomplete;
          if (close + 1 < end && bytes[close + 1] === quote) {
            close += 2;
            continue;
          }
          if (close + 1 >= end && !final) return rowIncomplete;
          break;
        }
        this.fieldStart[count] = at + 1;
        this.fieldEnd[count] = close;
        this.fieldQuoted[count] = 1;
        count++;
        // White space may come between the closing quote and what ends the field.
        let next = close + 1;
        for (; next < end; next++) {
          const byte = bytes[next]!;
          if (byte === delimiter) break;
          if (byte === breakByte) {
            if (!crlf) break;
            if (next + 1 >= end) {
              if (!final) return rowIncomplete;
            } else if (bytes[next + 1] === lf) break;
          }
          if (!(byte === 0x20 || (byte >= 0x09 && byte <= 0x0d))) return strayQuote;
        }
        if (next >= end) {
          if (!final) return rowIncomplete;
          this.rowEnd = end;
          break;
        }
        if (bytes[next] === delimiter) {
          at = next + 1;
          continue;
        }
        this.rowEnd = next + (crlf ? 2 : 1);
        break;
      }

      let stop = at;
      for (;;) {
        while (stop < end) {
          const byte = bytes[stop];
          if (byte === delimiter || byte === breakByte) break;
          stop++;
        }
        if (stop < end && crlf && bytes[stop] === cr) {
          if (stop + 1 >= end) {
            if (!final) return rowIncomplete;
            stop = end; // a lone \r at the end of the file is data
          } else if (bytes[stop + 1] !== lf) {
            stop++; // a lone \r is data
            continue;
          }
        }
        break;
      }
      if (stop >= end && !final) return rowIncomplete;
      this.fieldStart[count] = at;
      this.fieldEnd[count] = Math.min(stop, end);
      this.fieldQuoted[count] = 0;
      count++;
      if (stop >= end) {
        this.rowEnd = end;
        break;
      }
      if (bytes[stop] === delimiter) {
        at = stop + 1;
        continue;
      }
      this.rowEnd = stop + (crlf ? 2 : 1);
      break;
    }
    this.fieldCount = count;
    return rowFound;
  }

  private grow(): void {
    const size = this.fieldStart.length * 2;
    const starts = new Int32Array(size);
    starts.set(this.fieldStart);
    this.fieldStart = starts;
    const ends = new Int32Array(size);
    ends.set(this.fieldEnd);
    this.fieldEnd = ends;
    const quoted = new Uint8Array(size);
    quoted.set(this.fieldQuoted);
    this.fieldQuoted = quoted;
  }
}
