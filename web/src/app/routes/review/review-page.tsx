import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { entryStringOf } from '../../../features/prediction-sets/review/review-address';
import { ReviewScreen } from '../../../features/prediction-sets/review/components/review-screen';
import { useSchemesQuery } from '../../../lib/schemes/get-schemes';
import { useAuth } from '../../../features/auth/auth-context';
import { LoginRequiredNotice } from './login-required-notice';

/** `/review/:predictionSetSlug[/entries/:predictionString]` (SPEC §2: not guarded; the API needs a session). */
export function ReviewPage() {
  const { predictionSetSlug = '', predictionString } = useParams();
  const { user } = useAuth();
  const schemes = useSchemesQuery();
  const { pathname } = useLocation();
  const address = useMemo(() => ({ setRef: predictionSetSlug, datasetId: null }), [predictionSetSlug]);
  if (!user) return <LoginRequiredNotice />;
  return (
    <ReviewScreen
      key={predictionSetSlug}
      address={address}
      string={entryStringOf(address, pathname, predictionString)}
      schemes={schemes.data?.schemes ?? []}
    />
  );
}
