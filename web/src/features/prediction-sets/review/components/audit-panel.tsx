import { Alert, Badge, Button, Group, Kbd, Paper, Stack, Text } from '@mantine/core';
import { IconChartDots, IconCheck, IconDoorExit, IconX } from '@tabler/icons-react';
import { useAnswersSettled, useAuditReport } from '../api/audits';
import { estimateWords } from '../audit-walk';

interface AuditBarProps {
  answered: number;
  size: number;
  /** The answer already given for the entry on screen (null: none yet). */
  answer: boolean | null;
  /** The reviewer said 'wrong' and is choosing the right code. */
  choosingRight: boolean;
  /** Codes chosen for the entry: what 'wrong' sends. */
  chosen: number;
  hasTopPrediction: boolean;
  onRight: () => void;
  onWrong: () => void;
  onSendWrong: () => void;
  onLeave: () => void;
}

/** Checking a sample (issue 30): how far the audit is, the answer buttons with their keys, and the way out. */
export function AuditBar({ answered, size, answer, choosingRight, chosen, hasTopPrediction, onRight, onWrong, onSendWrong, onLeave }: AuditBarProps) {
  return (
    <Paper withBorder p="xs" radius="md" bg="var(--mantine-color-blue-light)" data-testid="audit-bar">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <Text size="sm" fw={600} data-testid="audit-progress">
            Checking a sample: {answered} of {size} answered
          </Text>
          {answer !== null && (
            <Badge color={answer ? 'teal' : 'orange'} variant="light" styles={{ root: { textTransform: 'none' } }} data-testid="audit-entry-answer">
              {answer ? 'Answered: right' : 'Answered: wrong'}
            </Badge>
          )}
        </Group>
        <Group gap="xs" wrap="wrap">
          {choosingRight ? (
            <>
              <Text size="xs" c="dimmed">
                Choose the right code(s), then
              </Text>
              <Button size="xs" color="orange" leftSection={<IconX size={14} />} disabled={chosen === 0} onClick={onSendWrong} data-testid="audit-send-wrong">
                Wrong: send {chosen} code{chosen === 1 ? '' : 's'} <Kbd ml={6} size="xs">Enter</Kbd>
              </Button>
            </>
          ) : (
            <>
              <Button size="xs" color="teal" leftSection={<IconCheck size={14} />} disabled={!hasTopPrediction} onClick={onRight} data-testid="audit-right">
                Right <Kbd ml={6} size="xs">y</Kbd>
              </Button>
              <Button size="xs" color="orange" variant="light" leftSection={<IconX size={14} />} onClick={onWrong} data-testid="audit-wrong">
                Wrong <Kbd ml={6} size="xs">n</Kbd>
              </Button>
            </>
          )}
          <Button size="xs" variant="default" leftSection={<IconDoorExit size={14} />} onClick={onLeave} data-testid="audit-leave">
            Leave the sample
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * Every entry of the sample answered: the estimate of the top prediction's accuracy, and the ways
 * on. The screen counts an answer at once, so the report is read once no answer is on its way: a
 * read begun before the last answer is stored would not count it.
 */
export function AuditSummary({ setId, size, onLeave, onAccuracy }: { setId: string; size: number; onLeave: () => void; onAccuracy: () => void }) {
  const report = useAuditReport(setId, useAnswersSettled(setId)).data;
  const byEntries = report ? estimateWords(report.overall) : null;
  const byPeople = report?.byPeople ? estimateWords(report.byPeople.overall) : null;
  return (
    <Alert color="teal" title={`Sample checked: all ${size} answered`} data-testid="audit-summary">
      <Stack gap="xs">
        <Text size="sm" data-testid="audit-summary-estimate">
          {report === undefined ? 'Estimating…' : byEntries ? `The top prediction, over all samples of this set: ${byEntries} (95% interval).` : 'No estimate: nothing checked.'}
        </Text>
        {byPeople && (
          <Text size="sm" data-testid="audit-summary-people">
            Weighted by people: {byPeople}.
          </Text>
        )}
        <Group gap="xs">
          {/* Focused at once, so Enter goes back to the review. */}
          <Button size="xs" onClick={onLeave} autoFocus data-testid="audit-summary-back">
            Back to the review
          </Button>
          <Button size="xs" variant="light" leftSection={<IconChartDots size={14} />} onClick={onAccuracy} data-testid="audit-summary-accuracy">
            Accuracy by confidence
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
