import type { DatasetList, DatasetSummary } from '@og/shared/contracts/datasets';
import type { JobRun } from '@og/shared/contracts/jobs';
import { useQueryClient } from '@tanstack/react-query';
import { isJobFinished } from '../../../lib/job-progress';
import { useJobRooms } from '../../../lib/use-job-rooms';
import { datasetKeys } from '../api/dataset-keys';
import { withIngestSnapshot } from '../ingest-view';

/**
 * Keeps the ingest progress of the listed datasets live: joins the Socket.IO room of every
 * ingest job still running (owners, collaborators and admins may), writes each snapshot into
 * the cached list, and reads the list again when a job ends (its state, counts and error
 * come from the dataset) or after a reconnect (events sent meanwhile are lost).
 */
export function useLiveDatasetIngests(datasets: readonly DatasetSummary[] | undefined): void {
  const queryClient = useQueryClient();
  const jobIds = (datasets ?? []).flatMap((dataset) => (dataset.state === 'ingesting' && dataset.ingest.jobId !== null ? [dataset.ingest.jobId] : []));
  const refetchList = () => void queryClient.invalidateQueries({ queryKey: datasetKeys.list() });

  useJobRooms(
    jobIds,
    (job: JobRun) => {
      queryClient.setQueryData<DatasetList>(datasetKeys.list(), (list) => list && withIngestSnapshot(list, job));
      if (isJobFinished(job.state)) refetchList();
    },
    { onReconnect: refetchList },
  );
}
