import { Alert, Card, Skeleton, Stack } from '@mantine/core';
import type { JobRun } from '@og/shared/contracts/jobs';
import type { JobKind } from '@og/shared/jobs/job-kinds';
import { useEffect, useRef } from 'react';
import { isJobFinished, type PhaseLabels } from '../lib/job-progress';
import { useJobRun } from '../lib/use-job-run';
import { JobProgressCard } from './job-progress-card';

interface LiveJobProgressCardProps<K extends JobKind> {
  jobId: string;
  /** What people read for the phases of the job's kind (see {@link JobProgressCard}). */
  phaseLabels?: PhaseLabels<K>;
  /**
   * Called once when the job reaches `completed` or `failed` (for example to refetch what the
   * job changed). The card owns the job's live subscription, so callers need no second one.
   */
  onFinish?: (job: JobRun) => void;
}

/** The progress card of one job, updated live while the page is open. */
export function LiveJobProgressCard<K extends JobKind>({ jobId, phaseLabels, onFinish }: LiveJobProgressCardProps<K>) {
  const jobRun = useJobRun(jobId);
  useFinishCallback(jobRun.data, onFinish);

  if (jobRun.data) return <JobProgressCard job={jobRun.data} phaseLabels={phaseLabels} />;
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

function useFinishCallback(job: JobRun | undefined, onFinish: ((job: JobRun) => void) | undefined) {
  const callback = useRef(onFinish);
  const reported = useRef<string | null>(null);

  useEffect(() => {
    callback.current = onFinish;
  }, [onFinish]);

  useEffect(() => {
    if (!job || !isJobFinished(job.state)) return;
    const key = `${job.id}:${job.state}`;
    if (reported.current === key) return;
    reported.current = key;
    callback.current?.(job);
  }, [job]);
}
