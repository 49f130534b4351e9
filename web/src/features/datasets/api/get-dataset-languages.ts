import { datasetLanguages, type DatasetLanguages } from '@og/shared/contracts/datasets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { datasetKeys } from './dataset-keys';

/** `GET /api/datasets/languages`: the languages of the coded titles the server ships, which the wizard offers first. */
export async function fetchDatasetLanguages(signal?: AbortSignal): Promise<DatasetLanguages> {
  return api.get('/api/datasets/languages', datasetLanguages, { signal });
}

export function useDatasetLanguagesQuery() {
  return useQuery(
    queryOptions({
      queryKey: datasetKeys.languages(),
      queryFn: ({ signal }) => fetchDatasetLanguages(signal),
      // The shipped data changes with a deployment: read once per page load.
      staleTime: Infinity,
    }),
  );
}
