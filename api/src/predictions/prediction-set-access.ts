import { AppError } from '@og/shared/errors/app-error';
import type { Queryable } from '../db/database.js';
import type { DatasetViewer } from '../db/queries/datasets.js';
import type { PredictionSetRow } from '../db/queries/prediction-sets.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who may see a set: a standalone set is its uploader's (admins see every set); a dataset's set
 * follows the dataset (its owner, its collaborators, admins). $1 the viewer's id, $2 true for an admin.
 */
const visibleTo = /* sql */ `
  ($2::boolean OR (s.dataset_id IS NULL AND s.owner_id = $1)
   OR EXISTS (SELECT 1 FROM datasets d WHERE d.id = s.dataset_id
               AND (d.owner_id = $1 OR EXISTS (SELECT 1 FROM dataset_collaborators c WHERE c.dataset_id = d.id AND c.user_id = $1))))`;

/** The set named by its id or its slug, if the viewer may see it; otherwise a 404 (ids do not leak). */
export async function findVisiblePredictionSetOr404(db: Queryable, idOrSlug: string | undefined, viewer: DatasetViewer): Promise<PredictionSetRow> {
  const column = idOrSlug && uuidPattern.test(idOrSlug) ? 's.id' : 's.slug';
  const row = idOrSlug
    ? (await db.query<PredictionSetRow>(`SELECT s.* FROM prediction_sets s WHERE ${column} = $3 AND ${visibleTo}`, [viewer.id, viewer.role === 'admin', idOrSlug])).rows[0]
    : undefined;
  if (!row) throw new AppError('not_found', 'No such prediction set.');
  return row;
}

/** The viewer's sets: standalone ones (`/review`), newest first. */
export async function listVisibleStandaloneSets(db: Queryable, viewer: DatasetViewer): Promise<PredictionSetRow[]> {
  return (
    await db.query<PredictionSetRow>(`SELECT s.* FROM prediction_sets s WHERE s.dataset_id IS NULL AND ${visibleTo} ORDER BY s.created_at DESC`, [
      viewer.id,
      viewer.role === 'admin',
    ])
  ).rows;
}

/** A set's entries can be read once its import is done; before that (or after it failed) 409, saying which. */
export function requireReadySet(set: PredictionSetRow): void {
  if (set.state === 'ready') return;
  const message = set.state === 'importing' ? 'The prediction set is still being imported.' : `The prediction set could not be imported: ${set.error ?? 'unknown error'}`;
  throw new AppError('conflict', message, { state: set.state, error: set.error });
}
