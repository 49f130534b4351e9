/**
 * The encoding of an uploaded text file, decided by one rule for the browser's upload wizard and
 * the ingest job alike, so both read the same column names: a byte-order mark names the encoding
 * (UTF-8, or UTF-16 as Excel's "Unicode text" writes it); without one, UTF-8 when the start of the
 * file is valid UTF-8 (a file of plain ASCII is), otherwise windows-1252, the superset of Latin-1
 * that spreadsheets on Windows write.
 */
export type TextEncoding = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

export interface DetectedEncoding {
  encoding: TextEncoding;
  /** Bytes of the byte-order mark at the start (0 without one): skipped when reading. */
  bomBytes: number;
}

/** How much of a file's start decides its encoding. */
export const encodingSampleBytes = 1024 * 1024;

/** Decides from the start of a file (up to {@link encodingSampleBytes}; more is not looked at). */
export function detectTextEncoding(head: Uint8Array): DetectedEncoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bomBytes: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bomBytes: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bomBytes: 2 };
  return { encoding: isUtf8Start(head.subarray(0, encodingSampleBytes)) ? 'utf-8' : 'windows-1252', bomBytes: 0 };
}

/** UTF-16 text is half NUL bytes when it is ASCII: a check for binary data must not look at it. */
export function isUtf16(encoding: TextEncoding): encoding is 'utf-16le' | 'utf-16be' {
  return encoding === 'utf-16le' || encoding === 'utf-16be';
}

/** Whether the start of a file is UTF-8 (a character cut off at the end of the sample is fine). */
function isUtf8Start(sample: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return true;
  } catch {
    return false;
  }
}
