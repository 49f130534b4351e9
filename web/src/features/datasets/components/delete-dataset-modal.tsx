import { Button, Modal, Stack, Text } from '@mantine/core';
import type { DatasetSummary } from '@og/shared/contracts/datasets';
import { IconTrash } from '@tabler/icons-react';
import { ModalActions } from '../../../components/modal-actions';
import { useDeleteDataset } from '../api/delete-dataset';

interface DeleteDatasetModalProps {
  dataset: DatasetSummary;
  opened: boolean;
  onClose: () => void;
}

/** 'Delete dataset', confirmed: the dataset goes with all its rows, for its collaborators too. */
export function DeleteDatasetModal({ dataset, opened, onClose }: DeleteDatasetModalProps) {
  const remove = useDeleteDataset();
  const rows = dataset.titleCount;
  return (
    <Modal opened={opened} onClose={onClose} title="Delete dataset" centered size="md">
      <Stack gap="md" data-testid="delete-dataset-modal">
        <Text size="sm">
          Delete{' '}
          <Text span inherit fw={700} dir="auto">
            {dataset.metadata.title}
          </Text>
          {rows !== null ? ` and its ${rows.toLocaleString('en')} ${rows === 1 ? 'title' : 'titles'}` : ''}?
          {dataset.state === 'ingesting' ? ' Reading its file stops.' : ''}
          {dataset.collaborators.length > 0 ? ' Its collaborators lose it too.' : ''} This can’t be undone.
        </Text>
        <ModalActions onCancel={onClose} cancelLabel="Keep it" cancelTestId="delete-dataset-cancel">
          <Button
            color="red"
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            onClick={() => remove.mutate(dataset, { onSuccess: onClose })}
            data-testid="delete-dataset-confirm"
          >
            Delete dataset
          </Button>
        </ModalActions>
      </Stack>
    </Modal>
  );
}
