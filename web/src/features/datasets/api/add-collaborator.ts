import { type AddCollaboratorRequest, type DatasetList, type DatasetSummary, datasetSummary } from '@og/shared/contracts/datasets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { datasetApiPath, datasetKeys } from './dataset-keys';

/** `POST /api/datasets/{id}/collaborators` {username}: shares the dataset; answers the dataset as it now is. */
export function addCollaborator(datasetId: string, request: AddCollaboratorRequest): Promise<DatasetSummary> {
  return api.post(`${datasetApiPath(datasetId)}/collaborators`, request, datasetSummary);
}

/** Errors are left to the form, which shows them under the field. */
export function useAddCollaborator(datasetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AddCollaboratorRequest) => addCollaborator(datasetId, request),
    // The answer is the dataset as it now is: it replaces its row, no need to read the whole list again.
    onSuccess: (dataset) =>
      queryClient.setQueryData<DatasetList>(datasetKeys.list(), (list) => list && { ...list, datasets: list.datasets.map((row) => (row.id === dataset.id ? dataset : row)) }),
  });
}
