import { sharedQueryKeys } from '../../../lib/query-keys';

/** Query keys of the datasets resource. */
export const datasetKeys = {
  list: () => sharedQueryKeys.datasetsList,
  limits: () => ['datasets', 'limits'] as const,
};

/** `/api/datasets/{id}` with the id encoded. */
export function datasetApiPath(datasetId: string): string {
  return `/api/datasets/${encodeURIComponent(datasetId)}`;
}
