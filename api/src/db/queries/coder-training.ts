import type { Queryable } from '../database.js';
import type { DatasetViewer } from './datasets.js';

/**
 * What the built-in coder learns from in the database, for one scheme and one person:
 * the coded titles of the datasets they may see whose code column is in that scheme (and of
 * datasets shared as training data), and every saved review mapping of the sets they may see.
 */

/** Datasets the viewer may see ($1 the viewer's id, $2 true for an admin), or marked as shared training data. */
const datasetVisible = /* sql */ `
  ($2::boolean OR d.owner_id = $1 OR d.metadata->>'sharedTraining' = 'true'
   OR EXISTS (SELECT 1 FROM dataset_collaborators c WHERE c.dataset_id = d.id AND c.user_id = $1))`;

/** A coded title of a dataset, as the built-in coder learns from it. */
export interface DatasetCodedTitle {
  title: string;
  code: string;
  /** Rows with the title and code (bigint as text). */
  occurrences: string;
  /** The dataset's language as its metadata writes it. */
  language: string | null;
  /** With a language column: the column's values on the title's rows, with their counts; else null. */
  language_column: string | null;
  language_values: { value: string; occurrences: number }[] | null;
}

/** (title, code, rows with it, its language settings and language-column values) of ready datasets coded in `scheme`. */
export async function datasetCodedTitles(db: Queryable, scheme: string, viewer: DatasetViewer): Promise<DatasetCodedTitle[]> {
  const result = await db.query<DatasetCodedTitle>(
    `SELECT t.title, t.code, t.occurrences, d.metadata->>'language' AS language, d.metadata->>'languageColumn' AS language_column,
            CASE WHEN d.metadata->>'languageColumn' IS NOT NULL THEN
              (SELECT json_agg(json_build_object('value', l.value, 'occurrences', l.occurrences))
                 FROM dataset_title_languages l WHERE l.dataset_id = t.dataset_id AND l.title = t.title)
            END AS language_values
       FROM dataset_titles t JOIN datasets d ON d.id = t.dataset_id
      WHERE d.state = 'ready' AND d.metadata->>'scheme' = $3 AND t.code <> '' AND ${datasetVisible}`,
    [viewer.id, viewer.role === 'admin', scheme],
  );
  return result.rows;
}

/** (string, code) of every reviewer's mapping into `scheme` in the sets the viewer may see (the code as the URI names it). */
export async function reviewedCodedTitles(db: Queryable, scheme: string, viewer: DatasetViewer): Promise<{ string: string; code: string }[]> {
  const result = await db.query<{ string: string; code: string }>(
    `SELECT e.string, substr(u.uri, length($3) + 2) AS code
       FROM prediction_sets s
       JOIN prediction_entries e ON e.set_id = s.id AND e.mapped AND e.mapping_how <> 'bulk'
       CROSS JOIN LATERAL unnest(e.node_uris || e.prediction_uris) AS u(uri)
      WHERE s.state = 'ready' AND u.uri LIKE $3 || ':%'
        AND ($2::boolean OR (s.dataset_id IS NULL AND s.owner_id = $1)
             OR EXISTS (SELECT 1 FROM datasets d WHERE d.id = s.dataset_id AND ${datasetVisible}))`,
    [viewer.id, viewer.role === 'admin', scheme],
  );
  return result.rows;
}

/** A dataset's distinct titles, the most frequent first (what a run codes). */
export async function datasetDistinctTitles(db: Queryable, datasetId: string): Promise<{ title: string; occurrences: string }[]> {
  const result = await db.query<{ title: string; occurrences: string }>(
    'SELECT title, sum(occurrences) AS occurrences FROM dataset_titles WHERE dataset_id = $1 GROUP BY title ORDER BY sum(occurrences) DESC, title',
    [datasetId],
  );
  return result.rows;
}

/** A dataset's distinct titles with the codes its rows give them (what 'Restrict predictions to associated codes' keeps to). */
export async function datasetTitleCodes(db: Queryable, datasetId: string): Promise<Map<string, string[]>> {
  const result = await db.query<{ title: string; codes: string[] }>(
    `SELECT title, array_agg(DISTINCT code) FILTER (WHERE code <> '') AS codes FROM dataset_titles WHERE dataset_id = $1 GROUP BY title`,
    [datasetId],
  );
  return new Map(result.rows.map((row) => [row.title, row.codes ?? []]));
}
