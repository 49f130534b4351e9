import { Group, Loader, RingProgress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { jobStateColors } from '../../../components/job-state-badge';
import { isJobFinished, jobPercent } from '../../../lib/job-progress';
import { useJobRun } from '../../../lib/use-job-run';
import { datasetKeys } from '../api/dataset-keys';
import { describeImport } from '../prediction-import-view';

/** A set still being imported: a ring of its import job, moving live; once the job ends the list is read again. */
export function PredictionImportStatus({ jobId }: { jobId: string | null }) {
  if (!jobId) return <ImportRing percent={null} label="Importing" detail={null} color="gray" />;
  return <LiveImportRing jobId={jobId} />;
}

function LiveImportRing({ jobId }: { jobId: string }) {
  const job = useJobRun(jobId).data;
  const queryClient = useQueryClient();
  const finished = job ? isJobFinished(job.state) : false;

  // The set's state, total and error come from the list: read it again when the import ends.
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: datasetKeys.list() });
  }, [finished, queryClient]);

  if (!job) return <ImportRing percent={null} label="Importing" detail={null} color="gray" />;
  const view = describeImport(job);
  return <ImportRing percent={jobPercent(job)} label={view.label} detail={view.detail} color={jobStateColors[job.state]} />;
}

interface ImportRingProps {
  percent: number | null;
  label: string;
  detail: string | null;
  color: string;
}

function ImportRing({ percent, label, detail, color }: ImportRingProps) {
  const shown = percent === null ? null : Math.floor(percent);
  return (
    <Group gap="sm" wrap="nowrap" data-testid="prediction-set-status" data-state="importing" data-percent={shown ?? undefined}>
      {shown === null ? (
        <Loader size={40} type="oval" color={color} />
      ) : (
        <RingProgress
          size={48}
          thickness={5}
          roundCaps
          sections={[{ value: percent ?? 0, color }]}
          label={
            <Text size="10px" ta="center" fw={700}>
              {shown}%
            </Text>
          }
          aria-label={`${label}: ${shown}%`}
          data-testid="prediction-set-import-ring"
        />
      )}
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        {detail && (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
