import { useParams } from 'react-router';
import { ReviewScreen } from '../../../features/prediction-sets/review/components/review-screen';
import { useSchemeTreeQuery } from '../../../features/schemes/api/get-scheme-tree';
import { useSchemesQuery } from '../../../features/schemes/api/get-schemes';

/** `/datasets/:datasetID/prediction-sets/:predictionSetID[/entries/:predictionString]`: the review of a dataset's set. */
export function DatasetReviewPage() {
  const { datasetID = '', predictionSetID = '', predictionString } = useParams();
  const schemes = useSchemesQuery();
  return (
    <ReviewScreen
      key={predictionSetID}
      address={{ setRef: predictionSetID, datasetId: datasetID }}
      string={predictionString ?? null}
      schemes={schemes.data?.schemes ?? []}
      useSchemeTree={useSchemeTreeQuery}
    />
  );
}
