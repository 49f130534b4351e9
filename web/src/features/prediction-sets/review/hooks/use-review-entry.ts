import type { PredictionEntryAnswer } from '@og/shared/contracts/predictions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { ReviewScope } from '../../../../lib/prediction-sets/prediction-set-keys';
import { predictionSetKeys } from '../../../../lib/prediction-sets/prediction-set-keys';
import { entryQueryOptions } from '../api/get-entry';
import { type ReviewAddress, reviewEntryPath } from '../review-address';

/**
 * The entry the address names, or with none the first under the scope, whose string then
 * replaces the address (SPEC §4). Its previous and next entries are read ahead, so moving, and
 * the move after a save, shows them at once.
 */
export function useReviewEntry(setId: string | undefined, string: string | null, scope: ReviewScope, address: ReviewAddress, search: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery({ ...entryQueryOptions(setId ?? '', string, scope), enabled: setId !== undefined });
  const entry: PredictionEntryAnswer | undefined = query.data;

  // Only an answer read now: a cached `_first` may name an entry that has been saved out of the scope since.
  const fresh = !query.isFetching;
  useEffect(() => {
    if (string !== null || !entry || !setId || !fresh) return;
    queryClient.setQueryData(predictionSetKeys.entry(setId, entry.predictionEntry.string, scope), entry);
    void navigate(`${reviewEntryPath(address, entry.predictionEntry.string)}${search}`, { replace: true });
  }, [string, entry, setId, fresh, scope, address, search, navigate, queryClient]);

  const next = entry?.predictionEntry.next ?? null;
  const prev = entry?.predictionEntry.prev ?? null;
  useEffect(() => {
    if (!setId) return;
    for (const neighbour of [next, prev]) {
      if (neighbour !== null) void queryClient.prefetchQuery(entryQueryOptions(setId, neighbour, scope));
    }
  }, [setId, next, prev, scope, queryClient]);

  return query;
}
