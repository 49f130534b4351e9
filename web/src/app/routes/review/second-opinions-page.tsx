import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useAuth } from '../../../features/auth/auth-context';
import { SecondOpinionScreen } from '../../../features/prediction-sets/second-opinions/components/second-opinion-screen';
import { SecondOpinionsHeader } from '../../../features/prediction-sets/second-opinions/components/second-opinions-header';
import { useLiveSecondOpinions } from '../../../features/prediction-sets/second-opinions/use-live-second-opinions';
import { useSchemesQuery } from '../../../lib/schemes/get-schemes';
import { DoubleCodingSet } from './double-coding-set';
import { LoginRequiredNotice } from './login-required-notice';

/** `/review/:predictionSetSlug/second-opinions`: the entries offered for a second opinion, coded blind one by one. */
export function SecondOpinionsPage() {
  const { predictionSetSlug = '' } = useParams();
  const { user } = useAuth();
  const schemes = useSchemesQuery();
  if (!user) return <LoginRequiredNotice />;
  return (
    <DoubleCodingSet setRef={predictionSetSlug}>
      {(detail) => (
        <Stack gap="md">
          <title>{`Second opinions · ${detail.predictionSet.name} · The Occupation Graph`}</title>
          <SecondOpinionsHeader
            detail={detail}
            here="Second opinions"
            other={{ label: 'Agreement report', to: `/review/${encodeURIComponent(predictionSetSlug)}/agreement`, testId: 'open-agreement' }}
          />
          <LiveSecondOpinions setId={detail.predictionSet.id} />
          <SecondOpinionScreen key={detail.predictionSet.id} detail={detail} schemes={schemes.data?.schemes ?? []} />
        </Stack>
      )}
    </DoubleCodingSet>
  );
}

/** Listens in the set's room while the page is open. */
function LiveSecondOpinions({ setId }: { setId: string }) {
  useLiveSecondOpinions(setId);
  return null;
}
