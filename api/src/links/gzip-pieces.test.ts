import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipPieces } from './gzip-pieces.js';

async function gzipped(pieces: string[], options?: Parameters<typeof gzipPieces>[1]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of gzipPieces((async function* () { yield* pieces; })(), options)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('gzipPieces', () => {
  it('makes one gzip member that gunzips to the pieces joined, whatever their number, size and characters', async () => {
    const pieces = Array.from({ length: 23 }, (_, index) => `{"piece":${index},"text":"${'ünïcødé 🧵 '.repeat(index * 997)}"}`);
    for (const parallel of [1, 2, 4]) {
      const body = await gzipped(pieces, { parallel });
      expect(body.subarray(0, 3)).toEqual(Buffer.from([0x1f, 0x8b, 0x08]));
      expect(gunzipSync(body).toString('utf8')).toBe(pieces.join(''));
    }
  });

  it('gzips one piece, an empty piece, and nothing at all', async () => {
    expect(gunzipSync(await gzipped(['{}'])).toString()).toBe('{}');
    expect(gunzipSync(await gzipped(['', 'a', ''])).toString()).toBe('a');
    expect(gunzipSync(await gzipped([])).toString()).toBe('');
  });
});
