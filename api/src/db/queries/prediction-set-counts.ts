import type { PredictionSetCount } from '@og/shared/contracts/predictions';
import type { Queryable } from '../database.js';

/**
 * SPEC §3 "Prediction set count" under a threshold, from the counts per thousandth of best
 * confidence the import and every save keep (migration 006): the thousandths wholly below the
 * threshold are summed, and only the one the threshold falls in is read from the entries (its
 * confidence index, from a hair below that thousandth: its own entries). The bucket is computed by the same
 * expression everywhere: least(1000, floor(best_conf * 1000)).
 */
export async function countBelowThreshold(db: Queryable, setId: string, threshold: number): Promise<PredictionSetCount> {
  const result = await db.query<{ total: string; mapped: string }>(
    `WITH edge AS (SELECT least(1000, floor($2::real * 1000))::smallint AS bucket)
     SELECT
       (SELECT COALESCE(sum(entries), 0) FROM prediction_set_counts c, edge WHERE c.set_id = $1 AND c.bucket < edge.bucket)
       + (SELECT count(*) FROM prediction_entries e, edge
           WHERE e.set_id = $1 AND e.best_conf < $2::real AND e.best_conf >= (edge.bucket / 1000.0 - 0.000001)::real
             AND least(1000, floor(e.best_conf * 1000)) = edge.bucket) AS total,
       (SELECT COALESCE(sum(mapped), 0) FROM prediction_set_counts c, edge WHERE c.set_id = $1 AND c.bucket < edge.bucket)
       + (SELECT count(*) FROM prediction_entries e, edge
           WHERE e.set_id = $1 AND e.mapped AND e.best_conf < $2::real AND e.best_conf >= (edge.bucket / 1000.0 - 0.000001)::real
             AND least(1000, floor(e.best_conf * 1000)) = edge.bucket) AS mapped`,
    [setId, threshold],
  );
  const row = result.rows[0]!;
  return { totalBelowThreshold: Number(row.total), mappedCount: Number(row.mapped) };
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
