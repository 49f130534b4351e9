import { SegmentedControl, Stack, Text } from '@mantine/core';
import { type PredictionFilter, predictionFilters, type PredictionSetCount } from '@og/shared/contracts/predictions';

interface PredictionSetFilterControlProps {
  filter: PredictionFilter;
  /** The counts below the threshold, once known. */
  counts: PredictionSetCount | undefined;
  onChange: (filter: PredictionFilter) => void;
  disabled?: boolean;
}

/** How many of the entries below the threshold each filter shows. */
function filterCounts(counts: PredictionSetCount): Record<PredictionFilter, number> {
  return { all: counts.totalBelowThreshold, mapped: counts.mappedCount, unmapped: Math.max(0, counts.totalBelowThreshold - counts.mappedCount) };
}

/** SPEC §2 '/review' Show: all / mapped / unmapped, with the counts once known; the review opened next uses it. */
export function PredictionSetFilterControl({ filter, counts, onChange, disabled = false }: PredictionSetFilterControlProps) {
  const numbers = counts ? filterCounts(counts) : null;
  return (
    <SegmentedControl
      size="xs"
      value={filter}
      onChange={(value) => onChange(value as PredictionFilter)}
      disabled={disabled}
      data={predictionFilters.map((value) => ({
        value,
        label: (
          <Stack gap={0} align="center">
            <span>{value}</span>
            <Text span size="xs" fw={600} lh={1.3} data-testid={`prediction-set-show-${value}`}>
              {numbers ? numbers[value].toLocaleString('en') : '–'}
            </Text>
          </Stack>
        ),
      }))}
      data-testid="prediction-set-show"
    />
  );
}
