import { sessionUser, userStorageKey, type SessionUser } from '@og/shared/contracts/auth';
import type { QueryClient } from '@tanstack/react-query';

/** Where the signed-in user lives in the query cache (and so in the auth context). */
export const sessionUserQueryKey = ['auth', 'user'] as const;

/** The user this tab remembers from an earlier page load, if the stored value is still a user. */
export function readStoredUser(): SessionUser | null {
  const stored = sessionStorage.getItem(userStorageKey);
  if (stored === null) return null;
  try {
    return sessionUser.safeParse(JSON.parse(stored)).data ?? null;
  } catch {
    return null;
  }
}

export function storeUser(user: SessionUser | null): void {
  if (user) sessionStorage.setItem(userStorageKey, JSON.stringify(user));
  else sessionStorage.removeItem(userStorageKey);
}

/** Signs the user out in this tab: no user, and nothing cached from their session. */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.setQueryData(sessionUserQueryKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionUserQueryKey[0] });
}
