import { SecondOpinionScreen } from '../../../features/prediction-sets/second-opinions/components/second-opinion-screen';
import { DoubleCodingPage } from './double-coding-page';

/** `/review/:predictionSetSlug/second-opinions`: the entries offered for a second opinion, coded blind one by one. */
export function SecondOpinionsPage() {
  return (
    <DoubleCodingPage here="Second opinions">
      {({ detail, schemes }) => <SecondOpinionScreen key={detail.predictionSet.id} detail={detail} schemes={schemes} />}
    </DoubleCodingPage>
  );
}
