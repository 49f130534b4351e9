import { useParams } from 'react-router';
import { Page } from '../../../components/page';
import { RouteParams } from '../../../components/route-params';

/** `/review/:predictionSetSlug[/entries/:predictionString]`. */
export function ReviewPage() {
  const { predictionSetSlug, predictionString } = useParams();
  return (
    <Page title="Review">
      <RouteParams params={{ 'Prediction set': predictionSetSlug, Entry: predictionString }} />
    </Page>
  );
}
