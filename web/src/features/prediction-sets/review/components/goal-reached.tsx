import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { percentText } from '../review-goal';

interface GoalReachedProps {
  opened: boolean;
  share: number;
  goal: number;
  /** What the share counts: the dataset's people, or the set's entries without a dataset. */
  basis: string;
  /** Go on past the goal (the summary stays away until the goal changes). */
  onContinue: () => void;
  /** Open the info card, where the goal is set. */
  onChangeGoal: () => void;
}

/** The review's stop at its goal (issue 29): how far it came, and the ways to go on. */
export function GoalReached({ opened, share, goal, basis, onContinue, onChangeGoal }: GoalReachedProps) {
  return (
    <Modal opened={opened} onClose={onContinue} title="Goal reached" centered data-testid="goal-reached">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconFlag size={28} color="var(--mantine-color-teal-6)" style={{ flexShrink: 0 }} />
          <Text data-testid="goal-reached-text">
            Goal reached: {percentText(share)} of {basis} covered (the goal is {percentText(goal)}), counting the entries mapped and those the model
            is sure of at or above the threshold.
          </Text>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onChangeGoal} data-testid="goal-change">
            Change the goal
          </Button>
          <Button onClick={onContinue} data-autofocus data-testid="goal-continue">
            Keep reviewing
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
