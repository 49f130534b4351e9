import { describe, expect, it } from 'vitest';
import { WrittenKeyFilter, writtenKeyFilterBytes } from './written-keys.js';

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

describe('writtenKeyFilterBytes', () => {
  const mib = 1024 * 1024;

  it('gives a file that holds few pairs the grouping\'s third, and a larger one more, up to 128 MiB', () => {
    expect(writtenKeyFilterBytes(200 * mib, 96 * mib)).toBe(32 * mib);
    const twoGigabytes = writtenKeyFilterBytes(2048 * mib, 96 * mib);
    expect(twoGigabytes).toBeGreaterThan(32 * mib);
    expect(twoGigabytes).toBeLessThan(128 * mib);
    expect(writtenKeyFilterBytes(5 * 1024 * mib, 96 * mib)).toBe(128 * mib);
    expect(writtenKeyFilterBytes(100 * 1024 * mib, 96 * mib)).toBe(128 * mib);
  });

  it('keeps a new key\'s "maybe" rare at the size it gives for a file full of distinct pairs', () => {
    // A 5 GiB file's worth of keys at the reckoned 40 bytes a row, scaled down a thousandfold with its filter
    // (the grouping's third alone would take more than half of the new keys for written ones).
    const keys = Math.floor((5 * 1024 * mib) / 40 / 1000);
    const filter = new WrittenKeyFilter(writtenKeyFilterBytes(5 * 1024 * mib, 96 * mib) / 1000);
    const hash = (key: number) => Math.imul(key ^ 0x9e3779b9, 0x85ebca6b) ^ (key >>> 7);
    for (let key = 0; key < keys; key++) filter.add(hash(key));
    let taken = 0;
    for (let key = keys; key < 2 * keys; key++) if (filter.mightHold(hash(key))) taken++;
    expect(taken / keys).toBeLessThan(0.05);
  });
});
