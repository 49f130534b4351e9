import { Group, Kbd, Paper, Stack, Text } from '@mantine/core';
import type { NodeDetail, Prediction } from '@og/shared/contracts/predictions';
import { IconCircle, IconCircleCheckFilled } from '@tabler/icons-react';
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

/** SPEC §2 review, left: the predictions with labels, codes and the confidence box; a click (or 1–5) chooses or drops one. */
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
        return (
          <Paper
            key={`${index}-${prediction.uris.join(' ')}`}
            component="button"
            type="button"
            withBorder
            radius="md"
            p="xs"
            className={classes.prediction}
            role="checkbox"
            aria-checked={chosen}
            data-chosen={chosen || undefined}
            data-testid="prediction"
            onClick={(event: React.MouseEvent<HTMLButtonElement>) => {
              onToggle(prediction.uris);
              // A mouse click leaves Enter to the review (save), not to this button.
              if (event.detail > 0) event.currentTarget.blur();
            }}
          >
            <Group gap="sm" wrap="nowrap" justify="space-between">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                {chosen ? <IconCircleCheckFilled size={20} className={classes.check} /> : <IconCircle size={20} className={classes.uncheck} />}
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
