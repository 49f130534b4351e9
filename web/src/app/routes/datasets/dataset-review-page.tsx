import { useParams } from 'react-router';
import { Page } from '../../../components/page';
import { RouteParams } from '../../../components/route-params';

/** `/datasets/:datasetID/prediction-sets/:predictionSetID[/entries/:predictionString]`. */
export function DatasetReviewPage() {
  const { datasetID, predictionSetID, predictionString } = useParams();
  return (
    <Page title="Review">
      <RouteParams params={{ Dataset: datasetID, 'Prediction set': predictionSetID, Entry: predictionString }} />
    </Page>
  );
}
