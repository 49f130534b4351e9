import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { CodeRecord } from '@og/shared/contracts/schemes';
import { IconArrowMoveRight, IconHandFinger, IconLock } from '@tabler/icons-react';

interface MoveCodePanelProps {
  node: CodeRecord;
  /** The chosen new parent, or null while moving mode is off. */
  target: CodeRecord | null;
  canEdit: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** 'Move node': pick the new parent in the tree (click or drag), then confirm (SPEC §4 "Moving mode"). */
export function MoveCodePanel({ node, target, canEdit, pending, onCancel, onConfirm }: MoveCodePanelProps) {
  if (!canEdit) {
    return (
      <Alert variant="light" color="gray" icon={<IconLock size={18} />}>
        Only administrators can move codes.
      </Alert>
    );
  }

  if (!target) {
    return (
      <Alert variant="light" color="blue" icon={<IconHandFinger size={18} />} title="Choose the new parent" data-testid="move-instructions">
        Click the code in the tree that{' '}
        <Text span inherit fw={600} dir="auto">
          {node.name}
        </Text>{' '}
        should move under, or drag it there in the tree. Everything below it moves along.
      </Alert>
    );
  }

  const alreadyThere = node.parent === target.value;

  return (
    <Stack gap="md" data-testid="move-confirm">
      <Alert variant="light" color="yellow" icon={<IconArrowMoveRight size={18} />} title="Move node">
        <Text size="sm">
          Are you sure you want to move{' '}
          <Text span inherit fw={600} dir="auto" data-testid="move-node-name">
            {node.name}
          </Text>{' '}
          to{' '}
          <Text span inherit fw={600} dir="auto" data-testid="move-target-name">
            {target.name}
          </Text>
          ?
        </Text>
        {alreadyThere && (
          <Text size="sm" c="dimmed" mt="xs">
            It is already directly under that code.
          </Text>
        )}
      </Alert>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} data-testid="move-cancel">
          Cancel move
        </Button>
        <Button
          leftSection={<IconArrowMoveRight size={18} />}
          onClick={onConfirm}
          loading={pending}
          disabled={alreadyThere}
          data-testid="move-submit"
        >
          Move node
        </Button>
      </Group>
    </Stack>
  );
}
