import { Alert, Card, Group, Progress, Stack, Text } from '@mantine/core';
import type { JobRun } from '@og/shared/contracts/jobs';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { JobKind } from '@og/shared/jobs/job-kinds';
import { describeJobProgress, describePhase, isJobRunning, jobPercent, type PhaseLabels } from '../lib/job-progress';
import { JobStateBadge, jobStateColors } from './job-state-badge';

export interface JobProgressCardProps<K extends JobKind> {
  job: JobRun;
  /** What people read for the phases of the job's kind; without them a phase shows as the job reports it. */
  phaseLabels?: PhaseLabels<K>;
}

/** One job at a glance: what it is, its state, how far it got, and why it failed if it did. */
export function JobProgressCard<K extends JobKind>({ job, phaseLabels }: JobProgressCardProps<K>) {
  const running = isJobRunning(job.state);
  const percent = jobPercent(job);
  const progressText = describeJobProgress(job);
  const reported = job.progress?.phase;
  const phase = reported && phaseLabels ? describePhase(phaseLabels, reported) : reported;
  const message = job.progress?.message;

  return (
    <Card withBorder radius="md" padding="md" data-testid="job-card" data-state={job.state}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text fw={600} truncate>
            {job.label}
          </Text>
          <JobStateBadge state={job.state} data-testid="job-state" />
        </Group>

        <Progress
          // An unknown total while running shows as a full, moving bar: busy, amount unknown.
          value={percent ?? (running ? 100 : 0)}
          color={jobStateColors[job.state]}
          size="lg"
          radius="xl"
          striped={running}
          animated={running}
          aria-label={`${job.label}: ${progressText}`}
          data-testid="job-progress-bar"
        />

        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm" data-testid="job-progress-text">
            {progressText}
          </Text>
          {percent !== null && (
            <Text size="sm" fw={500} c="dimmed">
              {Math.floor(percent)}%
            </Text>
          )}
        </Group>

        {(phase || message) && (
          <Text size="xs" c="dimmed" data-testid="job-phase">
            {[phase, message].filter(Boolean).join(' · ')}
          </Text>
        )}

        {job.state === 'failed' && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="The job failed"
            data-testid="job-error"
          >
            {job.error ?? 'No reason was given.'}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
