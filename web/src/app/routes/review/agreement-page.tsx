import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useAuth } from '../../../features/auth/auth-context';
import { AgreementReportView } from '../../../features/prediction-sets/second-opinions/components/agreement-report-view';
import { SecondOpinionsHeader } from '../../../features/prediction-sets/second-opinions/components/second-opinions-header';
import { useLiveSecondOpinions } from '../../../features/prediction-sets/second-opinions/use-live-second-opinions';
import { useSchemesQuery } from '../../../lib/schemes/get-schemes';
import { DoubleCodingSet } from './double-coding-set';
import { LoginRequiredNotice } from './login-required-notice';

/** `/review/:predictionSetSlug/agreement`: how well two reviewers agree, and the disagreements to decide. */
export function AgreementPage() {
  const { predictionSetSlug = '' } = useParams();
  const { user } = useAuth();
  const schemes = useSchemesQuery();
  if (!user) return <LoginRequiredNotice />;
  return (
    <DoubleCodingSet setRef={predictionSetSlug}>
      {(detail) => (
        <Stack gap="md">
          <title>{`Agreement · ${detail.predictionSet.name} · The Occupation Graph`}</title>
          <SecondOpinionsHeader
            detail={detail}
            here="Agreement"
            other={{ label: 'Give second opinions', to: `/review/${encodeURIComponent(predictionSetSlug)}/second-opinions`, testId: 'open-second-opinions' }}
          />
          <LiveAgreement setId={detail.predictionSet.id} />
          <AgreementReportView detail={detail} schemes={schemes.data?.schemes ?? []} me={user.username} />
        </Stack>
      )}
    </DoubleCodingSet>
  );
}

function LiveAgreement({ setId }: { setId: string }) {
  useLiveSecondOpinions(setId);
  return null;
}
