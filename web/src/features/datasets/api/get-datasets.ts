import { datasetList, type DatasetList } from '@og/shared/contracts/datasets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { datasetKeys } from './dataset-keys';

/** While a dataset is being ingested the list is read again this often, in case live events are missed. */
const ingestingRefetchMs = 15_000;

/** `GET /api/datasets`: the user's own and shared datasets (admins: all), newest first, with their ingest state. */
export function fetchDatasets(signal?: AbortSignal): Promise<DatasetList> {
  return api.get('/api/datasets', datasetList, { signal });
}

export function datasetsQueryOptions() {
  return queryOptions({
    queryKey: datasetKeys.list(),
    queryFn: ({ signal }) => fetchDatasets(signal),
    refetchInterval: (query) =>
      query.state.data?.datasets.some((dataset) => dataset.state === 'ingesting') ? ingestingRefetchMs : false,
  });
}

export function useDatasetsQuery() {
  return useQuery(datasetsQueryOptions());
}
