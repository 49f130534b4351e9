import type { PredictionSetCount } from '@og/shared/contracts/predictions';
import type { Queryable } from '../database.js';

/**
 * SPEC §3 "Prediction set count" under a threshold, from the counts per thousandth of best
 * confidence the import and every save keep (migration 006): the thousandths wholly below the
 * threshold are summed, and only the one the threshold falls in is read from the entries (the
 * walk by confidence, its mapped range or both ranges, from a hair below that thousandth: its own
 * entries; `mapped IN (…)` lets that index take the range). The bucket is computed by the same
 * expression everywhere: least(1000, floor(best_conf * 1000)).
 *
 * The columns `total` and `mapped` for the set `set` under `threshold`, SQL expressions of a uuid
 * and a real (parameters, or a prediction set row's columns).
 */
function countsBelowColumns(set: string, threshold: string): string {
  const edge = `least(1000, floor(${threshold} * 1000))::smallint`;
  const summed = (column: 'entries' | 'mapped') => `(SELECT COALESCE(sum(c.${column}), 0) FROM prediction_set_counts c WHERE c.set_id = ${set} AND c.bucket < ${edge})`;
  const atEdge = (mappedOnly: boolean) => `(SELECT count(*) FROM prediction_entries e
           WHERE e.set_id = ${set} AND e.mapped IN (${mappedOnly ? 'true' : 'false, true'}) AND e.best_conf < ${threshold} AND e.best_conf >= (${edge} / 1000.0 - 0.000001)::real
             AND least(1000, floor(e.best_conf * 1000)) = ${edge})`;
  return `${summed('entries')} + ${atEdge(false)} AS total, ${summed('mapped')} + ${atEdge(true)} AS mapped`;
}

const countOf = (row: { total: string; mapped: string }): PredictionSetCount => ({ totalBelowThreshold: Number(row.total), mappedCount: Number(row.mapped) });

/** SPEC §3 "Prediction set count" of one set under `threshold`. */
export async function countBelowThreshold(db: Queryable, setId: string, threshold: number): Promise<PredictionSetCount> {
  const result = await db.query<{ total: string; mapped: string }>(`SELECT ${countsBelowColumns('$1::uuid', '$2::real')}`, [setId, threshold]);
  return countOf(result.rows[0]!);
}

/** The counts of each ready set of `setIds` under its own stored threshold, in one query (the datasets list's progress). */
export async function countBelowOwnThresholds(db: Queryable, setIds: readonly string[]): Promise<Map<string, PredictionSetCount>> {
  if (setIds.length === 0) return new Map();
  const result = await db.query<{ id: string; total: string; mapped: string }>(
    `SELECT s.id, ${countsBelowColumns('s.id', 's.threshold')} FROM prediction_sets s WHERE s.id = ANY($1::uuid[]) AND s.state = 'ready'`,
    [setIds],
  );
  return new Map(result.rows.map((row) => [row.id, countOf(row)]));
}

/**
 * The statement that keeps the counts in step, over `changes`: any row source with a `best_conf`
 * (real) and a `delta` (+1 mapped, -1 unmapped) per entry, e.g. a data-modifying CTE's rows for
 * a set-based write (bulk acceptance, its undo). `setId` is the SQL naming the set ($1…).
 */
export function shiftMappedCountsStatement(setId: string, changes: string): string {
  return `UPDATE prediction_set_counts c SET mapped = c.mapped + d.delta
       FROM (SELECT least(1000, floor(best_conf * 1000))::smallint AS bucket, sum(delta)::bigint AS delta
               FROM ${changes} GROUP BY 1) d
      WHERE c.set_id = ${setId} AND c.bucket = d.bucket`;
}

/** Keeps the counts in step when entries' mapped state changes: `delta` per entry, in its bucket. */
export async function shiftMappedCounts(db: Queryable, setId: string, changes: { bestConf: number; delta: 1 | -1 }[]): Promise<void> {
  if (changes.length === 0) return;
  await db.query(shiftMappedCountsStatement('$1', 'unnest($2::real[], $3::int[]) AS u(best_conf, delta)'), [
    setId,
    changes.map((change) => change.bestConf),
    changes.map((change) => change.delta),
  ]);
}
