import { describe, expect, it } from 'vitest';
import { etagMatches } from './etag.js';

describe('etagMatches', () => {
  it('compares weakly, in lists, and with *', () => {
    expect(etagMatches('W/"hisco.7"', 'W/"hisco.7"')).toBe(true);
    expect(etagMatches('"hisco.7"', 'W/"hisco.7"')).toBe(true);
    expect(etagMatches('"esco.1", W/"hisco.7"', 'W/"hisco.7"')).toBe(true);
    expect(etagMatches('*', 'W/"hisco.7"')).toBe(true);
    expect(etagMatches('W/"hisco.8"', 'W/"hisco.7"')).toBe(false);
    expect(etagMatches('', 'W/"hisco.7"')).toBe(false);
    expect(etagMatches('W/"hisco.7', 'W/"hisco.7"')).toBe(false);
  });
});
