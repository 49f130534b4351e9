import type { PredictionSetSummary } from '@og/shared/contracts/datasets';
import type { PredictionSetRecord } from '../db/queries/prediction-sets.js';

/** A prediction set as lists show it to `viewerId` (SPEC §3's fields first). */
export function presentPredictionSet(row: PredictionSetRecord, viewerId: string): PredictionSetSummary {
  return {
    id: row.id,
    dataset_id: row.dataset_id,
    slug: row.slug,
    table_name: row.name,
    threshold: row.threshold,
    filter: row.filter,
    total: Number(row.total),
    created_at: new Date(row.created_at).toISOString(),
    name: row.name,
    state: row.state,
    error: row.error,
    jobId: row.job_id,
    format: row.format,
    reviewOrder: row.review_order,
    isOwner: row.owner_id === viewerId,
  };
}
