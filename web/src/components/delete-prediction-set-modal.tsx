import { Button, Modal, Stack, Text } from '@mantine/core';
import type { PredictionSetSummary } from '@og/shared/contracts/datasets';
import { IconTrash } from '@tabler/icons-react';
import { ModalActions } from './modal-actions';
import { notifyAdmin } from '../lib/notify';
import { useDeletePredictionSet } from '../lib/prediction-sets/delete-prediction-set';

interface DeletePredictionSetModalProps {
  predictionSet: Pick<PredictionSetSummary, 'id' | 'name' | 'total'>;
  opened: boolean;
  onClose: () => void;
  /** Called once the set is gone (a page showing it moves away). */
  onDeleted?: () => void;
}

/** 'Delete prediction set', confirmed (SPEC shows it disabled; ours works for the owner and admins). */
export function DeletePredictionSetModal({ predictionSet, opened, onClose, onDeleted }: DeletePredictionSetModalProps) {
  const remove = useDeletePredictionSet();
  const total = predictionSet.total;
  const confirm = () =>
    remove.mutate(predictionSet.id, {
      onSuccess: () => {
        notifyAdmin({ message: `Prediction set ${predictionSet.name} deleted`, color: 'teal' });
        onClose();
        onDeleted?.();
      },
      onError: (error) => notifyAdmin({ title: 'Prediction set not deleted', message: error.message, color: 'red' }),
    });
  return (
    <Modal opened={opened} onClose={onClose} title="Delete prediction set" centered size="md">
      <Stack gap="md" data-testid="delete-prediction-set-modal">
        <Text size="sm">
          Delete{' '}
          <Text span inherit fw={700} dir="auto">
            {predictionSet.name}
          </Text>
          {total > 0 ? ` and its ${total.toLocaleString('en')} ${total === 1 ? 'entry' : 'entries'}` : ''}, with every mapping reviewers saved in it? This can’t be
          undone.
        </Text>
        <ModalActions onCancel={onClose} cancelLabel="Keep it" cancelTestId="delete-prediction-set-cancel">
          <Button color="red" leftSection={<IconTrash size={16} />} loading={remove.isPending} onClick={confirm} data-testid="delete-prediction-set-confirm">
            Delete prediction set
          </Button>
        </ModalActions>
      </Stack>
    </Modal>
  );
}
