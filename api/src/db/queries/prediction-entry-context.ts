import { isSchemeId, type SchemeId } from '@og/shared/domain/schemes';
import type { Queryable } from '../database.js';

/** How many of a dataset's codes of a title the review shows beside it: the most frequent. */
const datasetCodesShown = 5;

/**
 * What an entry's context is read with: its set's import figures (the reading it recorded) and, for
 * a set of a coded dataset, the dataset's code column with its most frequent codes of the title.
 */
export async function findEntryContextSources(
  db: Queryable,
  setId: string,
  title: string,
): Promise<{ stats: Record<string, unknown> | null; dataset: { column: string; scheme: SchemeId | null; codes: [string, number][] } | null }> {
  const result = await db.query<{ stats: Record<string, unknown> | null; code_column: string | null; scheme: string | null; codes: [string, string][] | null }>(
    `SELECT s.stats, d.metadata->>'codeColumn' AS code_column, d.metadata->>'scheme' AS scheme,
            (SELECT json_agg(json_build_array(t.code, t.occurrences) ORDER BY t.occurrences DESC, t.code)
               FROM (SELECT code, sum(occurrences) AS occurrences FROM dataset_titles
                      WHERE dataset_id = d.id AND title = $2 AND code <> '' GROUP BY code
                      ORDER BY sum(occurrences) DESC, code LIMIT ${datasetCodesShown}) t) AS codes
       FROM prediction_sets s LEFT JOIN datasets d ON d.id = s.dataset_id
      WHERE s.id = $1`,
    [setId, title],
  );
  const row = result.rows[0];
  if (!row) return { stats: null, dataset: null };
  const dataset = row.code_column && row.codes?.length
    ? { column: row.code_column, scheme: row.scheme && isSchemeId(row.scheme) ? row.scheme : null, codes: row.codes.map(([code, count]) => [code, Number(count)] as [string, number]) }
    : null;
  return { stats: row.stats, dataset };
}
