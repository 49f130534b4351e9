import { encodingSampleBytes, type TextEncoding } from '@og/shared/domain/text-encoding';
import { InvalidDatasetFileError } from '../../files/dataset-file-error.js';
import { decodeText } from '../../files/text-bytes.js';
import { sniffHead } from '../../files/upload-sniffing.js';
import { CrosswalkFileError } from './crosswalk-file-error.js';

/**
 * A crosswalk file as text, decoded as its bytes stream in. The encoding is decided on the first
 * MiB by the rule the upload wizard and the dataset ingest follow (shared/domain/text-encoding.ts:
 * a byte-order mark, else UTF-8 when valid, else windows-1252), and an empty or binary file is
 * refused as they refuse it (upload-sniffing.ts).
 *
 * Bytes that turn out not to be text in that encoding further on become U+FFFD and the file is
 * read on: they are nearly always in a title column the import does not read, and a code with
 * one in it is simply not a code of the scheme (the import refuses that row).
 */
export async function* decodeFileText(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const pieces = bytes[Symbol.asyncIterator]();
  try {
    const head: Uint8Array[] = [];
    let headBytes = 0;
    let ended = false;
    while (headBytes < encodingSampleBytes) {
      const next = await pieces.next();
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value);
      headBytes += next.value.length;
    }
    const start = Buffer.concat(head);
    const { encoding, bomBytes } = sniffStart(start);
    const decode = textDecoder(encoding);
    yield decode(start.subarray(bomBytes), false);
    while (!ended) {
      const next = await pieces.next();
      if (next.done) break;
      yield decode(next.value, false);
    }
    yield decode(new Uint8Array(0), true);
  } finally {
    await pieces.return?.();
  }
}

function sniffStart(start: Buffer): { encoding: TextEncoding; bomBytes: number } {
  try {
    return sniffHead(start, start.length);
  } catch (error) {
    if (error instanceof InvalidDatasetFileError) throw new CrosswalkFileError(1, error.message);
    throw error;
  }
}

/** Decodes pieces of bytes in turn (`last`: no more come), keeping a character cut between two pieces whole. */
function textDecoder(encoding: TextEncoding): (bytes: Uint8Array, last: boolean) => string {
  // Node's TextDecoder reads 'windows-1252' as Latin-1; one byte is one character, so pieces decode alone.
  if (encoding === 'windows-1252') return (bytes) => decodeText(bytes, encoding);
  const decoder = new TextDecoder(encoding, { ignoreBOM: true });
  return (bytes, last) => decoder.decode(bytes, { stream: !last });
}

/** Longest line read on its own (a metadata line): longer, and the file is most likely not what it seems. */
const maxLineLength = 1024 * 1024;

/**
 * Text pulled from the pieces as it is needed, so the start of a file can be looked at, and its
 * first lines taken, before the rest is read as a table.
 */
export class TextAhead {
  /** Lines taken by {@link takeLine}. */
  linesTaken = 0;
  private ahead = '';
  private ended = false;

  constructor(private readonly pieces: AsyncIterator<string>) {}

  /** At least `length` characters of what comes next, or all that is left. */
  async peek(length: number): Promise<string> {
    while (this.ahead.length < length) {
      if (!(await this.pull())) break;
    }
    return this.ahead;
  }

  /** The next line without its line break (`\n`, `\r\n` or `\r`); null at the end of the file. */
  async takeLine(): Promise<string | null> {
    for (;;) {
      const lineBreak = /\r\n|\r|\n/.exec(this.ahead);
      // A `\r` at the end of what is ahead may be the start of a `\r\n`.
      const sure = lineBreak && (lineBreak[0] !== '\r' || lineBreak.index < this.ahead.length - 1 || this.ended);
      if (sure || (this.ended && this.ahead)) {
        const end = lineBreak ? lineBreak.index : this.ahead.length;
        const line = this.ahead.slice(0, end);
        this.ahead = this.ahead.slice(end + (lineBreak ? lineBreak[0].length : 0));
        this.linesTaken++;
        return line;
      }
      if (this.ahead.length > maxLineLength) throw new CrosswalkFileError(this.linesTaken + 1, 'the line runs on for more than a million characters; is this a crosswalk file?');
      if (!(await this.pull())) return null;
    }
  }

  /** What is ahead, then the rest of the file; the pieces are let go of when this ends, early or not. */
  async *rest(): AsyncGenerator<string> {
    try {
      if (this.ahead) yield this.ahead;
      this.ahead = '';
      while (!this.ended) {
        const next = await this.pieces.next();
        if (next.done) this.ended = true;
        else yield next.value;
      }
    } finally {
      await this.pieces.return?.();
    }
  }

  private async pull(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.pieces.next();
    if (next.done) this.ended = true;
    else this.ahead += next.value;
    return !next.done;
  }
}
