import { Group, RingProgress, Text, Tooltip } from '@mantine/core';
import type { PredictionSetCount } from '@og/shared/contracts/predictions';

/** 'Mapped X of below-threshold' as a share (0–100, one decimal); 100 for a set with nothing to review. */
export function mappedPercent(counts: PredictionSetCount): number {
  if (counts.totalBelowThreshold === 0) return 100;
  return Math.round((counts.mappedCount / counts.totalBelowThreshold) * 1000) / 10;
}

/** The ring's figures in words: '12 of 40 entries below the threshold mapped'. */
export function mappingProgressLabel(counts: PredictionSetCount): string {
  const entries = counts.totalBelowThreshold === 1 ? 'entry' : 'entries';
  return `${counts.mappedCount.toLocaleString('en')} of ${counts.totalBelowThreshold.toLocaleString('en')} ${entries} below the threshold mapped`;
}

/** SPEC §2 "Mapping progress": a ring of the mapped share of the entries below the threshold, with the figures. */
export function MappingProgress({ counts, size = 44 }: { counts: PredictionSetCount; size?: number }) {
  const percent = mappedPercent(counts);
  const label = mappingProgressLabel(counts);
  return (
    <Tooltip label={label} withArrow>
      <Group gap={6} wrap="nowrap" data-testid="mapping-progress" aria-label={label}>
        <RingProgress size={size} thickness={size / 8} roundCaps={percent > 0} sections={[{ value: percent, color: percent >= 100 ? 'teal' : 'blue' }]} />
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {percent.toFixed(1)}%
        </Text>
      </Group>
    </Tooltip>
  );
}
