import type { JobList, JobRun } from '@og/shared/contracts/jobs';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { laterJobRun } from '../../../lib/job-progress';
import { useRealtimeSocket } from '../../../lib/realtime';
import { useRecentJobsQuery } from '../api/get-recent-jobs';
import { jobKeys } from '../../../lib/job-keys';
import { jobSnapshotEvents } from '../../../lib/job-snapshot-events';

/** The user's recent jobs, kept current by the snapshots the server pushes to the user's room. */
export function useRecentJobs() {
  const query = useRecentJobsQuery();
  const socket = useRealtimeSocket();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    const storeSnapshot = (job: JobRun) => {
      queryClient.setQueryData(jobKeys.recent(), (list: JobList | undefined) => list && upsertJob(list, job));
    };
    // Snapshots sent while the connection was down (or not yet up: the client loads after login) are lost: ask for the list again.
    const refetchList = () => void queryClient.invalidateQueries({ queryKey: jobKeys.recent() });

    for (const event of jobSnapshotEvents) socket.on(event, storeSnapshot);
    socket.on('connect', refetchList);
    socket.io.on('reconnect', refetchList);
    return () => {
      for (const event of jobSnapshotEvents) socket.off(event, storeSnapshot);
      socket.off('connect', refetchList);
      socket.io.off('reconnect', refetchList);
    };
  }, [socket, queryClient]);

  return query;
}

function upsertJob(list: JobList, job: JobRun): JobList {
  const known = list.jobs.some((item) => item.id === job.id);
  return {
    jobs: known ? list.jobs.map((item) => (item.id === job.id ? laterJobRun(item, job) : item)) : [job, ...list.jobs],
  };
}
