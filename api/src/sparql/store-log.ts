/**
 * The embedded store's append-only update log: a one-line text header naming the snapshot
 * generation it continues, then binary records
 *
 *     magic "OGR1" | u32 LE payload length | u32 LE CRC-32 of the payload | payload
 *
 * where the payload is a one-line JSON header, a newline, and the operation's text (a SPARQL
 * update, or the N-Triples of a graph load). A crash in the middle of an append leaves a torn
 * last record; {@link scanLog} tells it apart from damage in the middle of the file.
 */
import zlib from 'node:zlib';

export type LogOperation = { op: 'update'; text: string } | { op: 'load'; graph: string; replace: boolean; text: string };

const magic = Buffer.from('OGR1', 'latin1');
const frameHeaderBytes = 12;

export function logHeader(generation: number): Buffer {
  return Buffer.from(`OGSTORE-LOG 1 ${generation}\n`, 'latin1');
}

/** The generation in a log file's header and the header's length, or null when the header is not one of ours. */
export function readLogHeader(content: Buffer): { generation: number; length: number } | null {
  const end = content.indexOf(0x0a);
  if (end < 0 || end > 64) return null;
  const match = /^OGSTORE-LOG 1 (\d+)$/.exec(content.subarray(0, end).toString('latin1'));
  return match ? { generation: Number(match[1]), length: end + 1 } : null;
}

/** Characters of an operation's text above which its record is encoded in turns ({@link encodeRecordInTurns}). */
export const recordInTurnsChars = 1024 * 1024;

export function encodeRecord(operation: LogOperation): Buffer {
  const { text, ...header } = operation;
  const headerBytes = Buffer.from(`${JSON.stringify(header)}\n`, 'utf8');
  const textBytes = Buffer.from(text, 'utf8');
  const payloadLength = headerBytes.length + textBytes.length;
  const record = Buffer.allocUnsafe(frameHeaderBytes + payloadLength);
  magic.copy(record, 0);
  record.writeUInt32LE(payloadLength, 4);
  headerBytes.copy(record, frameHeaderBytes);
  textBytes.copy(record, frameHeaderBytes + headerBytes.length);
  record.writeUInt32LE(zlib.crc32(record.subarray(frameHeaderBytes)), 8);
  return record;
}

/**
 * {@link encodeRecord}, a piece of {@link recordInTurnsChars} characters of the text at a time, the
 * event loop let run between: a large load's record (tens of MB) encoded, copied and summed at
 * once would hold an all-in-one process for a good part of a second. The same bytes.
 */
export async function encodeRecordInTurns(operation: LogOperation): Promise<Buffer> {
  const { text, ...header } = operation;
  const headerBytes = Buffer.from(`${JSON.stringify(header)}\n`, 'utf8');
  const payloadLength = headerBytes.length + Buffer.byteLength(text, 'utf8');
  const record = Buffer.allocUnsafe(frameHeaderBytes + payloadLength);
  magic.copy(record, 0);
  record.writeUInt32LE(payloadLength, 4);
  headerBytes.copy(record, frameHeaderBytes);
  let offset = frameHeaderBytes + headerBytes.length;
  let crc = zlib.crc32(headerBytes);
  for (let start = 0; start < text.length; ) {
    await new Promise((resolve) => setImmediate(resolve));
    let end = Math.min(start + recordInTurnsChars, text.length);
    // A piece never ends between the two halves of a surrogate pair.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    const written = record.write(text.slice(start, end), offset, 'utf8');
    crc = zlib.crc32(record.subarray(offset, offset + written), crc);
    offset += written;
    start = end;
  }
  record.writeUInt32LE(crc, 8);
  return record;
}

/** The record starting at `offset`, or null when there is no whole, intact record there. */
function readRecord(content: Buffer, offset: number): { operation: LogOperation; end: number } | null {
  if (content.length - offset < frameHeaderBytes) return null;
  if (content.compare(magic, 0, magic.length, offset, offset + magic.length) !== 0) return null;
  const length = content.readUInt32LE(offset + 4);
  const end = offset + frameHeaderBytes + length;
  if (length === 0 || end > content.length) return null;
  const payload = content.subarray(offset + frameHeaderBytes, end);
  if (zlib.crc32(payload) !== content.readUInt32LE(offset + 8)) return null;
  const newline = payload.indexOf(0x0a);
  if (newline < 0) return null;
  let header: unknown;
  try {
    header = JSON.parse(payload.subarray(0, newline).toString('utf8'));
  } catch {
    return null;
  }
  const text = payload.subarray(newline + 1).toString('utf8');
  const fields = header as { op?: unknown; graph?: unknown; replace?: unknown };
  if (fields.op === 'update') return { operation: { op: 'update', text }, end };
  if (fields.op === 'load' && typeof fields.graph === 'string' && typeof fields.replace === 'boolean') {
    return { operation: { op: 'load', graph: fields.graph, replace: fields.replace, text }, end };
  }
  return null;
}

/** Whether an intact record starts anywhere at or after `from` (so bad bytes before it are damage, not a torn tail). */
function intactRecordAfter(content: Buffer, from: number): boolean {
  for (let at = content.indexOf(magic, from); at >= 0; at = content.indexOf(magic, at + 1)) {
    if (readRecord(content, at)) return true;
  }
  return false;
}

export type LogScan =
  | { kind: 'ok'; operations: LogOperation[]; validBytes: number; tornBytes: number }
  | { kind: 'damaged'; operations: LogOperation[]; offset: number };

/**
 * Reads every record after the header. A bad record with no intact record after it is a torn
 * tail (a crash mid-append): the records before it are returned and `validBytes` says where to
 * cut. A bad record followed by intact ones is damage the store must not silently skip.
 */
export function scanLog(content: Buffer, headerLength: number): LogScan {
  const operations: LogOperation[] = [];
  let offset = headerLength;
  while (offset < content.length) {
    const record = readRecord(content, offset);
    if (!record) {
      if (intactRecordAfter(content, offset + 1)) return { kind: 'damaged', operations, offset };
      return { kind: 'ok', operations, validBytes: offset, tornBytes: content.length - offset };
    }
    operations.push(record.operation);
    offset = record.end;
  }
  return { kind: 'ok', operations, validBytes: offset, tornBytes: 0 };
}
