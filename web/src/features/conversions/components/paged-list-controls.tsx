import { Group, Pagination, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { formatAmount } from '../conversion-format';

interface PagedListControlsProps {
  list: { search: string; setSearch: (search: string) => void; page: number; setPage: (page: number) => void; pages: number; matching: number };
  total: number;
  noun: string;
  placeholder: string;
  'data-testid'?: string;
}

/** The search box, the count and the pages above a long table. */
export function PagedListControls({ list, total, noun, placeholder, 'data-testid': testId }: PagedListControlsProps) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="nowrap">
        <TextInput
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          placeholder={placeholder}
          aria-label={placeholder}
          leftSection={<IconSearch size={14} />}
          size="xs"
          w={260}
          data-testid={testId ? `${testId}-search` : undefined}
        />
        <Text size="xs" c="dimmed">
          {list.matching === total ? `${formatAmount(total)} ${noun}` : `${formatAmount(list.matching)} of ${formatAmount(total)} ${noun}`}
        </Text>
      </Group>
      {list.pages > 1 && <Pagination size="sm" total={list.pages} value={list.page} onChange={list.setPage} getControlProps={(control) => ({ 'aria-label': `${control} page` })} />}
    </Group>
  );
}
