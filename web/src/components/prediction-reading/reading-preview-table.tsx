import { Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { PreviewEntry } from '@og/shared/contracts/prediction-reading';
import { predictionTexts } from '../../lib/prediction-sets/reading/reading-words';

interface ReadingPreviewTableProps {
  entries: readonly PreviewEntry[];
  /** The kept columns, in the order the reading names them (context, then reference codes). */
  kept: readonly string[];
  /** Whether a newer preview is being asked (the table dims meanwhile). */
  stale: boolean;
}

/** The first entries as they will be stored: the title, its codes with their confidences ('—': none), the language and the kept columns' values. */
export function ReadingPreviewTable({ entries, kept, stale }: ReadingPreviewTableProps) {
  const columns = keptColumns(entries, kept);
  const languages = entries.some((entry) => entry.language !== null);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        The first {entries.length === 1 ? 'entry' : `${entries.length} entries`} as they will be stored
      </Text>
      <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, 'aria-label': 'The first entries, scrollable' }}>
        <Table
          striped
          withTableBorder
          stickyHeader
          verticalSpacing={4}
          fz="sm"
          style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}
          data-testid="reading-preview-table"
          data-stale={stale || undefined}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Title</Table.Th>
              <Table.Th>Predictions, best first</Table.Th>
              {languages && <Table.Th>Language</Table.Th>}
              {columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={`${entry.line}:${entry.string}`} data-testid="reading-preview-entry">
                <Table.Td c="dimmed">{entry.line}</Table.Td>
                <Table.Td dir="auto" data-testid="reading-preview-title">
                  {entry.string}
                </Table.Td>
                <Table.Td data-testid="reading-preview-codes">
                  <Stack gap={0}>
                    {predictionTexts(entry).map((prediction, rank) => (
                      <Group key={rank} gap={6} wrap="nowrap" data-testid="reading-preview-prediction">
                        <Text span size="sm" ff="monospace">
                          {prediction.codes}
                        </Text>
                        <Text span size="xs" c="dimmed" data-testid="reading-preview-confidence">
                          {prediction.confidence}
                        </Text>
                      </Group>
                    ))}
                  </Stack>
                </Table.Td>
                {languages && <Table.Td data-testid="reading-preview-language">{entry.language ?? ''}</Table.Td>}
                {columns.map((column) => (
                  <Table.Td key={column} dir="auto" data-testid="reading-preview-context" data-column={column}>
                    {entry.context[column] ?? ''}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** The reading's kept columns, then any other the entries hold (a JSON file's, which has no reading). */
function keptColumns(entries: readonly PreviewEntry[], kept: readonly string[]): string[] {
  const columns = new Set(kept);
  for (const entry of entries) for (const column of Object.keys(entry.context)) columns.add(column);
  return [...columns];
}
