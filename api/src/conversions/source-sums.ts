import type { Queryable } from '../db/database.js';
import { apportion } from './apportion.js';

/** Rows and each totals column, summed exactly. */
export interface Sums {
  occurrences: bigint;
  totals: bigint[];
}

export const zeroSums = (columns: number): Sums => ({ occurrences: 0n, totals: Array.from({ length: columns }, () => 0n) });

export function addSums(into: Sums, add: Sums): void {
  into.occurrences += add.occurrences;
  for (let index = 0; index < into.totals.length; index++) into.totals[index]! += add.totals[index] ?? 0n;
}

/** What a conversion converts: per source code (`scheme:code`) its sums, and the sums of rows with no code at all. */
export interface SourceSums {
  codes: Map<string, Sums>;
  notCoded: Sums;
}

/** `sum(totals[1])::text AS t1, …` for the dataset's totals columns. */
function totalsSelect(columns: number): string {
  return Array.from({ length: columns }, (_, index) => `, coalesce(sum(totals[${index + 1}]), 0)::text AS t${index + 1}`).join('');
}

function sumsOf(row: Record<string, string>, columns: number): Sums {
  return { occurrences: BigInt(row.occurrences ?? '0'), totals: Array.from({ length: columns }, (_, index) => BigInt(row[`t${index + 1}`] ?? '0')) };
}

/** Adds sums named by several URIs (a reviewer mapped a title to more than one code), split among them in whole equal parts. */
function addSplit(into: SourceSums, uris: string[], sums: Sums, columns: number): void {
  const distinct = [...new Set(uris)];
  if (distinct.length === 0) return addSums(into.notCoded, sums);
  const weights = distinct.map(() => 1);
  const occurrences = apportion(sums.occurrences, weights);
  const totals = sums.totals.map((total) => apportion(total, weights));
  distinct.forEach((uri, index) => {
    let at = into.codes.get(uri);
    if (!at) into.codes.set(uri, (at = zeroSums(columns)));
    addSums(at, { occurrences: occurrences[index]!, totals: totals.map((parts) => parts[index]!) });
  });
}

/**
 * A dataset's sums per source code (issue 14): its coded rows grouped by code in one pass (the
 * code column's scheme), and its rows without a code through the reviewed mappings of its
 * prediction sets (the latest mapping of each title), grouped by the codes mapped to.
 */
export async function datasetSourceSums(db: Queryable, dataset: { id: string; scheme: string | null }, columns: number): Promise<SourceSums> {
  const sums: SourceSums = { codes: new Map(), notCoded: zeroSums(columns) };
  // One pass over the rows: the group of the empty code is the rows without a code.
  const grouped = await db.query<Record<string, string>>(
    `SELECT code, sum(occurrences)::text AS occurrences${totalsSelect(columns)} FROM dataset_titles WHERE dataset_id = $1 GROUP BY code`,
    [dataset.id],
  );
  let uncoded: Sums | null = null;
  for (const row of grouped.rows) {
    if (row.code === '') {
      uncoded = sumsOf(row, columns);
      continue;
    }
    // A code without a scheme (no code column scheme) is unknown: kept under a scheme no graph has.
    sums.codes.set(`${dataset.scheme ?? 'unknown'}:${row.code!}`, sumsOf(row, columns));
  }
  if (!uncoded) return sums;
  const mapped = await db.query(
    `SELECT 1 FROM prediction_entries e JOIN prediction_sets s ON s.id = e.set_id WHERE s.dataset_id = $1 AND s.state = 'ready' AND e.mapped LIMIT 1`,
    [dataset.id],
  );
  if (!mapped.rowCount) {
    addSums(sums.notCoded, uncoded);
    return sums;
  }
  const reviewed = await db.query<Record<string, string> & { uris: string[] | null }>(
    `WITH mapped AS (
       SELECT DISTINCT ON (e.string) e.string, e.node_uris || e.prediction_uris AS uris
         FROM prediction_entries e JOIN prediction_sets s ON s.id = e.set_id
        WHERE s.dataset_id = $1 AND s.state = 'ready' AND e.mapped
        ORDER BY e.string, e.mapped_at DESC NULLS LAST)
     SELECT m.uris, sum(t.occurrences)::text AS occurrences${totalsSelect(columns).replaceAll('totals[', 't.totals[')}
       FROM dataset_titles t LEFT JOIN mapped m ON m.string = t.title
      WHERE t.dataset_id = $1 AND t.code = ''
      GROUP BY m.uris`,
    [dataset.id],
  );
  for (const row of reviewed.rows) addSplit(sums, row.uris ?? [], sumsOf(row, columns), columns);
  return sums;
}

/** A prediction set's sums per code its reviewers mapped to; its unmapped entries are not coded. */
export async function predictionSetSourceSums(db: Queryable, setId: string, columns: number): Promise<SourceSums> {
  const sums: SourceSums = { codes: new Map(), notCoded: zeroSums(columns) };
  const result = await db.query<Record<string, string> & { uris: string[] }>(
    `SELECT CASE WHEN mapped THEN node_uris || prediction_uris ELSE '{}'::text[] END AS uris, sum(occurrences)::text AS occurrences${totalsSelect(columns)}
       FROM prediction_entries WHERE set_id = $1 GROUP BY 1`,
    [setId],
  );
  for (const row of result.rows) addSplit(sums, row.uris, sumsOf(row, columns), columns);
  return sums;
}

/** A reference dataset's rows per code (weighting 'reference', and 'modal' when one is given). */
export async function referenceRows(db: Queryable, datasetId: string): Promise<{ code: string; occurrences: number }[]> {
  const result = await db.query<{ code: string; occurrences: string }>(
    `SELECT code, sum(occurrences)::text AS occurrences FROM dataset_titles WHERE dataset_id = $1 AND code <> '' GROUP BY code`,
    [datasetId],
  );
  return result.rows.map((row) => ({ code: row.code, occurrences: Number(row.occurrences) }));
}
