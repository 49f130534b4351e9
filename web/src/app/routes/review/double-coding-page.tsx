import { Stack } from '@mantine/core';
import type { PredictionSetDetail } from '@og/shared/contracts/predictions';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { SchemeOption } from '../../../components/scheme-select';
import { useAuth } from '../../../features/auth/auth-context';
import { SecondOpinionsHeader } from '../../../features/prediction-sets/second-opinions/components/second-opinions-header';
import { useLiveSecondOpinions } from '../../../features/prediction-sets/second-opinions/use-live-second-opinions';
import { useSchemesQuery } from '../../../lib/schemes/get-schemes';
import { DoubleCodingSet } from './double-coding-set';
import { LoginRequiredNotice } from './login-required-notice';

/** The two double-coding pages, each linking to the other. */
const pages = {
  'Second opinions': { other: { label: 'Agreement report', path: 'agreement', testId: 'open-agreement' } },
  Agreement: { other: { label: 'Give second opinions', path: 'second-opinions', testId: 'open-second-opinions' } },
} as const;

interface DoubleCodingPageProps {
  here: keyof typeof pages;
  children: (page: { detail: PredictionSetDetail; schemes: readonly SchemeOption[]; username: string }) => ReactNode;
}

/**
 * `/review/:predictionSetSlug/{second-opinions | agreement}`: for a logged-in viewer, the set read
 * (404 and sets not ready say so), the page's title and header, the set's room followed while it
 * is open, and the page's own part.
 */
export function DoubleCodingPage({ here, children }: DoubleCodingPageProps) {
  const { predictionSetSlug = '' } = useParams();
  const { user } = useAuth();
  const schemes = useSchemesQuery();
  if (!user) return <LoginRequiredNotice />;
  const { other } = pages[here];
  return (
    <DoubleCodingSet setRef={predictionSetSlug}>
      {(detail) => (
        <Stack gap="md">
          <title>{`${here} · ${detail.predictionSet.name} · The Occupation Graph`}</title>
          <SecondOpinionsHeader detail={detail} here={here} other={{ label: other.label, to: `/review/${encodeURIComponent(predictionSetSlug)}/${other.path}`, testId: other.testId }} />
          <LiveSecondOpinions setId={detail.predictionSet.id} />
          {children({ detail, schemes: schemes.data?.schemes ?? [], username: user.username })}
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
