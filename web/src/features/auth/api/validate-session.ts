import { sessionUser, type SessionUser } from '@og/shared/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, isServerUnavailable } from '../../../lib/api-client';
import { readStoredUser, sessionUserQueryKey } from '../session';

/**
 * `GET /api/auth/validate`: 200 is the signed-in user; any other answer ends the session.
 * When the server cannot be reached at all, or says it cannot answer for now (503: its database
 * restarting), it has not judged the session, so the tab keeps its user.
 */
export async function validateSession(): Promise<SessionUser | null> {
  try {
    return await api.get('/api/auth/validate', sessionUser, { expectUnauthorized: true });
  } catch (error) {
    if (error instanceof ApiError && !isServerUnavailable(error)) return null;
    return readStoredUser();
  }
}

export function sessionUserQueryOptions() {
  return queryOptions({
    queryKey: sessionUserQueryKey,
    queryFn: validateSession,
    // The remembered user shows at once; the check runs once per page load.
    placeholderData: () => readStoredUser() ?? undefined,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export function useSessionUserQuery() {
  return useQuery(sessionUserQueryOptions());
}
