import { Button, Menu } from '@mantine/core';
import type { PredictionExportFormat } from '@og/shared/contracts/predictions';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { DisabledMenuItem } from './disabled-menu-item';

/** SPEC §2 'Export' menus: Flattened (a CSV row per chosen code) and Nested (JSON). */
const exportFormats: ReadonlyArray<{ format: PredictionExportFormat; label: string }> = [
  { format: 'flattened', label: 'Flattened' },
  { format: 'nested', label: 'Nested' },
];

interface ExportMenuProps {
  testId: string;
  /** The address the browser downloads a format's file from. */
  hrefOf: (format: PredictionExportFormat) => string;
  /** Why there is nothing to export yet (the entries are then disabled, saying so); null when there is. */
  unavailable: string | null;
}

/**
 * The Export menu of a dataset or a prediction set: each entry is a plain download link, so the
 * browser streams the file to disk (SPEC §8: a failed export is the browser's, nothing is shown).
 */
export function ExportMenu({ testId, hrefOf, unavailable }: ExportMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} rightSection={<IconChevronDown size={14} />} data-testid={testId}>
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid={`${testId}-menu`}>
        {exportFormats.map(({ format, label }) =>
          unavailable ? (
            <DisabledMenuItem key={format} reason={unavailable} data-testid={`${testId}-${format}`}>
              {label}
            </DisabledMenuItem>
          ) : (
            <Menu.Item key={format} component="a" href={hrefOf(format)} download data-testid={`${testId}-${format}`}>
              {label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
