import type { ReactNode } from 'react';
import { useAuth } from '../features/auth/auth-context';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { RealtimeProvider } from '../lib/realtime';
import { AppLayout } from './shell/app-layout';

/** The root route: session-aware providers (they need the router) around the shell. */
export function RootRoute() {
  return (
    <AuthProvider>
      <RealtimeForSession>
        <AppLayout />
      </RealtimeForSession>
    </AuthProvider>
  );
}

/** Live updates only while someone is logged in; logging out closes the connection. */
function RealtimeForSession({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return <RealtimeProvider userId={user?.id ?? null}>{children}</RealtimeProvider>;
}
