import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { afterMutations } from '../../../lib/after-mutations';
import { useRealtimeSocket } from '../../../lib/realtime';
import { linkKeys, schemePair, type SchemePair } from '../api/link-keys';

/**
 * Hears other admins' link edits of a pair over Socket.IO (`links:changed`) and reads the maps
 * again; after a lost connection they are read again too (events meanwhile are lost). While an
 * edit of this page is pending (its optimistic change shown, its own refetch to follow) the maps
 * are read again once every edit of the page has settled: that refetch may have read the store
 * before the other admin's change.
 */
export function useLiveLinkMaps(pair: SchemePair, onLinksChanged: () => void): void {
  const socket = useRealtimeSocket();
  const queryClient = useQueryClient();
  const changed = useEffectEvent(onLinksChanged);
  const [first, second] = pair;

  useEffect(() => {
    if (!socket) return;
    const rooms: [typeof first, typeof second] = [first, second];
    /** Set while a change heard waits for this page's edits to settle. */
    let waiting: (() => void) | null = null;
    const refresh = () => {
      if (waiting) return;
      waiting = afterMutations(queryClient, linkKeys.edits(rooms), () => {
        waiting = null;
        changed();
        void queryClient.invalidateQueries({ queryKey: linkKeys.maps(rooms) });
      });
    };
    const onChange = ({ schemes }: { schemes: SchemePair }) => {
      const heard = schemePair(...schemes);
      if (heard[0] === first && heard[1] === second) refresh();
    };
    const subscribe = () => socket.emit('links:subscribe', rooms, () => undefined);
    socket.on('links:changed', onChange);
    socket.on('connect', subscribe);
    socket.io.on('reconnect', refresh);
    if (socket.connected) subscribe();
    return () => {
      socket.off('links:changed', onChange);
      socket.off('connect', subscribe);
      socket.io.off('reconnect', refresh);
      waiting?.();
      if (socket.connected) socket.emit('links:unsubscribe', rooms);
    };
  }, [socket, queryClient, first, second]);
}
