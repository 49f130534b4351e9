import { Button, Group, Text } from '@mantine/core';
import { IconBinaryTree } from '@tabler/icons-react';
import type { SubtreeView } from '../linking-view';

/** Says the tree shows a subtree only, and closes it ('Close subtree', SPEC §4). */
export function SubtreeBanner({ view, onClose, testId }: { view: SubtreeView; onClose: () => void; testId: string }) {
  return (
    <Group
      justify="space-between"
      gap="xs"
      wrap="nowrap"
      px="xs"
      py={4}
      style={{ borderRadius: 'var(--mantine-radius-sm)', background: 'var(--mantine-color-teal-light)' }}
      data-testid={testId}
      data-count={view.ids.length}
    >
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <IconBinaryTree size={16} style={{ flexShrink: 0 }} />
        <Text size="sm" truncate>
          {view.title} ({view.ids.length})
        </Text>
      </Group>
      <Button size="compact-xs" variant="subtle" color="teal" onClick={onClose} style={{ flexShrink: 0 }} data-testid={`${testId}-close`}>
        Close subtree
      </Button>
    </Group>
  );
}
