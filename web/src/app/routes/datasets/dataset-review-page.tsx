import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { entryStringOf } from '../../../features/prediction-sets/review/review-address';
import { ReviewScreen } from '../../../features/prediction-sets/review/components/review-screen';
import { useSchemesQuery } from '../../../lib/schemes/get-schemes';

/** `/datasets/:datasetID/prediction-sets/:predictionSetID[/entries/:predictionString]`: the review of a dataset's set. */
export function DatasetReviewPage() {
  const { datasetID = '', predictionSetID = '', predictionString } = useParams();
  const schemes = useSchemesQuery();
  const { pathname } = useLocation();
  const address = useMemo(() => ({ setRef: predictionSetID, datasetId: datasetID }), [predictionSetID, datasetID]);
  return (
    <ReviewScreen
      key={predictionSetID}
      address={address}
      string={entryStringOf(address, pathname, predictionString)}
      schemes={schemes.data?.schemes ?? []}
    />
  );
}
