import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ChunkBatcher } from './chunk-batcher.js';

describe('ChunkBatcher', () => {
  it('hands on the same bytes in chunks of about the given size, the rest at the end', async () => {
    const pieces = Array.from({ length: 1000 }, (_, index) => `<s${index}> <p> "é ${index}" .\n`);
    const chunks: Buffer[] = [];
    for await (const chunk of Readable.from(pieces).pipe(new ChunkBatcher(1024))) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(pieces.join(''));
    expect(chunks.length).toBeLessThan(40);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.byteLength).toBeGreaterThanOrEqual(1024);
  });
});
