import { AgreementReportView } from '../../../features/prediction-sets/second-opinions/components/agreement-report-view';
import { DoubleCodingPage } from './double-coding-page';

/** `/review/:predictionSetSlug/agreement`: how well two reviewers agree, and the disagreements to decide. */
export function AgreementPage() {
  return <DoubleCodingPage here="Agreement">{({ detail, schemes, username }) => <AgreementReportView detail={detail} schemes={schemes} me={username} />}</DoubleCodingPage>;
}
