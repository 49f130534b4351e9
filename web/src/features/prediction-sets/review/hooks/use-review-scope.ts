import type { PredictionSetDetail } from '@og/shared/contracts/predictions';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { notifyReview } from '../../../../lib/notify';
import type { ReviewScope } from '../../../../lib/prediction-sets/prediction-set-keys';
import { useUpdatePredictionSet } from '../../../../lib/prediction-sets/update-prediction-set';
import { reviewScopeOf } from '../review-scope';

/**
 * The threshold, filter and order the review works under (`reviewScopeOf`: the address's, so a
 * review can be shared and survives moving between entries, else the set's stored ones).
 * Changing one writes it to the address and stores it on the set (SPEC §7 PATCH), as the
 * datasets list's filter actions and /review's slider do.
 */
export function useReviewScope(detail: PredictionSetDetail | undefined) {
  const [params, setParams] = useSearchParams();
  const update = useUpdatePredictionSet();
  const set = detail?.predictionSet;

  const threshold = set?.threshold;
  const filter = set?.filter;
  const reviewOrder = set?.reviewOrder;
  const scope: ReviewScope = useMemo(
    () => reviewScopeOf(params, threshold === undefined || filter === undefined || reviewOrder === undefined ? undefined : { threshold, filter, reviewOrder }),
    [params, threshold, filter, reviewOrder],
  );

  const { mutate } = update;
  // Stored once the reviewer stops moving (a slider sends a change per key press; PATCHes must not overtake each other).
  const storeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(storeTimer.current), []);
  const changeScope = useCallback(
    (change: Partial<ReviewScope>) => {
      const next = { ...scope, ...change };
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('threshold', String(next.threshold));
          updated.set('filter', next.filter);
          updated.set('order', next.order);
          return updated;
        },
        { replace: true },
      );
      if (!set) return;
      window.clearTimeout(storeTimer.current);
      storeTimer.current = window.setTimeout(
        () =>
          mutate(
            { address: { setId: set.id, datasetId: set.dataset_id }, scope: next },
            { onError: (error) => notifyReview({ title: 'Could not store the review settings', message: error.message, color: 'red' }) },
          ),
        400,
      );
    },
    [scope, set, setParams, mutate],
  );

  /** The address's query, kept when moving from entry to entry. */
  const search = params.toString() ? `?${params.toString()}` : '';
  return { scope, changeScope, search };
}
