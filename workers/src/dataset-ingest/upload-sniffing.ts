import fs from 'node:fs';
import { isUtf8Start } from '@og/shared/domain/csv-dialect';
import { InvalidDatasetFileError } from './dataset-file-error.js';
import { decodeText } from './text-bytes.js';

/**
 * What the first bytes of an upload tell before it is parsed: whether it is text at all, its
 * byte-order mark, and its encoding. UTF-8 when the first MiB is valid UTF-8 (a file of plain
 * ASCII is too), otherwise windows-1252, the superset of Latin-1 that spreadsheets on Windows
 * write. A UTF-16 file (Excel's "Unicode text") is recognised by its byte-order mark.
 */
export type TextEncodingName = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

export interface UploadSniff {
  /** The file's size in bytes. */
  bytes: number;
  encoding: TextEncodingName;
  /** Bytes of the byte-order mark at the start, skipped when reading. */
  bomBytes: number;
  /** The start of the text (up to {@link sniffBytes} bytes' worth, after the mark), for guessing the CSV dialect. */
  head: string;
}

/** How much of the file decides the encoding. */
const sniffBytes = 1024 * 1024;
/** How much of the file must be free of NUL bytes. */
const binaryCheckBytes = 64 * 1024;

export const emptyFileMessage = 'The file is empty.';
export const binaryFileMessage = 'This is not a text CSV file (it contains binary data).';

export async function sniffUpload(path: string): Promise<UploadSniff> {
  const handle = await fs.promises.open(path, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, sniffBytes));
    let read = 0;
    while (read < head.length) {
      const { bytesRead } = await handle.read(head, read, head.length - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return sniffHead(head.subarray(0, read), size);
  } finally {
    await handle.close();
  }
}

/** Decides from the head of a file (up to {@link sniffBytes}) of `totalBytes`; throws for an empty or binary file. */
export function sniffHead(head: Buffer, totalBytes: number): UploadSniff {
  const bom = byteOrderMark(head);
  if (totalBytes - bom.bytes <= 0) throw new InvalidDatasetFileError(emptyFileMessage);
  const sample = head.subarray(bom.bytes);
  const sniffed = (encoding: TextEncodingName): UploadSniff => ({
    bytes: totalBytes,
    encoding,
    bomBytes: bom.bytes,
    head: encoding === 'windows-1252' ? decodeText(sample, encoding) : new TextDecoder(encoding, { ignoreBOM: true }).decode(sample, { stream: true }),
  });
  if (bom.encoding === 'utf-16le' || bom.encoding === 'utf-16be') return sniffed(bom.encoding);
  if (looksBinary(sample.subarray(0, binaryCheckBytes))) throw new InvalidDatasetFileError(binaryFileMessage);
  if (bom.encoding === 'utf-8') return sniffed('utf-8');
  return sniffed(isUtf8Start(sample) ? 'utf-8' : 'windows-1252');
}

function byteOrderMark(head: Buffer): { encoding: TextEncodingName | null; bytes: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bytes: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bytes: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bytes: 2 };
  return { encoding: null, bytes: 0 };
}

/** NUL bytes, or more than a few control characters that no text file has (tab, CR, LF and form feed aside). */
function looksBinary(sample: Buffer): boolean {
  if (sample.includes(0)) return true;
  let controls = 0;
  for (const byte of sample) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) controls++;
  }
  return controls > 8 && controls > sample.length / 200;
}

/** The file turned out not to be UTF-8 after the part that decided it was: read it again as windows-1252. */
export class NotUtf8Error extends Error {
  override readonly name = 'NotUtf8Error';
}
