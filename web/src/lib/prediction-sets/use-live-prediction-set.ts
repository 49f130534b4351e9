import type { PredictionSetChanged } from '@og/shared/events/job-events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useRealtimeSocket } from '../realtime';
import { predictionSetKeys } from './prediction-set-keys';

/**
 * Hears other reviewers' saves in a set over Socket.IO (`predictionSet:changed`): its counts and
 * coverage are read again (and the list's), and `onChanged` is told which entries changed, so
 * the review can read the one on screen again. After a lost connection they are read again too.
 */
export function useLivePredictionSet(setId: string | null | undefined, onChanged?: (change: PredictionSetChanged) => void): void {
  const socket = useRealtimeSocket();
  const queryClient = useQueryClient();
  const changed = useEffectEvent((change: PredictionSetChanged) => onChanged?.(change));

  useEffect(() => {
    if (!socket || !setId) return;
    const refresh = (change: PredictionSetChanged) => {
      void queryClient.invalidateQueries({ queryKey: predictionSetKeys.allCounts(setId) });
      void queryClient.invalidateQueries({ queryKey: predictionSetKeys.coverage(setId) });
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
      socket.off('predictionSet:changed', onChange);
      socket.off('connect', subscribe);
      socket.io.off('reconnect', onReconnect);
      if (socket.connected) socket.emit('predictionSet:unsubscribe', setId);
    };
  }, [socket, queryClient, setId]);
}
