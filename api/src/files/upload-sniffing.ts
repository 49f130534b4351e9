import fs from 'node:fs';
import { detectTextEncoding, encodingSampleBytes, isUtf16, type TextEncoding } from '@og/shared/domain/text-encoding';
import { InvalidDatasetFileError } from './dataset-file-error.js';
import { decodeText } from './text-bytes.js';

/**
 * What the first bytes of an upload tell before it is parsed: whether it is text at all, its
 * byte-order mark, and its encoding, by the rule the upload wizard follows too
 * (shared/domain/text-encoding.ts).
 */

/** The encodings the ingest reads a CSV in: the shared rule's. */
export type TextEncodingName = TextEncoding;

export interface UploadSniff {
  /** The file's size in bytes. */
  bytes: number;
  encoding: TextEncodingName;
  /** Bytes of the byte-order mark at the start, skipped when reading. */
  bomBytes: number;
  /** The start of the text (up to {@link encodingSampleBytes} bytes' worth, after the mark), for guessing the CSV dialect. */
  head: string;
}

/** How much of the file must be free of NUL bytes. */
const binaryCheckBytes = 64 * 1024;

export const emptyFileMessage = 'The file is empty.';
export const binaryFileMessage = 'This is not a text CSV file (it contains binary data).';

export async function sniffUpload(path: string): Promise<UploadSniff> {
  const handle = await fs.promises.open(path, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, encodingSampleBytes));
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

/** Decides from the head of a file (up to {@link encodingSampleBytes}) of `totalBytes`; throws for an empty or binary file. */
export function sniffHead(head: Buffer, totalBytes: number): UploadSniff {
  const { encoding, bomBytes } = detectTextEncoding(head);
  if (totalBytes - bomBytes <= 0) throw new InvalidDatasetFileError(emptyFileMessage);
  const sample = head.subarray(bomBytes);
  if (!isUtf16(encoding) && looksBinary(sample.subarray(0, binaryCheckBytes))) throw new InvalidDatasetFileError(binaryFileMessage);
  const text = encoding === 'windows-1252' ? decodeText(sample, encoding) : new TextDecoder(encoding, { ignoreBOM: true }).decode(sample, { stream: true });
  return { bytes: totalBytes, encoding, bomBytes, head: text };
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
