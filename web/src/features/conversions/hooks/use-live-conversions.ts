import type { Conversion } from '@og/shared/contracts/conversions';
import type { JobRun } from '@og/shared/contracts/jobs';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isJobFinished } from '../../../lib/job-progress';
import { useJobRooms } from '../../../lib/use-job-rooms';
import { conversionKeys } from '../api/conversion-keys';

/**
 * Keeps the running conversions of a list live: joins each one's job room, keeps the latest
 * snapshot per job (for its progress bar), and reads the list again when a job ends or after a
 * reconnect (events sent meanwhile are lost).
 */
export function useLiveConversions(conversions: readonly Conversion[] | undefined): ReadonlyMap<string, JobRun> {
  const queryClient = useQueryClient();
  const [snapshots, setSnapshots] = useState<ReadonlyMap<string, JobRun>>(new Map());
  const jobIds = (conversions ?? []).flatMap((conversion) => (conversion.state === 'running' && conversion.jobId !== null ? [conversion.jobId] : []));
  const refetchList = () => void queryClient.invalidateQueries({ queryKey: conversionKeys.list() });

  useJobRooms(
    jobIds,
    (job) => {
      setSnapshots((current) => new Map(current).set(job.id, job));
      if (isJobFinished(job.state)) refetchList();
    },
    { onReconnect: refetchList },
  );
  return snapshots;
}
