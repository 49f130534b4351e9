import type { WrittenKeys } from './title-groups.js';

/**
 * The keys of the pairs already written to the dataset's partition, as a Bloom filter over their
 * 32-bit hashes: a fixed number of bytes however many keys, never a "no" for a key it holds, and
 * a "maybe" for one it does not only rarely (a key of the same hash, or a few bits set by
 * others). A "maybe" costs little — the row is added up with the late pairs, merged into the
 * partition at the end — so the filter only has to be right most of the time.
 *
 * Four probes by double hashing (the second step from the hash, mixed): at 32 MiB and 4 M keys, a
 * new key is taken for a written one about once in 10^5 (beside one in 10^3 for keys whose 32-bit
 * hashes are equal); at 50 M keys, once in 13.
 */
export class WrittenKeyFilter implements WrittenKeys {
  private readonly words: Int32Array;
  private readonly mask: number;

  /** @param bytes the filter's size, rounded down to a power of two (at least 64 bytes) */
  constructor(bytes: number) {
    const words = 2 ** Math.floor(Math.log2(Math.max(64, bytes) / 4));
    this.words = new Int32Array(words);
    this.mask = words * 32 - 1;
  }

  add(hash: number): void {
    const step = mixed(hash) | 1;
    for (let probe = 0, at = hash; probe < probes; probe++, at = (at + step) | 0) {
      const bit = at & this.mask;
      this.words[bit >>> 5]! |= 1 << (bit & 31);
    }
  }

  mightHold(hash: number): boolean {
    const step = mixed(hash) | 1;
    for (let probe = 0, at = hash; probe < probes; probe++, at = (at + step) | 0) {
      const bit = at & this.mask;
      if ((this.words[bit >>> 5]! & (1 << (bit & 31))) === 0) return false;
    }
    return true;
  }
}

const probes = 4;

/** MurmurHash3's finalizer: every bit of the hash moves every bit of the step. */
function mixed(hash: number): number {
  let h = hash ^ (hash >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}
