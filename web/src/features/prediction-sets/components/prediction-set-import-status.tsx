import { Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isJobFinished, jobPercent } from '../../../lib/job-progress';
import { useJobRun } from '../../../lib/use-job-run';
import { predictionSetKeys } from '../api/prediction-set-keys';

/**
 * A set still being imported, in its row: 'Importing…' with the import job's share done, live.
 * When the job ends the list is read again, so the row turns ready (or failed) at once.
 */
export function PredictionSetImportStatus({ jobId }: { jobId: string | null }) {
  if (!jobId) return <ImportingLabel percent={null} />;
  return <LiveImportStatus jobId={jobId} />;
}

function LiveImportStatus({ jobId }: { jobId: string }) {
  const job = useJobRun(jobId);
  const queryClient = useQueryClient();
  const finished = job.data ? isJobFinished(job.data.state) : false;

  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: predictionSetKeys.list() });
  }, [finished, queryClient]);

  return <ImportingLabel percent={job.data ? jobPercent(job.data) : null} />;
}

function ImportingLabel({ percent }: { percent: number | null }) {
  return (
    <Stack gap={4} maw={360} data-testid="prediction-set-importing">
      <Group gap={6} wrap="nowrap">
        <Loader size={14} />
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          Importing…{percent !== null ? ` ${Math.floor(percent)}%` : ''}
        </Text>
      </Group>
      <Progress value={percent ?? 100} size="sm" radius="xl" striped animated aria-label="Import progress" />
    </Stack>
  );
}
