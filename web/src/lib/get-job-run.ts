import type { JobRun } from '@og/shared/contracts/jobs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { jobKeys } from './job-keys';

/** `GET /api/jobs/{id}`: one job's latest snapshot. */
export function fetchJobRun(jobId: string): Promise<JobRun> {
  return api.get<JobRun>(`/api/jobs/${encodeURIComponent(jobId)}`);
}

export function jobRunQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: jobKeys.run(jobId),
    queryFn: () => fetchJobRun(jobId),
  });
}

export function useJobRunQuery(jobId: string) {
  return useQuery(jobRunQueryOptions(jobId));
}
