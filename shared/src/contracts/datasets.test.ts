import { describe, expect, it } from 'vitest';
import { datasetMetadata } from './datasets.js';

const base = { title: 'Census', titleColumn: 'title' };
const parse = (changes: Record<string, unknown>) => datasetMetadata.safeParse({ ...base, ...changes });

describe('a dataset’s language and language column', () => {
  it('are optional', () => {
    expect(parse({}).data).toMatchObject({ language: null, languageColumn: null });
    expect(parse({ language: ' ' }).data?.language).toBeNull();
  });

  it('takes a language as its ISO 639 code: 639-1 where there is one, a name or 639-3 code read as it', () => {
    expect(parse({ language: 'da' }).data?.language).toBe('da');
    expect(parse({ language: 'dan' }).data?.language).toBe('da');
    expect(parse({ language: 'Dutch' }).data?.language).toBe('nl');
    expect(parse({ language: 'nds' }).data?.language).toBe('nds');
    expect(parse({ language: 'MUL' }).data?.language).toBe('mul');
  });

  it('refuses what names no language', () => {
    const refused = parse({ language: 'Klingonish' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['language']);
  });

  it('takes a language column beside no language or several, and another column than the title and code columns', () => {
    expect(parse({ languageColumn: 'lang' }).data).toMatchObject({ language: null, languageColumn: 'lang' });
    expect(parse({ languageColumn: 'lang', language: 'mul' }).success).toBe(true);
    expect(parse({ languageColumn: 'lang', language: 'da' }).success).toBe(false);
    expect(parse({ languageColumn: 'title' }).success).toBe(false);
    expect(parse({ languageColumn: 'lang', titleColumn: null, codeColumn: 'code' }).success).toBe(false);
    expect(parse({ languageColumn: '' }).success).toBe(false);
  });
});
