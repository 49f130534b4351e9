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
});
