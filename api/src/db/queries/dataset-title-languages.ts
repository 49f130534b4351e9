import type { LanguageValue } from '@og/shared/domain/languages';
import type { Queryable } from '../database.js';

/**
 * A dataset's language-column values per title (migration 016): each value as written and on how
 * many of the title's rows it stands.
 */

/** The values of these titles (a title without any is left out). */
export async function findTitleLanguageValues(db: Queryable, datasetId: string, titles: readonly string[]): Promise<Map<string, LanguageValue[]>> {
  const result = await db.query<{ title: string; value: string; occurrences: string }>(
    `SELECT title, value, occurrences FROM dataset_title_languages WHERE dataset_id = $1 AND title = ANY($2::text[])`,
    [datasetId, titles],
  );
  const values = new Map<string, LanguageValue[]>();
  for (const row of result.rows) {
    const list = values.get(row.title) ?? [];
    list.push({ value: row.value, occurrences: Number(row.occurrences) });
    values.set(row.title, list);
  }
  return values;
}

/**
 * What says the language of a prediction set's entry: its dataset's language settings and the
 * entry's title's language-column values; null for a set without a dataset.
 */
export async function findEntryLanguageSources(
  db: Queryable,
  setId: string,
  title: string,
): Promise<{ language: string | null; languageColumn: string | null; values: LanguageValue[] } | null> {
  const result = await db.query<{ language: string | null; language_column: string | null; values: { value: string; occurrences: number }[] }>(
    `SELECT d.metadata->>'language' AS language, d.metadata->>'languageColumn' AS language_column,
            COALESCE((SELECT json_agg(json_build_object('value', l.value, 'occurrences', l.occurrences))
                        FROM dataset_title_languages l WHERE l.dataset_id = d.id AND l.title = $2), '[]'::json) AS values
       FROM prediction_sets s JOIN datasets d ON d.id = s.dataset_id
      WHERE s.id = $1`,
    [setId, title],
  );
  const row = result.rows[0];
  if (!row) return null;
  return { language: row.language, languageColumn: row.language_column, values: row.values.map((value) => ({ value: value.value, occurrences: Number(value.occurrences) })) };
}
