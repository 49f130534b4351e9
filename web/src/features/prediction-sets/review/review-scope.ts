import { defaultThreshold, predictionFilters, type PredictionSetDetail, reviewOrders } from '@og/shared/contracts/predictions';
import type { ReviewScope } from '../../../lib/prediction-sets/prediction-set-keys';

const oneOf = <T extends string>(options: readonly T[], value: string | null): T | undefined => (options as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

function thresholdFrom(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 && number <= 1 ? number : undefined;
}

/** What a set stores of its review. */
type StoredScope = Pick<PredictionSetDetail['predictionSet'], 'threshold' | 'filter' | 'reviewOrder'>;

/**
 * The threshold, filter and order a review works under: the address's (`?threshold=&filter=&order=`),
 * else the set's stored ones. A dataset's set whose stored order is the file's (the default) is
 * reviewed most frequent first unless the address says otherwise: those titles cover the
 * dataset's people fastest (issue 29).
 */
export function reviewScopeOf(params: Pick<URLSearchParams, 'get'>, set: StoredScope | undefined, hasDataset: boolean): ReviewScope {
  const storedOrder = set?.reviewOrder ?? 'file';
  return {
    threshold: thresholdFrom(params.get('threshold')) ?? set?.threshold ?? defaultThreshold,
    filter: oneOf(predictionFilters, params.get('filter')) ?? set?.filter ?? 'unmapped',
    order: oneOf(reviewOrders, params.get('order')) ?? (storedOrder === 'file' && hasDataset ? 'totals' : storedOrder),
  };
}
