import type { PredictionEntryAnswer } from '@og/shared/contracts/predictions';
import { useQueryClient } from '@tanstack/react-query';
import { useLivePredictionSet } from '../../../lib/prediction-sets/use-live-prediction-set';
import { secondOpinionKeys } from './api/second-opinions';

/**
 * Double coding, live over the set's socket room: any change reads the counts and the report
 * again; the entry being coded is read again only when it is the one that changed (someone else
 * answered it) or when nothing was left (the owner may have offered more).
 */
export function useLiveSecondOpinions(setId: string): void {
  const queryClient = useQueryClient();
  useLivePredictionSet(setId, (change) => {
    void queryClient.invalidateQueries({ queryKey: secondOpinionKeys.counts(setId) });
    void queryClient.invalidateQueries({ queryKey: secondOpinionKeys.agreement(setId) });
    const next = queryClient.getQueryData<PredictionEntryAnswer | null>(secondOpinionKeys.next(setId));
    if (next === null || (next && change.strings.includes(next.predictionEntry.string))) void queryClient.invalidateQueries({ queryKey: secondOpinionKeys.next(setId) });
  });
}
