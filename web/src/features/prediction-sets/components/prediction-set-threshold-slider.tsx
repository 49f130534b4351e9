import { Group, Slider, Text } from '@mantine/core';
import { useState } from 'react';
import { sliderFromThreshold, thresholdFromSlider, thresholdMarks } from '../../../lib/threshold';

interface PredictionSetThresholdSliderProps {
  /** The threshold the row shows (0–1). */
  threshold: number;
  /** Called when a drag, click or key press ends on a different threshold. */
  onCommit: (threshold: number) => void;
  disabled?: boolean;
  name: string;
}

/** SPEC §2 '/review' Threshold: a 0–100 slider with marks at 25, 50 and 75 %, stored when the change ends. */
export function PredictionSetThresholdSlider({ threshold, onCommit, disabled = false, name }: PredictionSetThresholdSliderProps) {
  const [dragged, setDragged] = useState<number | null>(null);
  const value = dragged ?? sliderFromThreshold(threshold);
  const commit = (end: number) => {
    setDragged(null);
    const chosen = thresholdFromSlider(end);
    if (chosen !== threshold) onCommit(chosen);
  };
  return (
    <Group gap="sm" wrap="nowrap" miw={230} data-testid="prediction-set-threshold">
      <Slider
        flex={1}
        value={value}
        onChange={setDragged}
        onChangeEnd={commit}
        min={0}
        max={100}
        step={1}
        size="sm"
        disabled={disabled}
        marks={thresholdMarks.map((mark) => ({ value: mark, label: `${mark}%` }))}
        label={(position) => `${position}%`}
        thumbLabel={`Threshold of ${name}`}
        mb="md"
        data-testid="prediction-set-threshold-slider"
      />
      <Text size="sm" fw={500} w={36} ta="right" data-testid="prediction-set-threshold-value">
        {value}%
      </Text>
    </Group>
  );
}
