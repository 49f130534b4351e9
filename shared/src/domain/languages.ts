import { isoLanguages, type IsoLanguage } from './language-list.js';

/**
 * The language of a dataset's titles (ISO 639): a code — ISO 639-1 where the language has one,
 * else ISO 639-3 — or `mul` for titles in several languages. A language column's values may be
 * codes of either kind (`da`, `dan`), or English names (`Danish`, `Dutch`), in any case.
 */

/** The code of titles in several languages (ISO 639-2's 'Multiple languages'). */
export const severalLanguages = 'mul';

const byCode = new Map<string, IsoLanguage>();
const byKey = new Map<string, IsoLanguage>();
for (const language of isoLanguages) {
  byCode.set(language.code, language);
  for (const key of [language.code, ...language.alternatives, ...language.names]) {
    const normal = keyOf(key);
    // A name two languages share stays the first's (the list is sorted by name).
    if (!byKey.has(normal)) byKey.set(normal, language);
  }
}

function keyOf(value: string): string {
  return value.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Whether `code` is a language's code as a dataset stores it (its 639-1 code where it has one), or `mul`. */
export function isLanguageCode(code: string): boolean {
  return code === severalLanguages || byCode.has(code);
}

/**
 * The language a value names, as its code, or null when it names none: `da`, `DAN`, `Danish` →
 * `da`; `nds`, `Low German` → `nds`; a region subtag is dropped (`nl-BE` → `nl`). Empty, `mul`
 * and unknown values are null: they say no one language.
 */
export function readLanguage(value: string | null | undefined): string | null {
  if (value == null) return null;
  const key = keyOf(value);
  if (key === '') return null;
  const found = byKey.get(key) ?? byKey.get(key.replace(/[-_][a-z0-9]{1,8}$/, ''));
  return found?.code ?? null;
}

/** A language's English name ('Danish' for `da`, 'Several languages' for `mul`), or null for an unknown code. */
export function languageName(code: string): string | null {
  if (code === severalLanguages) return 'Several languages';
  return byCode.get(code)?.names[0] ?? null;
}

/** A language as the screens and prompts say it: its English name, or the code itself when it names no language we list. */
export function languageLabel(code: string): string {
  return languageName(code) ?? code;
}

/** Every language a dataset may be in, by English name. */
export function languageChoices(): { code: string; name: string }[] {
  return isoLanguages.map((language) => ({ code: language.code, name: language.names[0]! })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** A value of a dataset's language column, and on how many of a title's rows it stands. */
export interface LanguageValue {
  value: string;
  occurrences: number;
}

/**
 * A title's language from its rows' language-column values: the language most of its rows name
 * (`da`, `dan` and `Danish` count as one), or null when none names a language. Values that name
 * none are left out of the count; a tie goes to the code first in alphabetical order.
 */
export function languageOfValues(values: readonly LanguageValue[]): string | null {
  const counts = new Map<string, number>();
  for (const { value, occurrences } of values) {
    const code = readLanguage(value);
    if (code !== null) counts.set(code, (counts.get(code) ?? 0) + occurrences);
  }
  let best: string | null = null;
  let most = 0;
  for (const [code, count] of counts) {
    if (count > most || (count === most && best !== null && code < best)) {
      best = code;
      most = count;
    }
  }
  return best;
}

/** A dataset's language settings (its metadata's). */
export interface DatasetLanguageSettings {
  language?: string | null;
  languageColumn?: string | null;
}

/**
 * A title's language in a dataset: from its language column's values when the dataset has one,
 * else the dataset's language; null when neither names one language (none given, `mul`, or only
 * unknown values).
 */
export function titleLanguage(settings: DatasetLanguageSettings, values: readonly LanguageValue[]): string | null {
  if (settings.languageColumn) return languageOfValues(values);
  const language = settings.language ?? null;
  return language === null || language === severalLanguages ? null : readLanguage(language);
}
