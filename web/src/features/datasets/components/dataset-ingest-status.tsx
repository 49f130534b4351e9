import { Badge, Group, Loader, RingProgress, Stack, Text, Tooltip } from '@mantine/core';
import type { DatasetSummary } from '@og/shared/contracts/datasets';
import { describeIngest } from '../ingest-view';

/** A dataset's ingest in the 'Mapping progress' column: a live ring, the reason it failed, or its size. */
export function DatasetIngestStatus({ dataset }: { dataset: DatasetSummary }) {
  const view = describeIngest(dataset);

  if (view.kind === 'ready') {
    const titles = view.titleCount ?? 0;
    return (
      <Group gap="xs" wrap="nowrap" data-testid="dataset-ingest" data-state="ready">
        <Badge color="teal" variant="light">
          ready
        </Badge>
        <Tooltip
          label={`Distinct title and code pairs${view.rowCount !== null ? `, from ${view.rowCount.toLocaleString('en')} rows` : ''}`}
          withArrow
        >
          <Text size="sm">
            <Text span inherit fw={600} data-testid="dataset-title-count">
              {titles.toLocaleString('en')}
            </Text>{' '}
            {titles === 1 ? 'title' : 'titles'}
          </Text>
        </Tooltip>
      </Group>
    );
  }

  if (view.kind === 'failed') {
    return (
      <Stack gap={4} data-testid="dataset-ingest" data-state="failed">
        <Badge color="red" variant="light">
          failed
        </Badge>
        <Text size="sm" c="red" maw={380} style={{ wordBreak: 'break-word' }} data-testid="dataset-error">
          {view.error}
        </Text>
      </Stack>
    );
  }

  const percent = view.percent === null ? null : Math.floor(view.percent);
  return (
    <Group gap="sm" wrap="nowrap" data-testid="dataset-ingest" data-state="ingesting" data-percent={percent ?? undefined}>
      {percent === null ? (
        <Loader size={40} type="oval" color={view.color} />
      ) : (
        <RingProgress
          size={48}
          thickness={5}
          roundCaps
          sections={[{ value: view.percent ?? 0, color: view.color }]}
          label={
            <Text size="10px" ta="center" fw={700}>
              {percent}%
            </Text>
          }
          aria-label={`${view.label}: ${percent}%`}
          data-testid="dataset-ring"
        />
      )}
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {view.label}
        </Text>
        {view.detail && (
          <Text size="xs" c="dimmed" data-testid="dataset-ingest-detail">
            {view.detail}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
