import { describe, expect, it } from 'vitest';
import { AppError } from '@og/shared/errors/app-error';
import { decodeTitlesCursor, encodeTitlesCursor } from './titles-cursor.js';

describe('titles cursor', () => {
  it('gives back the title and code it was made from, in any script', () => {
    for (const row of [
      { title: 'Farmer', code: '61110' },
      { title: '', code: '' },
      { title: 'Ébéniste "maître", \\ 日本の大工 🧑‍🌾 \uFFFD', code: '7-81.20' },
      { title: 'x'.repeat(2_000), code: 'y'.repeat(2_000) },
    ]) {
      const cursor = encodeTitlesCursor(row);
      expect(cursor).toMatch(/^[A-Za-z0-9_-]*$/);
      expect(decodeTitlesCursor(cursor)).toEqual(row);
    }
  });

  it('refuses what it did not make', () => {
    const valid = encodeTitlesCursor({ title: 'Farmer', code: '1' });
    for (const cursor of ['', '%%%', `${valid}=`, Buffer.from('no separator').toString('base64url'), Buffer.from('a\u0000b\u0000c').toString('base64url'), Buffer.from([0xff, 0, 0x41]).toString('base64url')]) {
      expect(() => decodeTitlesCursor(cursor), cursor).toThrow(AppError);
    }
  });
});
