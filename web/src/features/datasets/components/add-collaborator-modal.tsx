import { ActionIcon, Button, Group, List, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { addCollaboratorRequest, type DatasetSummary } from '@og/shared/contracts/datasets';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { notifyAdmin } from '../../../lib/notify';
import { useAddCollaborator } from '../api/add-collaborator';
import { useRemoveCollaborator } from '../api/remove-collaborator';
import { ModalActions } from '../../../components/modal-actions';

interface AddCollaboratorModalProps {
  dataset: DatasetSummary;
  opened: boolean;
  onClose: () => void;
}

/** 'Add collaborator': shares the dataset with another user by username (owner and admins only). */
export function AddCollaboratorModal({ dataset, opened, onClose }: AddCollaboratorModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add collaborator" centered size="md">
      {opened && <CollaboratorForm dataset={dataset} onClose={onClose} />}
    </Modal>
  );
}

function CollaboratorForm({ dataset, onClose }: Omit<AddCollaboratorModalProps, 'opened'>) {
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddCollaborator(dataset.id);
  const remove = useRemoveCollaborator(dataset.id);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = addCollaboratorRequest.safeParse({ username });
    if (!parsed.success) {
      setError('Enter the username of the person to share with.');
      return;
    }
    setError(null);
    add.mutate(parsed.data, {
      onSuccess: () => {
        notifyAdmin({ message: `${parsed.data.username} can now see ${dataset.metadata.title}`, color: 'teal' });
        onClose();
      },
      onError: (failure) => setError(failure.message),
    });
  }

  return (
    <form onSubmit={submit} noValidate data-testid="collaborator-modal">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          A collaborator sees{' '}
          <Text span inherit fw={600} c="var(--mantine-color-text)" dir="auto">
            {dataset.metadata.title}
          </Text>{' '}
          in their datasets list and can review it; only you and administrators can delete it or share it further.
        </Text>
        <TextInput
          label="Username"
          placeholder="Their login name"
          autoComplete="off"
          data-autofocus
          value={username}
          onChange={(event) => {
            setUsername(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-testid="collaborator-username"
        />
        {dataset.collaborators.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Shared with
            </Text>
            <List size="sm" spacing={4} listStyleType="none" data-testid="collaborator-list">
              {dataset.collaborators.map((collaborator) => (
                <List.Item key={collaborator.id}>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm">
                      {collaborator.name}{' '}
                      <Text span inherit c="dimmed">
                        ({collaborator.username})
                      </Text>
                    </Text>
                    <Tooltip label={`Stop sharing with ${collaborator.username}`}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="sm"
                        aria-label={`Stop sharing with ${collaborator.username}`}
                        loading={remove.isPending && remove.variables === collaborator.id}
                        onClick={() => remove.mutate(collaborator.id)}
                      >
                        <IconUserMinus size={14} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        <ModalActions onCancel={onClose}>
          <Button type="submit" leftSection={<IconUserPlus size={16} />} loading={add.isPending} data-testid="collaborator-submit">
            Add collaborator
          </Button>
        </ModalActions>
      </Stack>
    </form>
  );
}
