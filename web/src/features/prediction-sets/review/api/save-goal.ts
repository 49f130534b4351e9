import type { PredictionSetDetail } from '@og/shared/contracts/predictions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../../lib/api-client';
import { predictionSetApiPath, predictionSetKeys } from '../../../../lib/prediction-sets/prediction-set-keys';

/** `PUT /api/prediction-sets/{id}/goal {goal}` (issue 29): the share of people the review stops at, or null for none. */
export function saveGoal(setId: string, goal: number | null): Promise<{ goal: number | null }> {
  return api.put(`${predictionSetApiPath(setId)}/goal`, { goal }, z.object({ goal: z.number().nullable() }));
}

/** Stores the goal and writes it into the summary the screen holds (by the set's reference in the address). */
export function useSaveGoal(setId: string, setRef: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (goal: number | null) => saveGoal(setId, goal),
    onSuccess: ({ goal }) => {
      queryClient.setQueryData<PredictionSetDetail>([...predictionSetKeys.set(setRef), 'detail'], (current) => (current ? { ...current, goal } : current));
    },
  });
}
