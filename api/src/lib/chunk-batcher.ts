import { Transform, type TransformCallback } from 'node:stream';

/**
 * Gathers many small chunks into fewer of about `size` bytes. A streaming writer such as N3's
 * hands out a few bytes per term; each chunk costs a socket write, and through gzip a trip to
 * zlib's thread pool.
 */
export class ChunkBatcher extends Transform {
  private parts: Buffer[] = [];
  private length = 0;

  constructor(private readonly size = 64 * 1024) {
    super();
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback): void {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    this.parts.push(buffer);
    this.length += buffer.byteLength;
    if (this.length >= this.size) this.pushParts();
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (this.length > 0) this.pushParts();
    callback();
  }

  private pushParts(): void {
    this.push(Buffer.concat(this.parts, this.length));
    this.parts = [];
    this.length = 0;
  }
}
