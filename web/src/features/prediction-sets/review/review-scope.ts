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
 * else the set's stored ones (a dataset's set is stored most frequent first when it is made: those
 * titles cover the dataset's people fastest, issue 29).
 */
export function reviewScopeOf(params: Pick<URLSearchParams, 'get'>, set: StoredScope | undefined): ReviewScope {
  return {
    threshold: thresholdFrom(params.get('threshold')) ?? set?.threshold ?? defaultThreshold,
    filter: oneOf(predictionFilters, params.get('filter')) ?? set?.filter ?? 'unmapped',
    order: oneOf(reviewOrders, params.get('order')) ?? set?.reviewOrder ?? 'file',
  };
}
