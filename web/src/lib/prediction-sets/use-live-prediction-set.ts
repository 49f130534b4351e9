import type { PredictionSetChanged } from '@og/shared/events/job-events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useRealtimeSocket } from '../realtime';
import { throttle } from '../throttle';
import { predictionSetKeys } from './prediction-set-keys';

/** How often, at most, other reviewers' saves make a page read the set's counts and coverage again. */
const setWideRefreshMs = 1000;

/**
 * Hears other reviewers' saves in a set over Socket.IO (`predictionSet:changed`): its counts and
 * coverage are read again (and the list's), at most once a second however many arrive, and
 * `onChanged` is told at once which entries changed, so the review can read the one on screen
 * again. After a lost connection they are read again too.
 */
export function useLivePredictionSet(setId: string | null | undefined, onChanged?: (change: PredictionSetChanged) => void): void {
  const socket = useRealtimeSocket();
  const queryClient = useQueryClient();
  const changed = useEffectEvent((change: PredictionSetChanged) => onChanged?.(change));

  useEffect(() => {
    if (!socket || !setId) return;
    // Many reviewers saving at once would otherwise have every page read its counts many times a second.
    const refreshCounts = throttle(() => {
      void queryClient.invalidateQueries({ queryKey: predictionSetKeys.allCounts(setId) });
      void queryClient.invalidateQueries({ queryKey: predictionSetKeys.coverage(setId) });
    }, setWideRefreshMs);
    const refresh = (change: PredictionSetChanged) => {
      refreshCounts();
      changed(change);
    };
    const onChange = (change: PredictionSetChanged) => {
      if (change.predictionSetId === setId) refresh(change);
    };
    const onReconnect = () => refresh({ predictionSetId: setId, strings: [] });
    const subscribe = () => socket.emit('predictionSet:subscribe', setId, () => undefined);
    socket.on('predictionSet:changed', onChange);
    socket.on('connect', subscribe);
    socket.io.on('reconnect', onReconnect);
    if (socket.connected) subscribe();
    return () => {
      refreshCounts.cancel();
      socket.off('predictionSet:changed', onChange);
      socket.off('connect', subscribe);
      socket.io.off('reconnect', onReconnect);
      if (socket.connected) socket.emit('predictionSet:unsubscribe', setId);
    };
  }, [socket, queryClient, setId]);
}
