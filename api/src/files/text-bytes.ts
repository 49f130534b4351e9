import { isUtf8 } from 'node:buffer';

/**
 * Text work on bytes, for the encodings rows are read in (UTF-8, or windows-1252): trimming
 * white space as `String.prototype.trim` does, undoing a quoted field's doubled quotes, and
 * checking UTF-8 as it streams in.
 */

/** The encodings rows are read in. */
export type ByteEncoding = 'utf-8' | 'windows-1252';

const isAsciiSpace = (byte: number) => byte === 0x20 || (byte >= 0x09 && byte <= 0x0d);

/** Length of the white-space character `String.prototype.trim` removes starting at `at`, or 0. */
function spaceAt(bytes: Uint8Array, at: number, end: number, encoding: ByteEncoding): number {
  const byte = bytes[at]!;
  if (isAsciiSpace(byte)) return 1;
  if (byte < 0x80) return 0;
  if (encoding === 'windows-1252') return byte === 0xa0 ? 1 : 0;
  const second = at + 1 < end ? bytes[at + 1]! : -1;
  const third = at + 2 < end ? bytes[at + 2]! : -1;
  if (byte === 0xc2) return second === 0xa0 ? 2 : 0; // U+00A0
  if (byte === 0xe1) return second === 0x9a && third === 0x80 ? 3 : 0; // U+1680
  if (byte === 0xe2 && second === 0x80) {
    // U+2000–U+200A, U+2028, U+2029, U+202F
    return (third >= 0x80 && third <= 0x8a) || third === 0xa8 || third === 0xa9 || third === 0xaf ? 3 : 0;
  }
  if (byte === 0xe2) return second === 0x81 && third === 0x9f ? 3 : 0; // U+205F
  if (byte === 0xe3) return second === 0x80 && third === 0x80 ? 3 : 0; // U+3000
  if (byte === 0xef) return second === 0xbb && third === 0xbf ? 3 : 0; // U+FEFF
  return 0;
}

/** Length of the white-space character that ends just before `end`, or 0. */
function spaceBefore(bytes: Uint8Array, start: number, end: number, encoding: ByteEncoding): number {
  const last = bytes[end - 1]!;
  if (isAsciiSpace(last)) return 1;
  if (last < 0x80) return 0;
  if (encoding === 'windows-1252') return last === 0xa0 ? 1 : 0;
  if (end - 2 >= start && spaceAt(bytes, end - 2, end, encoding) === 2) return 2;
  if (end - 3 >= start && spaceAt(bytes, end - 3, end, encoding) === 3) return 3;
  return 0;
}

/** Where the field `[start, end)` starts once white space is trimmed. */
export function trimmedStart(bytes: Uint8Array, start: number, end: number, encoding: ByteEncoding): number {
  while (start < end) {
    const length = spaceAt(bytes, start, end, encoding);
    if (length === 0) break;
    start += length;
  }
  return start;
}

/** Where the field `[start, end)` ends once white space is trimmed (`start` already trimmed). */
export function trimmedEnd(bytes: Uint8Array, start: number, end: number, encoding: ByteEncoding): number {
  while (end > start) {
    const length = spaceBefore(bytes, start, end, encoding);
    if (length === 0) break;
    end -= length;
  }
  return end;
}

/** Whether `[start, end)` holds a `"` (a quoted field whose doubled quotes need undoing). */
export function hasQuote(bytes: Uint8Array, start: number, end: number): boolean {
  const at = bytes.indexOf(0x22, start);
  return at !== -1 && at < end;
}

/** Copies a quoted field's bytes into `target` with each `""` made one `"`; answers the length. */
export function unquote(bytes: Uint8Array, start: number, end: number, target: Uint8Array): number {
  let length = 0;
  for (let at = start; at < end; at++) {
    const byte = bytes[at]!;
    target[length++] = byte;
    if (byte === 0x22 && at + 1 < end && bytes[at + 1] === 0x22) at++;
  }
  return length;
}

/** How many bytes at the end of `[start, end)` begin a UTF-8 character that is not complete yet (0–3). */
export function incompleteUtf8Tail(bytes: Uint8Array, start: number, end: number): number {
  for (let back = 1; back <= 3 && end - back >= start; back++) {
    const byte = bytes[end - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? back : 0;
  }
  return 0;
}

/**
 * Checks UTF-8 as it arrives in pieces: each call checks the bytes from where the last one
 * stopped, leaving a character cut off at the end for the next call.
 */
export class Utf8Check {
  /** Checked up to here (in the caller's buffer; the caller moves it when it moves its bytes). */
  checkedTo = 0;

  /** Checks `bytes` from {@link checkedTo} to `end`; `final`: nothing comes after. */
  check(bytes: Uint8Array, end: number, final: boolean): boolean {
    const cut = final ? end : end - incompleteUtf8Tail(bytes, this.checkedTo, end);
    if (cut > this.checkedTo && !isUtf8(bytes.subarray(this.checkedTo, cut))) return false;
    this.checkedTo = cut;
    return cut === end || !final;
  }
}

/** What windows-1252 has at 0x80–0x9F (where Latin-1 has control characters); the five unused bytes stay controls, as browsers decode them. */
const windows1252High = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/**
 * Text from bytes in `encoding`. Node's TextDecoder reads 'windows-1252' as Latin-1 (0x80 is not
 * €), so that one is decoded here.
 */
export function decodeText(bytes: Uint8Array, encoding: ByteEncoding): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (encoding === 'utf-8') return buffer.toString('utf8');
  const latin1 = buffer.toString('latin1');
  return /[\u0080-\u009f]/.test(latin1) ? latin1.replace(/[\u0080-\u009f]/g, (char) => windows1252High[char.charCodeAt(0) - 0x80]!) : latin1;
}
