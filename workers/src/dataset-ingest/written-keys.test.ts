import { describe, expect, it } from 'vitest';
import { WrittenKeyFilter } from './written-keys.js';

describe('WrittenKeyFilter', () => {
  it('never says no for a key it holds, and rarely yes for one it does not', () => {
    const filter = new WrittenKeyFilter(1024 * 1024);
    // Hashes as the grouping makes them: signed 32-bit numbers.
    const hash = (key: number) => Math.imul(key ^ 0x9e3779b9, 0x85ebca6b) ^ (key >>> 7);
    for (let key = 0; key < 100_000; key++) filter.add(hash(key));
    for (let key = 0; key < 100_000; key++) expect(filter.mightHold(hash(key))).toBe(true);
    let taken = 0;
    for (let key = 100_000; key < 200_000; key++) if (filter.mightHold(hash(key))) taken++;
    // 8 Mbit for 100,000 keys, four bits each in one 512-bit block: well under 1 %.
    expect(taken).toBeLessThan(1_000);
  });

  it('holds nothing at first, whatever its size', () => {
    for (const bytes of [0, 64, 1000, 4096]) {
      const filter = new WrittenKeyFilter(bytes);
      expect(filter.mightHold(12345)).toBe(false);
      filter.add(12345);
      expect(filter.mightHold(12345)).toBe(true);
    }
  });
});
