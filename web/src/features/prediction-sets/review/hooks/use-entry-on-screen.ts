import type { PredictionEntryAnswer } from '@og/shared/contracts/predictions';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { entryQueryOptions } from '../api/get-entry';
import { usePredictionSetDetail } from '../api/get-prediction-set-detail';
import { entryStringOf, type ReviewAddress } from '../review-address';
import { reviewScopeOf } from '../review-scope';

type Entry = PredictionEntryAnswer['predictionEntry'];

/** The address of the review on screen, read from the route (both review routes). */
export function useAddressOnScreen(): ReviewAddress {
  const { datasetID, predictionSetID, predictionSetSlug } = useParams();
  return useMemo(
    () => (datasetID && predictionSetID ? { setRef: predictionSetID, datasetId: datasetID } : { setRef: predictionSetSlug ?? '', datasetId: null }),
    [datasetID, predictionSetID, predictionSetSlug],
  );
}

/**
 * The entry the review shows, read from the address and the cache the screen fills (never
 * fetched here), for the parts of the screen that follow it on their own: the tree's search.
 * Undefined until the entry is read.
 */
export function useEntryOnScreen(): Entry | undefined {
  const { predictionString } = useParams();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const address = useAddressOnScreen();
  const string = entryStringOf(address, pathname, predictionString);
  const detail = usePredictionSetDetail(address.setRef).data;
  const set = detail?.predictionSet;
  const scope = reviewScopeOf(params, set);
  const entry = useQuery({ ...entryQueryOptions(set?.id ?? '', string, scope), enabled: false }).data?.predictionEntry;
  return entry && entry.string === string ? entry : undefined;
}
