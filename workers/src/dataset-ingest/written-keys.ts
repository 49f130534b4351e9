import type { WrittenKeys } from './title-groups.js';

/**
 * The keys of the pairs already written to the dataset's partition, as a Bloom filter over their
 * 32-bit hashes: a fixed number of bytes however many keys, never a "no" for a key it holds, and
 * a "maybe" for one it does not only rarely (a key of the same hash, or bits set by others). A
 * "maybe" costs little — the row is added up with the late pairs, merged into the partition at
 * the end — so the filter only has to be right most of the time.
 *
 * Blocked: a key's four bits lie in one 64-byte block (one cache line), picked by the hash; the
 * bits within it come from the hash mixed: four bits anywhere would cost a cache miss a bit, a
 * large share of the read. At 32 MiB and 4 M keys a new key is taken for a written one about once
 * in 10^4 (beside one in 10^3 for keys whose 32-bit hashes are equal); at 50 M keys, about once
 * in 8, hence a larger filter for a larger file ({@link writtenKeyFilterBytes}).
 */
export class WrittenKeyFilter implements WrittenKeys {
  private readonly words: Int32Array;
  /** Which block: the hash's bits under this mask, times 16 words. */
  private readonly blockMask: number;

  /** @param bytes the filter's size, rounded down to a power of two (at least one block) */
  constructor(bytes: number) {
    const blocks = 2 ** Math.floor(Math.log2(Math.max(blockBytes, bytes) / blockBytes));
    this.words = new Int32Array(blocks * 16);
    this.blockMask = blocks - 1;
  }

  add(hash: number): void {
    const block = (hash & this.blockMask) << 4;
    const bits = mixed(hash);
    // Four bit numbers of 9 bits (0–511) from the mixed hash: word (5 bits) and bit (4 bits + 1 from the next).
    for (let probe = 0; probe < 4; probe++) {
      const bit = (bits >>> (probe * 8)) & 0x1ff;
      this.words[block + (bit >>> 5)]! |= 1 << (bit & 31);
    }
  }

  mightHold(hash: number): boolean {
    const block = (hash & this.blockMask) << 4;
    const bits = mixed(hash);
    for (let probe = 0; probe < 4; probe++) {
      const bit = (bits >>> (probe * 8)) & 0x1ff;
      if ((this.words[block + (bit >>> 5)]! & (1 << (bit & 31))) === 0) return false;
    }
    return true;
  }
}

const blockBytes = 64;

/** MurmurHash3's finalizer: every bit of the hash moves every bit of the block's bit numbers (the block itself is the hash's low bits). */
function mixed(hash: number): number {
  let h = hash ^ (hash >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Bytes a row of a census file takes at the least, as the filter reckons its keys: a short title, a code, a line end. */
const minRowBytes = 40;
/** Bits of the filter for each key it may have to hold: four bits set of every twelve keep a new key's chance of a "maybe" near 1 %. */
const bitsPerKey = 12;
/** The filter's largest size: with the grouping's memory, the worker stays well within its 600 MB at any file size. */
const maxFilterBytes = 128 * 1024 * 1024;

/**
 * The filter's size for a file: the grouping's own share (a third of its memory) for a file that
 * can hold few pairs (or a size of 0, when the file's is not known), and more for a larger one,
 * about twelve bits for every row it can hold, up to 128 MiB. Sized by the file, not grown as keys
 * come: the blocks a key's bits lie in are picked by its hash, so growing would mean the keys
 * again, which the filter does not keep.
 * At 5 GB (93 M distinct pairs) 32 MiB would take about a new pair in three for a written one near
 * the end (each such row is then added up with the late pairs and merged into the partition), and
 * 128 MiB about one in 140 (beside one in 45 for pairs whose 32-bit hashes are equal).
 */
export function writtenKeyFilterBytes(fileBytes: number, groupBytes: number): number {
  return Math.max(Math.floor(groupBytes / 3), Math.min(maxFilterBytes, Math.ceil((fileBytes / minRowBytes) * (bitsPerKey / 8))));
}
