import { datasetLimits, type DatasetLimits } from '@og/shared/contracts/datasets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { datasetKeys } from './dataset-keys';

/** `GET /api/datasets/limits`: the largest file an upload may send (the server's DATASET_FILE_LIMIT). */
export async function fetchDatasetLimits(signal?: AbortSignal): Promise<DatasetLimits> {
  return api.get('/api/datasets/limits', datasetLimits, { signal });
}

export function datasetLimitsQueryOptions() {
  return queryOptions({
    queryKey: datasetKeys.limits(),
    queryFn: ({ signal }) => fetchDatasetLimits(signal),
    // Set when the server starts: read once per page load.
    staleTime: Infinity,
  });
}

export function useDatasetLimitsQuery() {
  return useQuery(datasetLimitsQueryOptions());
}
