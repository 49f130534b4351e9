import type { DatasetSummary, DatasetTitle } from '@og/shared/contracts/datasets';
import type { PredictionSetCount } from '@og/shared/contracts/predictions';
import type { DatasetListRow, DatasetTitleRow } from '../db/queries/datasets.js';
import { presentPredictionSet } from '../predictions/prediction-set-presenter.js';

/**
 * A dataset as `GET /api/datasets` and `GET /api/datasets/{id}` show it to `viewerId`, each ready
 * set with its progress from `counts` (under the set's own threshold, by set id).
 */
export function presentDataset(row: DatasetListRow, viewerId: string, counts: ReadonlyMap<string, PredictionSetCount>): DatasetSummary {
  return {
    id: row.id,
    metadata: row.metadata,
    created_at: row.created_at.toISOString(),
    prediction_sets: row.prediction_sets.map((set) => presentPredictionSet(set, viewerId, progressOf(counts.get(set.id)))),
    owner: { id: row.owner_id, username: row.owner_username, name: row.owner_name },
    isOwner: row.owner_id === viewerId,
    collaborators: row.collaborators,
    state: row.state,
    error: row.error,
    rowCount: row.row_count,
    titleCount: row.title_count,
    byteSize: row.byte_size,
    ingest: { jobId: row.job_id, jobState: row.job_state, progress: row.job_progress },
  };
}

const progressOf = (counts: PredictionSetCount | undefined) => (counts ? { belowThreshold: counts.totalBelowThreshold, mapped: counts.mappedCount } : null);

export function presentDatasetTitle(row: DatasetTitleRow): DatasetTitle {
  return { title: row.title, code: row.code, totals: row.totals, occurrences: row.occurrences };
}
