import { Checkbox, Group, Kbd, Paper, Stack, Text } from '@mantine/core';
import type { NodeDetail, Prediction } from '@og/shared/contracts/predictions';
import { CodeLabel } from './code-label';
import { ConfidenceBox } from './confidence-box';
import classes from './review.module.css';

interface PredictionListProps {
  predictions: readonly Prediction[];
  chosenURIs: readonly string[];
  nodeDetails: Readonly<Record<string, NodeDetail>>;
  onToggle: (uris: readonly string[]) => void;
  onShowInTree: (uri: string) => void;
}

/** A mouse click leaves Enter to the review (save), not to the control clicked. */
const blurAfterClick = (event: React.MouseEvent<HTMLElement>) => {
  if (event.detail > 0 && document.activeElement instanceof HTMLElement) document.activeElement.blur();
};

/**
 * SPEC §2 review, left: the predictions with labels, codes and the confidence box. A click on the
 * row, its checkbox (Space) or the keys 1–5 choose or drop one.
 */
export function PredictionList({ predictions, chosenURIs, nodeDetails, onToggle, onShowInTree }: PredictionListProps) {
  if (predictions.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-predictions">
        The model made no prediction for this title: choose its code in the tree.
      </Text>
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
