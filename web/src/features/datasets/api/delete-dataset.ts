import type { DatasetSummary } from '@og/shared/contracts/datasets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, noContent } from '../../../lib/api-client';
import { notifyAdmin } from '../../../lib/notify';
import { datasetApiPath, datasetKeys } from './dataset-keys';

/** `DELETE /api/datasets/{id}` (204): the dataset, its rows and its upload (owner or admin only). */
export function deleteDataset(datasetId: string): Promise<void> {
  return api.delete(datasetApiPath(datasetId), noContent);
}

export function useDeleteDataset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dataset: DatasetSummary) => deleteDataset(dataset.id),
    onSuccess: (_result, dataset) => notifyAdmin({ message: `Dataset ${dataset.metadata.title} deleted`, color: 'teal' }),
    onError: (error) => notifyAdmin({ title: 'Dataset not deleted', message: error.message, color: 'red' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: datasetKeys.list() }),
  });
}
