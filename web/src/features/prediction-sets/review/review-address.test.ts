import { describe, expect, it } from 'vitest';
import { entryStringOf, reviewEntryPath } from './review-address';

const standalone = { setRef: 'parish-registers-0b2747', datasetId: null };
const ofDataset = { setRef: '6f1d8a52-35a5-4c3e-9d7e-3c1f0b7a2e11', datasetId: '0d0c3b1e-2a44-4c59-a0f3-8f3b7e0c5d21' };

describe('review addresses', () => {
  it('round-trips entry strings through the path, a literal %2F included', () => {
    for (const string of ['a/b weaver', '100% cotton spinner', '50%2F50 share', 'who? farmer #2', '🧵 tailor', 'نساج', 'entries/x']) {
      for (const address of [standalone, ofDataset]) {
        const path = reviewEntryPath(address, string);
        expect(entryStringOf(address, path, 'what the router decoded')).toBe(string);
      }
    }
  });

  it('names no entry on the base path, and falls back to the router on a path of another shape', () => {
    expect(entryStringOf(standalone, '/review/parish-registers-0b2747', undefined)).toBeNull();
    expect(entryStringOf(standalone, '/review/other/entries/x', 'x')).toBe('x');
    expect(entryStringOf(standalone, '/review/parish-registers-0b2747/entries/%E0%A4%A', 'fallback')).toBe('fallback');
  });
});
