import type { DatasetList, DatasetSummary } from '@og/shared/contracts/datasets';
import type { JobRun } from '@og/shared/contracts/jobs';
import { jobEvents, type SubscribeAck } from '@og/shared/events/job-events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { isJobFinished } from '../../../lib/job-progress';
import { jobSnapshotEvents } from '../../../lib/job-snapshot-events';
import { useRealtimeSocket } from '../../../lib/realtime';
import { datasetKeys } from '../api/dataset-keys';
import { withIngestSnapshot } from '../ingest-view';

/**
 * Keeps the ingest progress of the listed datasets live: joins the Socket.IO room of every
 * ingest job still running (owners, collaborators and admins may), writes each snapshot into
 * the cached list, and reads the list again when a job ends (its state, counts and error
 * come from the dataset) or after a reconnect (events sent meanwhile are lost).
 */
export function useLiveDatasetIngests(datasets: readonly DatasetSummary[] | undefined): void {
  const socket = useRealtimeSocket();
  const queryClient = useQueryClient();
  const jobKey = useMemo(
    () =>
      (datasets ?? [])
        .filter((dataset) => dataset.state === 'ingesting' && dataset.ingest.jobId !== null)
        .map((dataset) => dataset.ingest.jobId!)
        .sort()
        .join('\n'),
    [datasets],
  );

  useEffect(() => {
    if (!socket || jobKey === '') return;
    const jobIds = new Set(jobKey.split('\n'));
    const refetchList = () => void queryClient.invalidateQueries({ queryKey: datasetKeys.list() });
    const storeSnapshot = (job: JobRun) => {
      if (!jobIds.has(job.id)) return;
      queryClient.setQueryData<DatasetList>(datasetKeys.list(), (list) => list && withIngestSnapshot(list, job));
      if (isJobFinished(job.state)) refetchList();
    };
    const subscribe = () => {
      for (const jobId of jobIds) {
        socket.emit(jobEvents.subscribe, jobId, (answer: SubscribeAck) => {
          if (answer.ok) storeSnapshot(answer.job);
        });
      }
    };

    for (const event of jobSnapshotEvents) socket.on(event, storeSnapshot);
    socket.on('connect', subscribe);
    socket.io.on('reconnect', refetchList);
    if (socket.connected) subscribe();

    return () => {
      for (const event of jobSnapshotEvents) socket.off(event, storeSnapshot);
      socket.off('connect', subscribe);
      socket.io.off('reconnect', refetchList);
      if (socket.connected) for (const jobId of jobIds) socket.emit(jobEvents.unsubscribe, jobId);
    };
  }, [socket, jobKey, queryClient]);
}
