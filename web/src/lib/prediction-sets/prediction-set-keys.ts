import type { PredictionFilter, ReviewOrder } from '@og/shared/contracts/predictions';
import { sharedQueryKeys } from '../query-keys';

/** Where the review stands in a set: the threshold, filter and order its reads are asked under. */
export interface ReviewScope {
  threshold: number;
  filter: PredictionFilter;
  order: ReviewOrder;
}

/**
 * Query keys of prediction sets and their review. Everything of one set sits under
 * `['prediction-sets', id]`, so one invalidation reads all of it again.
 */
export const predictionSetKeys = {
  all: () => ['prediction-sets'] as const,
  list: () => ['prediction-sets', 'list'] as const,
  set: (setId: string) => ['prediction-sets', setId] as const,
  /** The set's counts under every threshold. */
  allCounts: (setId: string) => ['prediction-sets', setId, 'counts'] as const,
  counts: (setId: string, threshold: number) => [...predictionSetKeys.allCounts(setId), threshold] as const,
  coverage: (setId: string) => ['prediction-sets', setId, 'coverage'] as const,
  entries: (setId: string) => ['prediction-sets', setId, 'entries'] as const,
  /** Every cached read of one entry, under any scope. */
  entryReads: (setId: string, string: string) => [...predictionSetKeys.entries(setId), string] as const,
  entry: (setId: string, string: string | null, scope: ReviewScope) => [...predictionSetKeys.entryReads(setId, string ?? '_first'), scope] as const,
  search: (setId: string, q: string, scope: ReviewScope) => ['prediction-sets', setId, 'search', q, scope] as const,
};

/** The lists a set is shown in: the /review list, and a dataset's set in the datasets list too. */
export function listKeysOfSet(datasetId: string | null) {
  return datasetId ? [sharedQueryKeys.datasetsList, predictionSetKeys.list()] : [predictionSetKeys.list()];
}

/** `/api/prediction-sets/{id}` with the id (or slug) encoded. */
export function predictionSetApiPath(setIdOrSlug: string): string {
  return `/api/prediction-sets/${encodeURIComponent(setIdOrSlug)}`;
}

/** The query string of a review read: `?threshold=&filter=&order=`. */
export function scopeQuery(scope: Partial<ReviewScope>): string {
  const params = new URLSearchParams();
  if (scope.threshold !== undefined) params.set('threshold', String(scope.threshold));
  if (scope.filter) params.set('filter', scope.filter);
  if (scope.order) params.set('order', scope.order);
  const text = params.toString();
  return text ? `?${text}` : '';
}
