import { Alert, Checkbox, Group, Kbd, Paper, Stack, Text } from '@mantine/core';
import type { NodeDetail, Prediction } from '@og/shared/contracts/predictions';
import type { UncodedReason } from '@og/shared/jobs/job-kinds';
import { IconInfoCircle } from '@tabler/icons-react';
import { noPredictionWords } from '../no-prediction-reason';
import { CodeLabel } from './code-label';
import { ConfidenceBox } from './confidence-box';
import classes from './review.module.css';

interface PredictionListProps {
  predictions: readonly Prediction[];
  chosenURIs: readonly string[];
  nodeDetails: Readonly<Record<string, NodeDetail>>;
  onToggle: (uris: readonly string[]) => void;
  onShowInTree: (uri: string) => void;
  /** Without predictions: why the set's run gave none (null when it did not say), and the entry's language. */
  noPredictionReason?: UncodedReason | null;
  language?: string | null;
}

/** A mouse click leaves Enter to the review (save), not to the control clicked. */
const blurAfterClick = (event: React.MouseEvent<HTMLElement>) => {
  if (event.detail > 0 && document.activeElement instanceof HTMLElement) document.activeElement.blur();
};

/**
 * SPEC §2 review, left: the predictions with labels, codes and the confidence box. A click on the
 * row, its checkbox (Space) or the keys 1–5 choose or drop one. Without predictions, why there are
 * none (issue 27), where they would be.
 */
export function PredictionList({ predictions, chosenURIs, nodeDetails, onToggle, onShowInTree, noPredictionReason, language }: PredictionListProps) {
  if (predictions.length === 0) {
    return (
      <Alert variant="light" color="gray" radius="md" icon={<IconInfoCircle size={18} />} data-testid="no-predictions" data-reason={noPredictionReason ?? undefined}>
        <Text size="sm">{noPredictionWords(noPredictionReason, language)}</Text>
        <Text size="sm" c="dimmed">
          Choose its code in the tree.
        </Text>
      </Alert>
    );
  }
  return (
    <Stack gap="xs" data-testid="predictions">
      {predictions.map((prediction, index) => {
        const chosen = prediction.uris.length > 0 && prediction.uris.every((uri) => chosenURIs.includes(uri));
        const names = prediction.uris.map((uri) => nodeDetails[uri]?.name ?? uri).join(', ');
        return (
          <Paper
            key={`${index}-${prediction.uris.join(' ')}`}
            withBorder
            radius="md"
            p="xs"
            className={classes.prediction}
            data-chosen={chosen || undefined}
            data-testid="prediction"
            onClick={(event: React.MouseEvent<HTMLDivElement>) => {
              if ((event.target as HTMLElement).closest('button, input')) return;
              onToggle(prediction.uris);
            }}
          >
            <Group gap="sm" wrap="nowrap" justify="space-between">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <Checkbox
                  checked={chosen}
                  onChange={() => onToggle(prediction.uris)}
                  onClick={blurAfterClick}
                  color="teal"
                  radius="xl"
                  aria-label={`Prediction ${index + 1}: ${names}`}
                />
                {index < 5 && <Kbd size="xs">{index + 1}</Kbd>}
                <Stack gap={2} style={{ minWidth: 0 }}>
                  {prediction.uris.map((uri) => (
                    <CodeLabel key={uri} uri={uri} detail={nodeDetails[uri]} onShowInTree={onShowInTree} />
                  ))}
                </Stack>
              </Group>
              <ConfidenceBox conf={prediction.conf} />
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
