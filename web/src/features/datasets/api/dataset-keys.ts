import { sharedQueryKeys } from '../../../lib/query-keys';

/** Query keys of the datasets resource. */
export const datasetKeys = {
  list: () => sharedQueryKeys.datasetsList,
  limits: () => ['datasets', 'limits'] as const,
  languages: () => ['datasets', 'languages'] as const,
  /** The weighting a new conversion of a dataset (or of one of its prediction sets) into a scheme gets by default. */
  conversionWeighting: (datasetId: string, targetScheme: string, predictionSetId: string | null) => ['datasets', datasetId, 'conversion-weighting', targetScheme, predictionSetId] as const,
};

/** `/api/datasets/{id}` with the id encoded. */
export function datasetApiPath(datasetId: string): string {
  return `/api/datasets/${encodeURIComponent(datasetId)}`;
}
