import { Group, Progress, Text, Tooltip } from '@mantine/core';
import { progressTooltip, type LinkProgress } from '../link-facts';

const countFormat = new Intl.NumberFormat('en');

/** SPEC §2: linked leaves out of all leaves of a side, for this pair, with the tooltip 'There are {n} of {m} nodes linked'. */
export function LinkProgressBar({ progress, loading, testId }: { progress: LinkProgress; loading: boolean; testId: string }) {
  const { linked, total } = progress;
  const percent = total === 0 ? 0 : (linked / total) * 100;
  return (
    <Tooltip label={progressTooltip(progress)} withArrow openDelay={150} disabled={loading}>
      <Group gap="sm" wrap="nowrap" data-testid={testId} data-linked={linked} data-total={total} aria-busy={loading || undefined}>
        <Progress
          value={percent}
          color="teal"
          size="lg"
          radius="xl"
          striped={loading}
          animated={loading}
          style={{ flex: 1 }}
          aria-label={progressTooltip(progress)}
        />
        <Text size="xs" c="dimmed" ff="monospace" style={{ flexShrink: 0 }} data-testid={`${testId}-count`}>
          {loading ? '…' : `${countFormat.format(linked)} / ${countFormat.format(total)}`}
        </Text>
      </Group>
    </Tooltip>
  );
}
