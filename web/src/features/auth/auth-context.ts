import type { SessionUser } from '@og/shared/contracts/auth';
import { createContext, useContext } from 'react';

export interface AuthState {
  /** The signed-in user, or null for an anonymous visitor. */
  user: SessionUser | null;
  /** True while the first session check runs for a tab that remembers no user. */
  isChecking: boolean;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
