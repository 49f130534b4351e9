import type { Queryable } from '@og/api/db/database';
import { findTitleLanguageValues } from '@og/api/db/queries/dataset-title-languages';
import { type DatasetLanguageSettings, readLanguage, titleLanguage } from '@og/shared/domain/languages';

/** The language of each of a dataset's titles, and what could not be read as one. */
export interface TitleLanguages {
  /** Each title asked about, with its language code (ISO 639-1 where there is one, else 639-3), or null. */
  languages: Map<string, string | null>;
  /** Titles without a language: coded without one. */
  withoutLanguage: number;
  /**
   * Of those, titles whose language column gave only values that name no language, and those
   * values (most titles first, at most {@link shownValues}): what the run's result says.
   */
  unknown: { titles: number; values: { value: string; titles: number }[] };
}

/** How many unknown values a result names. */
const shownValues = 10;

/** Titles per query of their language-column values. */
const titlesPerQuery = 5_000;

/**
 * The language of each of `titles` (a dataset's distinct titles), by the dataset's settings: the
 * dataset's language, or, with a language column, the language most of the title's rows name
 * (shared/src/domain/languages.ts). Titles the column gives no language (no value, or only
 * values that are no language: counted in `unknown`) and titles of a dataset in several or no
 * language get null: they are coded without a language.
 */
export async function readTitleLanguages(db: Queryable, dataset: { id: string } & DatasetLanguageSettings, titles: readonly string[]): Promise<TitleLanguages> {
  const distinct = [...new Set(titles)];
  const languages = new Map<string, string | null>();
  let withoutLanguage = 0;
  let unknownTitles = 0;
  const unknownValues = new Map<string, number>();
  for (let start = 0; start < distinct.length; start += titlesPerQuery) {
    const batch = distinct.slice(start, start + titlesPerQuery);
    const values = dataset.languageColumn ? await findTitleLanguageValues(db, dataset.id, batch) : new Map();
    for (const title of batch) {
      const own = values.get(title) ?? [];
      const language = titleLanguage(dataset, own);
      languages.set(title, language);
      if (language !== null) continue;
      withoutLanguage++;
      if (own.length === 0) continue;
      unknownTitles++;
      for (const { value } of own) if (readLanguage(value) === null) unknownValues.set(value, (unknownValues.get(value) ?? 0) + 1);
    }
  }
  const values = [...unknownValues]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, shownValues)
    .map(([value, count]) => ({ value, titles: count }));
  return { languages, withoutLanguage, unknown: { titles: unknownTitles, values } };
}

/** What a run's result says of the titles coded without a language, or null when every title had one. */
export function describeTitlesWithoutLanguage(result: TitleLanguages): string | null {
  if (result.withoutLanguage === 0) return null;
  const count = (value: number) => `${value.toLocaleString('en-US')} title${value === 1 ? '' : 's'}`;
  const unknown = result.unknown.titles
    ? `; the language column names no language for ${count(result.unknown.titles)} (${result.unknown.values.map((entry) => JSON.stringify(entry.value)).join(', ')})`
    : '';
  return `${count(result.withoutLanguage)} coded without a language${unknown}.`;
}
