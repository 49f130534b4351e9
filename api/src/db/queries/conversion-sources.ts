import type { Queryable } from '../database.js';

/** A row of sums as text: `occurrences` and `t1`, `t2`, … for each totals column (a bigint each). */
export type SumsRow = Record<string, string>;

/** `, coalesce(sum(totals[1]), 0)::text AS t1, …` for the dataset's totals columns, `totals` named as `column`. */
function totalsSelect(columns: number, column = 'totals'): string {
  return Array.from({ length: columns }, (_, index) => `, coalesce(sum(${column}[${index + 1}]), 0)::text AS t${index + 1}`).join('');
}

/** A dataset's rows summed per code, in one pass; the group of the empty code is the rows without a code. */
export async function sumDatasetRowsByCode(db: Queryable, datasetId: string, columns: number): Promise<(SumsRow & { code: string })[]> {
  const result = await db.query<SumsRow & { code: string }>(
    `SELECT code, sum(occurrences)::text AS occurrences${totalsSelect(columns)} FROM dataset_titles WHERE dataset_id = $1 GROUP BY code`,
    [datasetId],
  );
  return result.rows;
}

/**
 * A dataset's rows without a code, summed per the URIs their title is mapped to by the reviewed
 * mappings of its ready prediction sets (the latest mapping of each title); `uris` null for the
 * rows whose title no set maps.
 */
export async function sumUncodedRowsByMapping(db: Queryable, datasetId: string, columns: number): Promise<(SumsRow & { uris: string[] | null })[]> {
  const result = await db.query<SumsRow & { uris: string[] | null }>(
    `WITH mapped AS (
       SELECT DISTINCT ON (e.string) e.string, e.node_uris || e.prediction_uris AS uris
         FROM prediction_entries e JOIN prediction_sets s ON s.id = e.set_id
        WHERE s.dataset_id = $1 AND s.state = 'ready' AND e.mapped
        ORDER BY e.string, e.mapped_at DESC NULLS LAST)
     SELECT m.uris, sum(t.occurrences)::text AS occurrences${totalsSelect(columns, 't.totals')}
       FROM dataset_titles t LEFT JOIN mapped m ON m.string = t.title
      WHERE t.dataset_id = $1 AND t.code = ''
      GROUP BY m.uris`,
    [datasetId],
  );
  return result.rows;
}

/** A prediction set's entries summed per the URIs its reviewers mapped them to (no URI for the unmapped ones). */
export async function sumPredictionSetByMapping(db: Queryable, setId: string, columns: number): Promise<(SumsRow & { uris: string[] })[]> {
  const result = await db.query<SumsRow & { uris: string[] }>(
    `SELECT CASE WHEN mapped THEN node_uris || prediction_uris ELSE '{}'::text[] END AS uris, sum(occurrences)::text AS occurrences${totalsSelect(columns)}
       FROM prediction_entries WHERE set_id = $1 GROUP BY 1`,
    [setId],
  );
  return result.rows;
}

/** A reference dataset's rows per code (weighting 'reference', and 'modal' when one is given). */
export async function referenceRows(db: Queryable, datasetId: string): Promise<{ code: string; occurrences: number }[]> {
  const result = await db.query<{ code: string; occurrences: string }>(
    `SELECT code, sum(occurrences)::text AS occurrences FROM dataset_titles WHERE dataset_id = $1 AND code <> '' GROUP BY code`,
    [datasetId],
  );
  return result.rows.map((row) => ({ code: row.code, occurrences: Number(row.occurrences) }));
}
