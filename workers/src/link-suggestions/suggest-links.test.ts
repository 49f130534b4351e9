import { describe, expect, it } from 'vitest';
import { descriptionReading } from './suggest-links.js';

describe('descriptionReading', () => {
  it("reads a description's first sentence", () => {
    expect(descriptionReading('Shoemakers make and repair footwear. They work leather by hand.')).toBe('Shoemakers make and repair footwear.');
    expect(descriptionReading('  Cuts stone; sets it in walls.  ')).toBe('Cuts stone;');
  });

  it('cuts a long sentence at a word, and gives nothing without a description', () => {
    const long = `${'word '.repeat(60)}end.`;
    const read = descriptionReading(long);
    expect(read.length).toBeLessThanOrEqual(200);
    expect(read.endsWith('word')).toBe(true);
    expect(descriptionReading(undefined)).toBe('');
    expect(descriptionReading('   ')).toBe('');
  });
});
