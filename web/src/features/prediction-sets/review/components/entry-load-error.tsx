import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import { noEntrySummary } from '@og/shared/contracts/predictions';
import { serverUnavailableMessage } from '@og/shared/errors/spec-messages';
import { ApiError, isServerUnavailable } from '../../../../lib/api-client';
import { formatThresholdPercent } from '../../../../lib/threshold';

/**
 * SPEC §8, an entry that could not be loaded: a 404 with no string in the address says
 * 'No {filter} entry found in dataset' with the summary table; a 404 with one 'Entry not found';
 * any other status 'Internal server error' and 'Please contact an administrator', except a server
 * that cannot answer for now (503 'unavailable'), which says so: nothing for an administrator to do.
 */
export function EntryLoadError({ error, hasString }: { error: Error; hasString: boolean }) {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 404 && !hasString) {
    const summary = error instanceof ApiError ? noEntrySummary.safeParse(error.details) : undefined;
    const filter = summary?.success ? summary.data.filter : 'unmapped';
    return (
      <Stack gap="md" data-testid="no-entry-found">
        <Title order={3}>No {filter} entry found in dataset</Title>
        {summary?.success && (
          <Table withTableBorder maw={480} data-testid="no-entry-summary">
            <Table.Tbody>
              <SummaryRow label="Dataset" value={summary.data.datasetTitle ?? '—'} />
              <SummaryRow label="Total entries" value={summary.data.totalEntries.toLocaleString('en')} />
              <SummaryRow label="Filter" value={summary.data.filter} />
              <SummaryRow label="Threshold" value={formatThresholdPercent(summary.data.threshold)} />
              <SummaryRow label="Below threshold" value={summary.data.belowThreshold.toLocaleString('en')} />
              <SummaryRow label="Mapped" value={summary.data.mapped.toLocaleString('en')} />
              <SummaryRow label="Unmapped" value={summary.data.unmapped.toLocaleString('en')} />
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    );
  }
  if (status === 404) {
    return (
      <Alert color="yellow" title="Entry not found" data-testid="entry-not-found">
        The set has no entry with this title. Use the search or the previous and next buttons.
      </Alert>
    );
  }
  if (isServerUnavailable(error)) {
    return <Alert color="yellow" title={serverUnavailableMessage} data-testid="entry-server-unavailable" />;
  }
  return (
    <Alert color="red" title="Internal server error" data-testid="entry-server-error">
      <Text size="sm">Please contact an administrator</Text>
      {error.message && (
        <Text size="xs" c="dimmed" mt={4}>
          {error.message}
        </Text>
      )}
    </Alert>
  );
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <Table.Tr>
      <Table.Th w={180}>{label}</Table.Th>
      <Table.Td dir="auto">{value}</Table.Td>
    </Table.Tr>
  );
}
