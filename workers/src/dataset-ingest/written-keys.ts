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
 * in 8.
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
