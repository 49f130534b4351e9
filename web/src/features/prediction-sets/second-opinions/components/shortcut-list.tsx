import { ActionIcon, Group, Kbd, Popover, Table, Text, Tooltip } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import { secondOpinionShortcuts } from '../second-opinion-keys';

/** The keys of the second-opinion screen, in a popover ('?' opens it). */
export function ShortcutList({ opened, onChange }: { opened: boolean; onChange: (opened: boolean) => void }) {
  return (
    <Popover opened={opened} onChange={onChange} position="bottom-end" withArrow shadow="md" width={380}>
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
            {secondOpinionShortcuts.map((shortcut) => (
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
