import { describe, expect, it } from 'vitest';
import { isoLanguages } from './language-list.js';
import { isLanguageCode, languageChoices, languageName, languageOfValues, readLanguage, titleLanguage } from './languages.js';

describe('readLanguage: a value of a language column as a language', () => {
  it('reads ISO 639-1 and 639-3 codes, in any case, as the 639-1 code where there is one', () => {
    expect(readLanguage('da')).toBe('da');
    expect(readLanguage('dan')).toBe('da');
    expect(readLanguage(' NL ')).toBe('nl');
    expect(readLanguage('nld')).toBe('nl');
    expect(readLanguage('dut')).toBe('nl');
    expect(readLanguage('swe')).toBe('sv');
    expect(readLanguage('nds')).toBe('nds');
  });

  it('reads English names, in any case and spacing', () => {
    expect(readLanguage('Danish')).toBe('da');
    expect(readLanguage('dutch')).toBe('nl');
    expect(readLanguage('Flemish')).toBe('nl');
    expect(readLanguage('  Low   German ')).toBe('nds');
    expect(readLanguage('Old Norse')).toBe('non');
    expect(readLanguage('Greek')).toBe('el');
    expect(readLanguage('English')).toBe('en');
  });

  it('drops a region subtag', () => {
    expect(readLanguage('pt-BR')).toBe('pt');
    expect(readLanguage('en_GB')).toBe('en');
  });

  it('answers null for values that name no one language', () => {
    expect(readLanguage('')).toBeNull();
    expect(readLanguage('   ')).toBeNull();
    expect(readLanguage(null)).toBeNull();
    expect(readLanguage('mul')).toBeNull();
    expect(readLanguage('Klingonish')).toBeNull();
    expect(readLanguage('xx')).toBeNull();
    expect(readLanguage('?')).toBeNull();
  });
});

describe('the ISO 639 list', () => {
  it('holds every ISO 639-1 language once, with an English name', () => {
    const twoLetter = isoLanguages.filter((language) => language.code.length === 2);
    expect(twoLetter).toHaveLength(184);
    const codes = isoLanguages.map((language) => language.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const language of isoLanguages) expect(language.names[0]).toMatch(/\S/);
  });

  it('names codes and knows which are codes', () => {
    expect(languageName('da')).toBe('Danish');
    expect(languageName('mul')).toBe('Several languages');
    expect(languageName('zz')).toBeNull();
    expect(isLanguageCode('sv')).toBe(true);
    expect(isLanguageCode('mul')).toBe(true);
    expect(isLanguageCode('swe')).toBe(false);
    expect(isLanguageCode('Swedish')).toBe(false);
  });

  it('offers every language once, by name', () => {
    const choices = languageChoices();
    expect(choices).toHaveLength(isoLanguages.length);
    expect(choices.find((choice) => choice.code === 'nl')?.name).toBe('Dutch');
    expect(choices.map((choice) => choice.name)).toEqual([...choices.map((choice) => choice.name)].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('a title’s language in a dataset', () => {
  it('is the language most of its rows name, counting codes and names of one language together', () => {
    expect(languageOfValues([{ value: 'sv', occurrences: 3 }, { value: 'da', occurrences: 2 }, { value: 'Danish', occurrences: 2 }])).toBe('da');
    expect(languageOfValues([{ value: '??', occurrences: 9 }, { value: 'nl', occurrences: 1 }])).toBe('nl');
    expect(languageOfValues([{ value: 'sv', occurrences: 2 }, { value: 'da', occurrences: 2 }])).toBe('da');
  });

  it('is none when no value names a language', () => {
    expect(languageOfValues([{ value: 'xx', occurrences: 4 }])).toBeNull();
    expect(languageOfValues([])).toBeNull();
  });

  it('comes from the column when there is one, else from the dataset’s language', () => {
    expect(titleLanguage({ language: 'mul', languageColumn: 'lang' }, [{ value: 'Dutch', occurrences: 1 }])).toBe('nl');
    expect(titleLanguage({ language: null, languageColumn: 'lang' }, [])).toBeNull();
    expect(titleLanguage({ language: 'da' }, [{ value: 'nl', occurrences: 1 }])).toBe('da');
    expect(titleLanguage({ language: 'mul' }, [])).toBeNull();
    expect(titleLanguage({}, [])).toBeNull();
  });
});
