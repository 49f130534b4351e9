import { jobRun, type JobRun } from '@og/shared/contracts/jobs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { laterJobRun } from './job-progress';
import { jobKeys } from './job-keys';

/** `GET /api/jobs/{id}`: one job's latest snapshot. */
export function fetchJobRun(jobId: string): Promise<JobRun> {
  return api.get(`/api/jobs/${encodeURIComponent(jobId)}`, jobRun);
}

export function jobRunQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: jobKeys.run(jobId),
    queryFn: async ({ client, queryKey }) => {
      const fetched = await fetchJobRun(jobId);
      // Read the cache after the answer: a live snapshot stored meanwhile may be newer.
      return laterJobRun(client.getQueryData<JobRun>(queryKey), fetched);
    },
  });
}

export function useJobRunQuery(jobId: string) {
  return useQuery(jobRunQueryOptions(jobId));
}
