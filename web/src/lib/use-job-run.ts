import type { JobRun } from '@og/shared/contracts/jobs';
import { useQueryClient } from '@tanstack/react-query';
import { useJobRunQuery } from './get-job-run';
import { laterJobRun } from './job-progress';
import { jobKeys } from './job-keys';
import { useJobRooms } from './use-job-rooms';

/**
 * One job, kept live: loaded from the API, then updated with every snapshot the server
 * pushes to the job's room. The room is joined again after a reconnect and left on unmount.
 */
export function useJobRun(jobId: string) {
  const query = useJobRunQuery(jobId);
  const queryClient = useQueryClient();
  useJobRooms([jobId], (job) => queryClient.setQueryData<JobRun>(jobKeys.run(job.id), (current) => laterJobRun(current, job)));
  return query;
}
