import type { PredictionSetPatched } from '@og/shared/contracts/predictions';
import type { Queryable } from '../db/database.js';
import type { ReviewScope } from '../db/queries/prediction-entry-navigation.js';
import { countBelowThreshold } from '../db/queries/prediction-set-counts.js';
import { updateReviewSettings } from '../db/queries/prediction-sets.js';

/** Stores the threshold, filter and order a set's review starts from; answers the counts under the stored threshold. */
export async function saveReviewSettings(db: Queryable, scope: ReviewScope): Promise<PredictionSetPatched> {
  await updateReviewSettings(db, scope.setId, scope);
  return { filter: scope.filter, ...(await countBelowThreshold(db, scope.setId, scope.threshold)) };
}
