import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import type { CodeRecord } from '@og/shared/contracts/schemes';
import { IconAlertTriangle, IconLock, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

interface DeleteCodePanelProps {
  record: CodeRecord;
  childCount: number;
  linkCount: number;
  canEdit: boolean;
  pending: boolean;
  onDelete: () => void;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Why a code can't be deleted (SPEC §5): it has children, or links. */
export function deleteRefusalReasons(record: CodeRecord, childCount: number, linkCount: number): string[] {
  const reasons: string[] = [];
  if (childCount > 0) reasons.push(`"${record.name}" has ${count(childCount, 'child', 'children')}`);
  if (linkCount > 0) reasons.push(`"${record.name}" has ${count(linkCount, 'link', 'links')}`);
  return reasons;
}

/** 'Delete node': only a code with no children and no links, and never a root, with a confirmation. */
export function DeleteCodePanel({ record, childCount, linkCount, canEdit, pending, onDelete }: DeleteCodePanelProps) {
  const [confirming, setConfirming] = useState(false);
  const reasons = deleteRefusalReasons(record, childCount, linkCount);
  const isRoot = record.parent === undefined;
  const allowed = canEdit && reasons.length === 0 && !isRoot;

  return (
    <Stack gap="md">
      {!canEdit && (
        <Alert variant="light" color="gray" icon={<IconLock size={18} />}>
          Only administrators can delete codes.
        </Alert>
      )}
      {reasons.length > 0 && (
        <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} />} title="This node can't be deleted, because:" data-testid="delete-reasons">
          <List size="sm" spacing={4}>
            {reasons.map((reason) => (
              <List.Item key={reason} dir="auto">
                {reason}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {isRoot && (
        <Text size="sm" c="dimmed" data-testid="delete-root-note">
          This is a top-level code of the scheme; top-level codes can't be deleted here.
        </Text>
      )}
      {allowed && (
        <Text size="sm" c="dimmed">
          Deleting removes{' '}
          <Text span inherit fw={600} c="var(--mantine-color-text)" dir="auto">
            {record.name}
          </Text>{' '}
          ({record.label}) from the scheme. This can't be undone.
        </Text>
      )}

      {confirming && allowed ? (
        <Alert variant="light" color="red" icon={<IconTrash size={18} />} title="Delete this code?" data-testid="delete-confirm-panel">
          <Stack gap="sm">
            <Text size="sm">
              <Text span inherit fw={600} dir="auto">
                {record.name}
              </Text>{' '}
              will be gone for everyone.
            </Text>
            <Group gap="sm">
              <Button variant="default" size="xs" onClick={() => setConfirming(false)} data-testid="delete-cancel">
                Keep it
              </Button>
              <Button color="red" size="xs" leftSection={<IconTrash size={16} />} loading={pending} onClick={onDelete} data-testid="delete-confirm">
                Delete for good
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group>
          <Button
            color="red"
            leftSection={<IconTrash size={18} />}
            disabled={!allowed}
            onClick={() => setConfirming(true)}
            data-testid="delete-submit"
          >
            Delete node
          </Button>
        </Group>
      )}
    </Stack>
  );
}
