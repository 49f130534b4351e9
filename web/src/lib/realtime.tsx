import type { ClientToServerEvents, ServerToClientEvents } from '@og/shared/events/job-events';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Socket } from 'socket.io-client';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const RealtimeContext = createContext<RealtimeSocket | null>(null);

interface RealtimeProviderProps {
  /** The signed-in user; no socket is opened for anonymous visitors. */
  userId: string | null;
  children: ReactNode;
}

/**
 * One Socket.IO connection per signed-in user, authenticated by the session cookie at the
 * handshake. A new user gets a new connection; signing out closes it. The client library is
 * loaded with the first login: anonymous visitors of the public pages never download it.
 */
export function RealtimeProvider({ userId, children }: RealtimeProviderProps) {
  const [socket, setSocket] = useState<RealtimeSocket | null>(null);

  useEffect(() => {
    if (!userId) return;
    let opened: RealtimeSocket | null = null;
    let cancelled = false;
    void import('socket.io-client').then(
      ({ io }) => {
        if (cancelled) return;
        opened = io({ path: '/socket.io', withCredentials: true, autoConnect: false, forceNew: true });
        opened.connect();
        setSocket(opened);
      },
      // Without it the pages still work; they are only not live until the next reload.
      (error: unknown) => console.warn('Live updates are off: the socket client could not be loaded:', error),
    );
    return () => {
      cancelled = true;
      opened?.disconnect();
      setSocket(null);
    };
  }, [userId]);

  return <RealtimeContext.Provider value={socket}>{children}</RealtimeContext.Provider>;
}

/** The live connection, or null while nobody is signed in. */
export function useRealtimeSocket(): RealtimeSocket | null {
  return useContext(RealtimeContext);
}

