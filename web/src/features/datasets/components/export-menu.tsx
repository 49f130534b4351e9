import { Button, Menu, Tooltip } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { notBuiltReasons } from './not-built-yet';

/** SPEC §2 'Export' menu (Flattened, Nested): shown, with each entry marked as built by a later issue. */
export function ExportMenu({ testId }: { testId: string }) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} rightSection={<IconChevronDown size={14} />} data-testid={testId}>
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid={`${testId}-menu`}>
        {['Flattened', 'Nested'].map((format) => (
          <Tooltip key={format} label={notBuiltReasons.export} position="left" withArrow>
            <Menu.Item aria-disabled closeMenuOnClick={false} c="dimmed" style={{ cursor: 'not-allowed' }}>
              {format}
            </Menu.Item>
          </Tooltip>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
