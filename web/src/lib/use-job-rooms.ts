import type { JobRun } from '@og/shared/contracts/jobs';
import { jobEvents, type SubscribeAck } from '@og/shared/events/job-events';
import { useEffect, useEffectEvent } from 'react';
import { jobSnapshotEvents } from './job-snapshot-events';
import { useRealtimeSocket } from './realtime';

export interface JobRoomsOptions {
  /**
   * After the connection came back: the rooms are joined again (each answers with its job's
   * latest snapshot), but what else was sent meanwhile is lost.
   */
  onReconnect?: () => void;
}

/**
 * Follows jobs live over Socket.IO: joins each job's room (the server answers with the job's
 * latest snapshot), joins them again after a reconnect (a new connection is in no room), and
 * leaves them when the ids change or the component goes. `onSnapshot` gets every snapshot of
 * these jobs: the answers to joining and the pushed progress, completed and failed events.
 * A refused join is not reported: the job's GET says the same.
 */
export function useJobRooms(jobIds: readonly string[], onSnapshot: (job: JobRun) => void, options: JobRoomsOptions = {}): void {
  const socket = useRealtimeSocket();
  // The rooms as one value, so a new array of the same ids (each render's) changes nothing.
  const roomsKey = JSON.stringify([...new Set(jobIds)].sort());
  const receive = useEffectEvent(onSnapshot);
  const reconnected = useEffectEvent(() => options.onReconnect?.());

  useEffect(() => {
    const rooms = JSON.parse(roomsKey) as string[];
    if (!socket || rooms.length === 0) return;
    const followed = new Set(rooms);
    const storeSnapshot = (job: JobRun) => {
      if (followed.has(job.id)) receive(job);
    };
    const subscribe = () => {
      for (const jobId of rooms) {
        socket.emit(jobEvents.subscribe, jobId, (answer: SubscribeAck) => {
          if (answer.ok) storeSnapshot(answer.job);
        });
      }
    };
    const onReconnect = () => reconnected();

    for (const event of jobSnapshotEvents) socket.on(event, storeSnapshot);
    socket.on('connect', subscribe);
    socket.io.on('reconnect', onReconnect);
    if (socket.connected) subscribe();

    return () => {
      for (const event of jobSnapshotEvents) socket.off(event, storeSnapshot);
      socket.off('connect', subscribe);
      socket.io.off('reconnect', onReconnect);
      if (socket.connected) for (const jobId of rooms) socket.emit(jobEvents.unsubscribe, jobId);
    };
  }, [socket, roomsKey]);
}
