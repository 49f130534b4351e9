import { Stack, Text } from '@mantine/core';
import type { EntryContext } from '@og/shared/contracts/prediction-reading';
import type { NodeDetail } from '@og/shared/contracts/predictions';
import { contextLineText, entryContextLines } from '../entry-context';

interface EntryContextLinesProps {
  context: readonly EntryContext[] | undefined;
  nodeDetails: Readonly<Record<string, NodeDetail>>;
}

/**
 * Issue 28: what the entry's rows kept besides title and codes (year, source, reference code, the
 * dataset's codes), under the title in small dimmed lines, one a column, so the review stays calm.
 */
export function EntryContextLines({ context, nodeDetails }: EntryContextLinesProps) {
  const lines = entryContextLines(context, nodeDetails);
  if (lines.length === 0) return null;
  return (
    <Stack gap={0} mt={2} data-testid="entry-context">
      {lines.map((line) => (
        <Text key={`${line.kind}:${line.column}`} size="xs" c="dimmed" truncate="end" title={contextLineText(line)} data-testid="entry-context-item" data-kind={line.kind}>
          <Text span inherit fw={500}>
            {line.label}:
          </Text>{' '}
          <span dir="auto">{line.values}</span>
          {line.more > 0 && ` · ${line.more} more`}
        </Text>
      ))}
    </Stack>
  );
}
