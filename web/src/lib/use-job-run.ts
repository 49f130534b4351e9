import type { JobRun } from '@og/shared/contracts/jobs';
import { jobEvents, type SubscribeAck } from '@og/shared/events/job-events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRealtimeSocket } from './realtime';
import { useJobRunQuery } from './get-job-run';
import { laterJobRun } from './job-progress';
import { jobKeys } from './job-keys';
import { jobSnapshotEvents } from './job-snapshot-events';

/**
 * One job, kept live: loaded from the API, then updated with every snapshot the server
 * pushes to the job's room. The room is joined again after a reconnect and left on unmount.
 */
export function useJobRun(jobId: string) {
  const query = useJobRunQuery(jobId);
  const socket = useRealtimeSocket();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    const storeSnapshot = (job: JobRun) => {
      if (job.id === jobId) queryClient.setQueryData<JobRun>(jobKeys.run(jobId), (current) => laterJobRun(current, job));
    };
    // A refused subscription needs no handling here: the GET reports the same reason.
    const subscribe = () =>
      socket.emit(jobEvents.subscribe, jobId, (answer: SubscribeAck) => {
        if (answer.ok) storeSnapshot(answer.job);
      });

    for (const event of jobSnapshotEvents) socket.on(event, storeSnapshot);
    socket.on('connect', subscribe);
    if (socket.connected) subscribe();

    return () => {
      for (const event of jobSnapshotEvents) socket.off(event, storeSnapshot);
      socket.off('connect', subscribe);
      if (socket.connected) socket.emit(jobEvents.unsubscribe, jobId);
    };
  }, [socket, jobId, queryClient]);

  return query;
}
