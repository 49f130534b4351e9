import { useParams } from 'react-router';
import { ReviewScreen } from '../../../features/prediction-sets/review/components/review-screen';
import { useSchemeTreeQuery } from '../../../features/schemes/api/get-scheme-tree';
import { useSchemesQuery } from '../../../features/schemes/api/get-schemes';
import { useAuth } from '../../../features/auth/auth-context';
import { LoginRequiredNotice } from './login-required-notice';

/** `/review/:predictionSetSlug[/entries/:predictionString]` (SPEC §2: not guarded; the API needs a session). */
export function ReviewPage() {
  const { predictionSetSlug = '', predictionString } = useParams();
  const { user } = useAuth();
  const schemes = useSchemesQuery();
  if (!user) return <LoginRequiredNotice />;
  return (
    <ReviewScreen
      key={predictionSetSlug}
      address={{ setRef: predictionSetSlug, datasetId: null }}
      string={predictionString ?? null}
      schemes={schemes.data?.schemes ?? []}
      useSchemeTree={useSchemeTreeQuery}
    />
  );
}
