import { Alert, Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconUsersPlus } from '@tabler/icons-react';
import { predictionSetDetailQueryOptions } from '../../review/api/get-prediction-set-detail';
import type { useOfferSampleSecondOpinions } from '../api/second-opinions';

type SampleOffer = ReturnType<typeof useOfferSampleSecondOpinions>;

/**
 * Whether the viewer owns the set, and so may ask for second opinions on it (an administrator may
 * too, through the API or /review's row actions; the server checks either way).
 */
export function useMayAskSecondOpinions(setId: string, enabled: boolean): boolean {
  const detail = useQuery({ ...predictionSetDetailQueryOptions(setId), enabled });
  return detail.data?.predictionSet.isOwner === true;
}

/** 'Ask a second opinion on this sample': the audit's entries offered to a second reviewer, who codes them blind. */
export function AskSampleSecondOpinionButton({ auditId, offer }: { auditId: string; offer: SampleOffer }) {
  return (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={<IconUsersPlus size={14} />}
      loading={offer.isPending && offer.variables === auditId}
      disabled={offer.isPending}
      onClick={() => offer.mutate(auditId)}
      data-testid="audit-ask-second-opinion"
    >
      Ask a second opinion on this sample
    </Button>
  );
}

/** What asking did: how many of the sample's entries were offered, and why the others were not. */
export function SampleSecondOpinionsNotice({ offer }: { offer: SampleOffer }) {
  if (offer.isError) {
    return (
      <Alert color="red" title="Nothing offered" data-testid="audit-second-opinion-offered">
        {offer.error.message}
      </Alert>
    );
  }
  if (!offer.data) return null;
  const { sample, offered } = offer.data;
  const words =
    offered === 0
      ? `None of the sample’s ${sample} entries was offered: each is unmapped, mapped in bulk, or offered already.`
      : `${offered} of the sample’s ${sample} entries ${offered === 1 ? 'was' : 'were'} offered for a second opinion${offered < sample ? '; the others are unmapped, mapped in bulk, or offered already' : ''}.`;
  return (
    <Alert color={offered === 0 ? 'yellow' : 'teal'} data-testid="audit-second-opinion-offered">
      {words}
    </Alert>
  );
}
