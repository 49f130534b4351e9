import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { onUnauthorized } from '../../../lib/api-client';
import { useSessionUserQuery } from '../api/validate-session';
import { AuthContext, type AuthState } from '../auth-context';
import { forgetSession, readStoredUser, storeUser } from '../session';

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

  // A remembered user whose session the server no longer knows is a 401 like any other: back to
  // `/` (SPEC §6), even on a page that had not yet called the API when the check answered.
  const remembered = useRef(readStoredUser() !== null);
  const answeredNobody = session.isSuccess && !session.isPlaceholderData && session.data === null;
  useEffect(() => {
    if (!answeredNobody || !remembered.current) return;
    remembered.current = false;
    void navigate('/', { replace: true });
  }, [answeredNobody, navigate]);

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
