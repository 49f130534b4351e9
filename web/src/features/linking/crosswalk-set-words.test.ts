import { describe, expect, it } from 'vitest';
import { setCountsText, setMakerText } from './crosswalk-set-words';

describe('a crosswalk set in words', () => {
  it('names the admin who imported it, or the first start that seeded it, and when', () => {
    const at = '2026-11-26T10:05:00.000Z';
    expect(setMakerText({ createdBy: { id: '6f1c0000-0000-4000-8000-000000000001', name: 'ada' }, createdAt: at })).toMatch(/^By ada, 26 Nov 2026, \d\d:05$/);
    expect(setMakerText({ createdBy: null, createdAt: at })).toMatch(/^Seeded at first start, 26 Nov 2026/);
  });

  it('says what the import counted', () => {
    expect(setCountsText({ imported: 1893, alreadyPresent: 0, refused: 12 })).toBe('1,893 imported, 0 already present, 12 refused');
  });
});
