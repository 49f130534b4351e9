import type { PredictionSetCoverage } from '@og/shared/contracts/predictions';
import type { Queryable } from '../database.js';
import { findDatasetHeading } from './datasets.js';
import type { PredictionSetRow } from './prediction-sets.js';

/**
 * The review's 'Coverage': how many of the dataset's people have a mapped title. People are the
 * first totals column's sum when the dataset has totals columns, else its rows (`occurrences`);
 * a standalone set counts its entries. One pass over all of the set's entries, slow on a large
 * set, so the screen asks for it lazily, not with every entry.
 */
export async function setCoverage(db: Queryable, set: PredictionSetRow, threshold: number): Promise<PredictionSetCoverage> {
  const dataset = set.dataset_id ? await findDatasetHeading(db, set.dataset_id) : null;
  const column = dataset?.totalsColumns[0] ?? null;
  const basis: PredictionSetCoverage['basis'] = !set.dataset_id ? 'entries' : column ? 'totals' : 'occurrences';
  const weight = { entries: '1', totals: 'COALESCE(totals[1], 0)', occurrences: 'occurrences' }[basis];
  const result = await db.query<{ total: string | null; mapped: string | null; above: string | null }>(
    `SELECT sum(${weight}) AS total,
            sum(${weight}) FILTER (WHERE mapped) AS mapped,
            sum(${weight}) FILTER (WHERE NOT mapped AND best_conf >= $2::real) AS above
       FROM prediction_entries WHERE set_id = $1`,
    [set.id, threshold],
  );
  const row = result.rows[0]!;
  return { basis, column: basis === 'totals' ? column : null, total: Number(row.total ?? 0), mapped: Number(row.mapped ?? 0), aboveThreshold: Number(row.above ?? 0) };
}
