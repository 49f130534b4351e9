import { describe, expect, it } from 'vitest';
import { interfaceLanguageName, interfaceLanguages, parseStoredLanguage } from './interface-language';

describe('the language selector’s choice (SPEC §2 "Language selector")', () => {
  it('offers English, German, Italian, French and Polish, in that order', () => {
    expect(interfaceLanguages.map((language) => language.name)).toEqual(['English', 'German', 'Italian', 'French', 'Polish']);
    expect(interfaceLanguageName('pl')).toBe('Polish');
  });

  it('reads back a stored language', () => {
    for (const code of ['en', 'de', 'it', 'fr', 'pl'] as const) expect(parseStoredLanguage(code)).toBe(code);
  });

  it('falls back to English for nothing stored or anything it does not know', () => {
    for (const stored of [null, undefined, '', 'es', 'DE', ' de', '"de"', 'English', '__proto__', 'toString']) {
      expect(parseStoredLanguage(stored)).toBe('en');
    }
  });
});
