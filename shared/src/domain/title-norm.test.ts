import { describe, expect, it } from 'vitest';
import { normaliseTitle } from './title-norm.js';

describe('normaliseTitle', () => {
  it('sets case, accents, spacing and punctuation aside', () => {
    expect(normaliseTitle('Farm-Labourer ')).toBe(normaliseTitle('farm  labourer'));
    expect(normaliseTitle('Bäcker')).toBe('backer');
    expect(normaliseTitle('  Cordonnier, (maître)')).toBe('cordonnier maitre');
  });

  it('keeps letters and digits of every script', () => {
    expect(normaliseTitle('نجار')).toBe('نجار');
    expect(normaliseTitle('工人 2')).toBe('工人 2');
    expect(normaliseTitle('Weaver 1')).not.toBe(normaliseTitle('Weaver 2'));
  });

  it('gives printable ASCII the same form by its quick way as by the general one', () => {
    const ascii = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index)).join('');
    for (const title of [ascii, `  ${ascii}  Weaver-2 `, 'Farm.Labourer;(x)', '']) {
      const general = title.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[\p{P}\p{S}\s]+/gu, ' ').trim();
      expect(normaliseTitle(title)).toBe(general);
    }
  });
});
