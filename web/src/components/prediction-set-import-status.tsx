import { Group, Loader, RingProgress, Stack, Text } from '@mantine/core';
import type { PredictionSetSummary } from '@og/shared/contracts/datasets';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isJobFinished, jobPercent } from '../lib/job-progress';
import { describeImport } from '../lib/prediction-sets/prediction-import-view';
import { listKeysOfSet } from '../lib/prediction-sets/prediction-set-keys';
import { useJobRun } from '../lib/use-job-run';
import { jobStateColors } from './job-state-badge';

type ImportingSet = Pick<PredictionSetSummary, 'jobId' | 'dataset_id'>;

/**
 * A set still being imported, in its row (the datasets list and /review alike): 'Importing…'
 * with a ring of its import job, its phase and how far it got, moving live. When the job ends
 * the list showing the set is read again, so the row turns ready (or failed) at once.
 */
export function PredictionSetImportStatus({ predictionSet }: { predictionSet: ImportingSet }) {
  const { jobId, dataset_id: datasetId } = predictionSet;
  if (!jobId) return <ImportRing percent={null} view={null} color="gray" />;
  return <LiveImportRing jobId={jobId} datasetId={datasetId} />;
}

function LiveImportRing({ jobId, datasetId }: { jobId: string; datasetId: string | null }) {
  const job = useJobRun(jobId).data;
  const queryClient = useQueryClient();
  const finished = job ? isJobFinished(job.state) : false;

  // The set's state, total and error come from the list: read it again when the import ends.
  useEffect(() => {
    if (finished) for (const queryKey of listKeysOfSet(datasetId)) void queryClient.invalidateQueries({ queryKey });
  }, [finished, queryClient, datasetId]);

  if (!job) return <ImportRing percent={null} view={null} color="gray" />;
  return <ImportRing percent={jobPercent(job)} view={describeImport(job)} color={jobStateColors[job.state]} />;
}

interface ImportRingProps {
  percent: number | null;
  /** The import's phase and how far it got ('Reading predictions', '1.2 MB of 3 MB'); null before the job is known. */
  view: ReturnType<typeof describeImport> | null;
  color: string;
}

function ImportRing({ percent, view, color }: ImportRingProps) {
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
          aria-label={`${view?.label ?? 'Importing'}: ${shown}%`}
          data-testid="prediction-set-import-ring"
        />
      )}
      <Stack gap={0} data-testid="prediction-set-importing">
        <Text size="sm" fw={500}>
          Importing…
        </Text>
        {view && (
          <Text size="xs" c="dimmed">
            {view.detail ? `${view.label}: ${view.detail}` : view.label}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
