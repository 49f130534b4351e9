import { Alert, Button, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ModalActions } from '../../../../components/modal-actions';
import { useOfferSecondOpinions } from '../api/second-opinions';

interface OfferSecondOpinionsModalProps {
  set: { id: string; name: string };
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Second opinions…' (the set's owner or an administrator): a share of the entries a reviewer
 * mapped, drawn at random, is offered to a second reviewer, who codes them blind.
 */
export function OfferSecondOpinionsModal({ set, opened, onClose }: OfferSecondOpinionsModalProps) {
  const [percent, setPercent] = useState<number | string>(10);
  const offer = useOfferSecondOpinions(set.id);
  const share = typeof percent === 'number' ? percent / 100 : Number.NaN;
  const valid = share > 0 && share <= 1;
  const close = () => {
    offer.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Second opinions" centered size="md">
      <Stack gap="md" data-testid="offer-second-opinions-modal">
        <Text size="sm">
          Offer a share of the entries mapped in{' '}
          <Text span inherit fw={700} dir="auto">
            {set.name}
          </Text>{' '}
          to a second reviewer. They code them blind, without the first mapping; the agreement report then compares the two.
        </Text>
        <NumberInput
          label="A share of the mapped entries"
          description="Drawn at random among the entries a reviewer mapped and not offered yet"
          value={percent}
          onChange={setPercent}
          min={1}
          max={100}
          suffix="%"
          allowDecimal={false}
          data-testid="second-opinions-share"
        />
        {offer.data && (
          <Alert color="teal" data-testid="second-opinions-offered">
            {offer.data.entries === 0
              ? 'No entry was offered: every mapped entry is offered already, or none is mapped by a reviewer.'
              : `${offer.data.entries.toLocaleString('en')} ${offer.data.entries === 1 ? 'entry was' : 'entries were'} offered for a second opinion.`}
          </Alert>
        )}
        {offer.isError && (
          <Alert color="red" title="Nothing offered">
            {offer.error.message}
          </Alert>
        )}
        <ModalActions onCancel={close} cancelLabel={offer.data ? 'Close' : 'Cancel'}>
          <Button onClick={() => offer.mutate(share)} loading={offer.isPending} disabled={!valid} data-testid="second-opinions-offer">
            Offer
          </Button>
        </ModalActions>
      </Stack>
    </Modal>
  );
}
