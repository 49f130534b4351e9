import { ActionIcon, Group, Kbd, Popover, Table, Text, Tooltip } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import { panelShortcuts } from '../review-panel-keys';
import { reviewShortcuts } from '../review-shortcuts';

interface ShortcutsHelpProps {
  opened: boolean;
  onChange: (opened: boolean) => void;
  /** The keys listed: the review's own unless a screen built from its parts (second opinions) names its keys. */
  shortcuts?: readonly { keys: string[]; what: string }[];
}

const reviewKeys = [...reviewShortcuts, ...panelShortcuts];

/** A screen's keyboard shortcuts, listed in a popover ('?' opens it): by default the review's. */
export function ShortcutsHelp({ opened, onChange, shortcuts = reviewKeys }: ShortcutsHelpProps) {
  return (
    <Popover opened={opened} onChange={onChange} position="bottom-end" withArrow shadow="md" width={400}>
      <Popover.Target>
        <Tooltip label="Keyboard shortcuts (?)" withArrow>
          <ActionIcon variant="default" size="lg" aria-label="Keyboard shortcuts" onClick={() => onChange(!opened)} data-testid="shortcuts-help">
            <IconKeyboard size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown data-testid="shortcuts-list">
        <Text size="sm" fw={700} mb="xs">
          Keyboard shortcuts
        </Text>
        <Table withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            {shortcuts.map((shortcut) => (
              <Table.Tr key={shortcut.what}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Group gap={4} wrap="nowrap">
                    {shortcut.keys.map((key) => (key === '…' ? <Text key={key} span size="xs">…</Text> : <Kbd key={key}>{key}</Kbd>))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{shortcut.what}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed" mt="xs">
          Shortcuts rest while a search box or the tree has the focus; Escape leaves a search box.
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
