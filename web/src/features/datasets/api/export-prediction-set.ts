import type { PredictionExportFormat } from '@og/shared/contracts/predictions';
import { predictionSetApiPath } from '../../../lib/prediction-sets/prediction-set-keys';
import { datasetApiPath } from './dataset-keys';

/** The datasets list's Export menus (SPEC §2): a set's file, downloaded by the browser from this address. */
export function predictionSetExportUrl(setId: string, format: PredictionExportFormat): string {
  return `${predictionSetApiPath(setId)}/export?format=${format}`;
}

/** A dataset's export: every ready set of it. */
export function datasetExportUrl(datasetId: string, format: PredictionExportFormat): string {
  return `${datasetApiPath(datasetId)}/export?format=${format}`;
}
