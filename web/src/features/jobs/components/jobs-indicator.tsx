import { ActionIcon, Divider, Group, Indicator, Loader, Popover, Progress, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import type { JobRun } from '@og/shared/contracts/jobs';
import { useDisclosure } from '@mantine/hooks';
import { IconListCheck } from '@tabler/icons-react';
import { JobStateBadge, jobStateColors } from '../../../components/job-state-badge';
import { isJobFinished, isJobRunning, jobPercent } from '../../../lib/job-progress';
import { describeRecentJob } from '../job-outcome';
import { useRecentJobs } from '../hooks/use-recent-jobs';

/** Header icon listing the user's recent jobs; the badge counts those not yet finished. */
export function JobsIndicator() {
  const [opened, popover] = useDisclosure(false);
  const recentJobs = useRecentJobs();
  const jobs = recentJobs.data?.jobs ?? [];
  const unfinished = jobs.filter((job) => !isJobFinished(job.state)).length;

  return (
    // The popover's target is the button itself (it carries aria-expanded and aria-controls); the
    // count's Indicator sits around the whole popover, as a plain box may not carry those.
    <Indicator label={unfinished} size={16} disabled={unfinished === 0} offset={4} processing>
      <Popover opened={opened} onDismiss={popover.close} width={340} position="bottom-end" shadow="md">
        <Popover.Target>
          <Tooltip label="Recent jobs" disabled={opened}>
            <ActionIcon variant="default" size="lg" aria-label="Recent jobs" onClick={popover.toggle} data-testid="jobs-indicator">
              <IconListCheck size={20} />
            </ActionIcon>
          </Tooltip>
        </Popover.Target>

        <Popover.Dropdown p={0} data-testid="jobs-list">
          <Text fw={600} size="sm" px="md" py="sm">
            Recent jobs
          </Text>
          <Divider />
          <RecentJobsBody jobs={jobs} isPending={recentJobs.isPending} error={recentJobs.error} />
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

interface RecentJobsBodyProps {
  jobs: JobRun[];
  isPending: boolean;
  error: Error | null;
}

function RecentJobsBody({ jobs, isPending, error }: RecentJobsBodyProps) {
  if (isPending) {
    return (
      <Group justify="center" p="md">
        <Loader size="sm" />
      </Group>
    );
  }
  if (error) {
    return (
      <Text size="sm" c="red" p="md">
        Could not load your jobs: {error.message}
      </Text>
    );
  }
  if (jobs.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="md">
        No jobs yet. Uploads, predictions and other long tasks will show up here.
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={360}>
      <Stack gap={0}>
        {jobs.map((job, index) => (
          <div key={job.id}>
            {index > 0 && <Divider />}
            <RecentJobRow job={job} />
          </div>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

function RecentJobRow({ job }: { job: JobRun }) {
  const running = isJobRunning(job.state);
  return (
    <Stack gap={6} px="md" py="sm" data-testid="recent-job" data-state={job.state}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500} truncate>
          {job.label}
        </Text>
        <JobStateBadge state={job.state} size="sm" />
      </Group>
      {running && (
        <Progress
          value={jobPercent(job) ?? 100}
          color={jobStateColors[job.state]}
          size="sm"
          striped
          animated
        />
      )}
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" data-testid="recent-job-line">
          {describeRecentJob(job)}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {formatJobTime(job.updatedAt)}
        </Text>
      </Group>
      {job.state === 'failed' && job.error && (
        <Text size="xs" c="red" data-testid="recent-job-error">
          {job.error}
        </Text>
      )}
    </Stack>
  );
}

function formatJobTime(isoTime: string): string {
  return new Date(isoTime).toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' });
}
