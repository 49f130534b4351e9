import type { ClientToServerEvents, ServerToClientEvents } from '@og/shared/events/job-events';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { io, type Socket } from 'socket.io-client';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const RealtimeContext = createContext<RealtimeSocket | null>(null);

interface RealtimeProviderProps {
  /** The signed-in user; no socket is opened for anonymous visitors. */
  userId: string | null;
  children: ReactNode;
}

/**
 * One Socket.IO connection per signed-in user, authenticated by the session cookie at the
 * handshake. A new user gets a new connection; signing out closes it.
 */
export function RealtimeProvider({ userId, children }: RealtimeProviderProps) {
  const socket = useMemo(() => (userId ? createSocket() : null), [userId]);

  useEffect(() => {
    if (!socket) return;
    socket.connect();
    return () => {
      socket.disconnect();
    };
  }, [socket]);

  return <RealtimeContext.Provider value={socket}>{children}</RealtimeContext.Provider>;
}

/** The live connection, or null while nobody is signed in. */
export function useRealtimeSocket(): RealtimeSocket | null {
  return useContext(RealtimeContext);
}

function createSocket(): RealtimeSocket {
  return io({ path: '/socket.io', withCredentials: true, autoConnect: false, forceNew: true });
}
