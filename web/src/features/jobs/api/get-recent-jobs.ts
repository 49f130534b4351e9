import { jobList, type JobList } from '@og/shared/contracts/jobs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { jobKeys } from '../../../lib/job-keys';

/** `GET /api/jobs`: the signed-in user's recent jobs. */
export function fetchRecentJobs(): Promise<JobList> {
  return api.get('/api/jobs', jobList);
}

export function recentJobsQueryOptions() {
  return queryOptions({
    queryKey: jobKeys.recent(),
    queryFn: fetchRecentJobs,
  });
}

export function useRecentJobsQuery() {
  return useQuery(recentJobsQueryOptions());
}
