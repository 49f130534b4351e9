import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, noContent } from '../../../lib/api-client';
import { notifyAdmin } from '../../../lib/notify';
import { datasetApiPath, datasetKeys } from './dataset-keys';

/** `DELETE /api/datasets/{id}/collaborators/{userId}` (204). */
export function removeCollaborator(datasetId: string, userId: string): Promise<void> {
  return api.delete(`${datasetApiPath(datasetId)}/collaborators/${encodeURIComponent(userId)}`, noContent);
}

export function useRemoveCollaborator(datasetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeCollaborator(datasetId, userId),
    onError: (error) => notifyAdmin({ title: 'Collaborator not removed', message: error.message, color: 'red' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: datasetKeys.list() }),
  });
}
