/**
 * The header's language selector (SPEC §2 "Language selector"): English, German, Italian, French
 * and Polish. Choosing one changes only the choice shown (SPEC: nothing else is translated); the
 * choice is kept in the browser's local storage and read back, checked, on the next visit.
 */
export const interfaceLanguages = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'German' },
  { code: 'it', name: 'Italian' },
  { code: 'fr', name: 'French' },
  { code: 'pl', name: 'Polish' },
] as const;

export type InterfaceLanguage = (typeof interfaceLanguages)[number]['code'];

export const defaultInterfaceLanguage: InterfaceLanguage = 'en';

/** The local storage key of the chosen language (beside 'og-color-scheme'). */
export const interfaceLanguageStorageKey = 'og-language';

export function isInterfaceLanguage(value: unknown): value is InterfaceLanguage {
  return interfaceLanguages.some((language) => language.code === value);
}

/** A stored value read back: one of the five languages, else (missing, edited, from an older version) English. */
export function parseStoredLanguage(stored: string | null | undefined): InterfaceLanguage {
  return isInterfaceLanguage(stored) ? stored : defaultInterfaceLanguage;
}

export function interfaceLanguageName(code: InterfaceLanguage): string {
  return interfaceLanguages.find((language) => language.code === code)!.name;
}
