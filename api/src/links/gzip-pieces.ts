import { promisify } from 'node:util';
import zlib from 'node:zlib';

const deflateRaw = promisify(zlib.deflateRaw) as (data: Buffer, options: zlib.ZlibOptions) => Promise<Buffer>;

/** The gzip header (RFC 1952): deflate, no name or time, unknown OS. */
const gzipHeader = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * Gzips text that comes in pieces into one gzip member, several pieces at a time in libuv's
 * threads: each piece is deflated on its own and ends in a sync flush, so the deflate streams
 * join into one (as pigz does), while the CRC-32 and the length of the whole are counted here.
 * One zlib stream deflates on one thread and comes back to the event loop for every 16 KiB it
 * writes, so it mostly waits while the pieces are being written; these run beside the writing,
 * so a large answer takes less wall time than through one stream. A piece starts without the
 * dictionary of the one before it, which costs a few more bytes (little with pieces of 256 KiB).
 * At most `parallel` pieces are in flight.
 */
export async function* gzipPieces(pieces: AsyncIterable<string>, options: { level?: number; parallel?: number } = {}): AsyncGenerator<Buffer> {
  const level = options.level ?? 1;
  const parallel = options.parallel ?? 4;
  yield gzipHeader;
  let crc = 0;
  let length = 0;
  const inFlight: Promise<Buffer>[] = [];
  for await (const piece of pieces) {
    const bytes = Buffer.from(piece, 'utf8');
    crc = zlib.crc32(bytes, crc);
    length += bytes.length;
    const deflated = deflateRaw(bytes, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    deflated.catch(() => undefined); // one never awaited (the answer given up) must not fail the process
    inFlight.push(deflated);
    if (inFlight.length >= parallel) yield await inFlight.shift()!;
  }
  while (inFlight.length > 0) yield await inFlight.shift()!;
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4); // ISIZE: the length modulo 2^32
  yield Buffer.concat([await deflateRaw(Buffer.alloc(0), { level }), trailer]); // the final (empty) block
}
