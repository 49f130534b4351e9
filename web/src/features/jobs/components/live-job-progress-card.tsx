import { Alert, Card, Skeleton, Stack } from '@mantine/core';
import { JobProgressCard } from '../../../components/job-progress-card';
import { useJobRun } from '../hooks/use-job-run';

/** The progress card of one job, updated live while the page is open. */
export function LiveJobProgressCard({ jobId }: { jobId: string }) {
  const jobRun = useJobRun(jobId);

  if (jobRun.data) return <JobProgressCard job={jobRun.data} />;
  if (jobRun.isError) {
    return (
      <Alert color="red" variant="light" title="Could not load the job" data-testid="job-load-error">
        {jobRun.error.message}
      </Alert>
    );
  }
  return (
    <Card withBorder radius="md" padding="md" aria-busy>
      <Stack gap="xs">
        <Skeleton height={16} width="45%" />
        <Skeleton height={12} radius="xl" />
        <Skeleton height={12} width="30%" />
      </Stack>
    </Card>
  );
}
