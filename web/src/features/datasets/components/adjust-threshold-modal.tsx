import { Button, Modal, Slider, Stack, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { sliderFromThreshold, thresholdFromSlider, thresholdMarks } from '../../../lib/threshold';
import { ModalActions } from '../../../components/modal-actions';

/** A dataset without prediction sets has no threshold to store: each set keeps its own. */
const noSetToSave = 'A threshold is saved with a prediction set: upload prediction results for this dataset first.';

interface AdjustThresholdModalProps {
  opened: boolean;
  onClose: () => void;
  /** The prediction set's threshold (0–1), or the default for one not made yet. */
  threshold: number;
  /** What the threshold is for: a prediction set's name, or the dataset's title. */
  subject: string;
  /** Stores the chosen threshold (0–1); absent where there is no prediction set to store it in. */
  onSave?: (threshold: number) => void;
  saving?: boolean;
}

/** SPEC §2 'Adjust threshold': a 0–100 slider with marks at 25, 50 and 75 %; the value is /100, 2 decimals. */
export function AdjustThresholdModal({ opened, onClose, ...form }: AdjustThresholdModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Adjust threshold" centered size="md">
      {/* Mounted only while open, so every opening starts from the stored threshold. */}
      {opened && <ThresholdForm {...form} onClose={onClose} />}
    </Modal>
  );
}

function ThresholdForm({ threshold, subject, onClose, onSave, saving = false }: Omit<AdjustThresholdModalProps, 'opened'>) {
  const [value, setValue] = useState(() => sliderFromThreshold(threshold));
  const chosen = thresholdFromSlider(value);
  return (
    <Stack gap="lg" data-testid="threshold-modal">
      <Text size="sm" c="dimmed">
        Predictions for{' '}
        <Text span inherit fw={600} c="var(--mantine-color-text)" dir="auto">
          {subject}
        </Text>{' '}
        whose confidence is below the threshold are the ones left for review.
      </Text>
      <Slider
        value={value}
        onChange={setValue}
        min={0}
        max={100}
        step={1}
        marks={thresholdMarks.map((mark) => ({ value: mark, label: `${mark}%` }))}
        label={(position) => `${position}%`}
        mb="lg"
        thumbLabel="Threshold"
        data-testid="threshold-slider"
      />
      <Text size="sm">
        Threshold:{' '}
        <Text span inherit fw={700} data-testid="threshold-value">
          {chosen.toFixed(2)}
        </Text>
      </Text>
      <ModalActions onCancel={onClose}>
        {onSave ? (
          <Button loading={saving} onClick={() => onSave(chosen)} data-testid="threshold-save">
            Save threshold
          </Button>
        ) : (
          <Tooltip label={noSetToSave} withArrow multiline maw={280} events={{ hover: true, focus: true, touch: true }}>
            <Button data-disabled aria-disabled onClick={(event) => event.preventDefault()} data-testid="threshold-save">
              Save threshold
            </Button>
          </Tooltip>
        )}
      </ModalActions>
    </Stack>
  );
}
