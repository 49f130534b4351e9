import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { onUnauthorized } from '../../../lib/api-client';
import { useSessionUserQuery } from '../api/validate-session';
import { AuthContext, type AuthState } from '../auth-context';
import { forgetSession, storeUser } from '../session';

/**
 * Holds the signed-in user: checked with the server on load, kept in session storage for
 * reloads, and dropped (back to `/`) whenever the API says the session is gone.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const session = useSessionUserQuery();
  const user = session.data ?? null;
  const isChecking = session.isPending;

  useEffect(() => {
    storeUser(user);
  }, [user]);

  useEffect(
    () =>
      onUnauthorized(() => {
        forgetSession(queryClient);
        void navigate('/', { replace: true });
      }),
    [queryClient, navigate],
  );

  const state = useMemo<AuthState>(() => ({ user, isChecking }), [user, isChecking]);
  return <AuthContext value={state}>{children}</AuthContext>;
}
