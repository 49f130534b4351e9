import { Paper, Stack, Table, Text } from '@mantine/core';
import type { ConversionResultRow } from '@og/shared/contracts/conversions';
import { useCallback } from 'react';
import { formatAmount } from '../conversion-format';
import { usePagedList } from '../hooks/use-paged-list';
import { PagedListControls } from './paged-list-controls';

interface TargetCodesTableProps {
  rows: readonly ConversionResultRow[];
  totalsColumns: readonly string[];
}

/** The converted table: each target code with its rows, its totals, how many source codes send to it, and sample titles. */
export function TargetCodesTable({ rows, totalsColumns }: TargetCodesTableProps) {
  const textOf = useCallback((row: ConversionResultRow) => `${row.targetCode} ${row.targetName} ${row.sampleTitles.join(' ')}`, []);
  const list = usePagedList(rows, textOf);

  return (
    <Stack gap="sm">
      <PagedListControls list={list} total={rows.length} noun="target codes" placeholder="Search codes, names and titles" data-testid="target-codes" />
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="xs" striped highlightOnHover data-testid="target-codes-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th ta="right">Rows</Table.Th>
                {totalsColumns.map((column) => (
                  <Table.Th key={column} ta="right" dir="auto">
                    {column}
                  </Table.Th>
                ))}
                <Table.Th ta="right">Source codes</Table.Th>
                <Table.Th>Sample titles</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.shown.map((row) => (
                <Table.Tr key={row.targetCode} data-testid="target-code-row">
                  <Table.Td>
                    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                      {row.targetCode}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.targetName}</Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatAmount(row.occurrences)}</Table.Td>
                  {totalsColumns.map((column, index) => (
                    <Table.Td key={column} ta="right">
                      {formatAmount(row.totals[index] ?? 0)}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right">{formatAmount(row.sources)}</Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed" lineClamp={2} dir="auto">
                      {row.sampleTitles.length ? row.sampleTitles.map((title) => `“${title}”`).join(', ') : '—'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
              {list.shown.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5 + totalsColumns.length}>
                    <Text size="sm" c="dimmed" ta="center" py="md">
                      {rows.length === 0 ? 'No row was converted.' : 'No target code matches.'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
