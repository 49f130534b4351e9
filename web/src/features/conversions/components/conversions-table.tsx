import { Anchor, Button, Group, Paper, Progress, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { aggregationLabels, targetDepthLabels, weightingLabels, type Conversion } from '@og/shared/contracts/conversions';
import type { JobRun } from '@og/shared/contracts/jobs';
import { IconDatabase } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatCreated } from '../../../lib/format-created';
import { describeJobProgress, jobPercent } from '../../../lib/job-progress';
import { useConversionsQuery } from '../api/get-conversions';
import { formatAmount, formatShare } from '../conversion-format';
import { conversionPath } from '../conversion-paths';
import { useLiveConversions } from '../hooks/use-live-conversions';
import { conversionSubject, schemeLabel } from './conversion-header';
import { ConversionStateBadge } from './conversion-state-badge';
import { LoadErrorAlert } from '../../../components/load-error-alert';

/**
 * `/convert`, 'My datasets': the user's conversions, newest first, each leading to its result
 * and the walk through its codes. Running ones show their job's progress live.
 */
export function ConversionsTable() {
  const conversions = useConversionsQuery();
  const snapshots = useLiveConversions(conversions.data?.conversions);

  if (conversions.isPending) {
    return (
      <Stack gap="sm" aria-busy data-testid="conversions-loading">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={52} radius="md" />
        ))}
      </Stack>
    );
  }
  if (conversions.isError) {
    return (
      <LoadErrorAlert title="Network response was not ok" message={conversions.error.message} onRetry={() => void conversions.refetch()} data-testid="conversions-error" />
    );
  }
  const list = conversions.data.conversions;
  if (list.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl" data-testid="conversions-empty">
        <Stack align="center" gap="sm">
          <Text fw={600}>No conversions yet</Text>
          <Text size="sm" c="dimmed" ta="center" maw={460}>
            Convert a coded dataset into another scheme with ‘New conversion’ in its actions, or a prediction set’s reviewed mappings with ‘Add translation’.
          </Text>
          <Button component={Link} to="/datasets/list" leftSection={<IconDatabase size={16} />}>
            Go to the datasets
          </Button>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="conversions-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Dataset</Table.Th>
              <Table.Th>Target scheme</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th ta="right">Converted</Table.Th>
              <Table.Th ta="right">Problematic codes</Table.Th>
              <Table.Th>Creation date</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((conversion) => (
              <ConversionRow key={conversion.id} conversion={conversion} job={conversion.jobId ? snapshots.get(conversion.jobId) : undefined} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function ConversionRow({ conversion, job }: { conversion: Conversion; job: JobRun | undefined }) {
  const { summary } = conversion;
  return (
    <Table.Tr data-testid="conversion-row" data-conversion-id={conversion.id} data-state={conversion.state}>
      <Table.Td>
        <Stack gap={2}>
          <Anchor component={Link} to={conversionPath(conversion.id)} size="sm" fw={600} dir="auto" style={{ wordBreak: 'break-word' }} data-testid="conversion-name">
            {conversionSubject(conversion)}
          </Anchor>
          <Text size="xs" c="dimmed">
            {targetDepthLabels[conversion.targetDepth]} · {aggregationLabels[conversion.aggregation]} · {weightingLabels[conversion.weighting]}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{schemeLabel(conversion.targetScheme)}</Text>
      </Table.Td>
      <Table.Td>
        <Stack gap={4} maw={200}>
          <ConversionStateBadge state={conversion.state} />
          {conversion.state === 'running' && job && <RunningProgress job={job} />}
          {conversion.state === 'failed' && conversion.error && (
            <Text size="xs" c="red" lineClamp={2} title={conversion.error}>
              {conversion.error}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td ta="right">
        {summary ? (
          <Tooltip label={`${formatAmount(summary.converted.occurrences)} of ${formatAmount(summary.dataset.occurrences)} rows`} withArrow>
            <Text size="sm" span>
              {formatShare(summary.converted.occurrences, summary.dataset.occurrences)}
            </Text>
          </Tooltip>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">
        {summary ? (
          <Text size="sm" data-testid="conversion-problematic">
            {formatAmount(summary.problematic)}
            {summary.problematic > 0 && (
              <Text span size="xs" c="dimmed">
                {' '}
                ({formatAmount(summary.decided)} decided)
              </Text>
            )}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatCreated(conversion.createdAt)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

function RunningProgress({ job }: { job: JobRun }) {
  const percent = jobPercent(job);
  return (
    <Group gap={6} wrap="nowrap">
      <Progress value={percent ?? 100} striped animated size="sm" radius="xl" style={{ flex: 1 }} aria-label={describeJobProgress(job)} />
      <Text size="xs" c="dimmed">
        {percent === null ? '' : `${Math.floor(percent)}%`}
      </Text>
    </Group>
  );
}
