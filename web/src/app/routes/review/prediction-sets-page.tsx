import { Page } from '../../../components/page';

/** `/review`: upload a prediction set and list prediction sets. */
export function PredictionSetsPage() {
  return <Page title="Review" />;
}
