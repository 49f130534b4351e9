import { defaultProject, sessionUser, type LoginRequest, type SessionUser } from '@og/shared/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionUserQueryKey } from '../session';

export type LoginCredentials = Pick<LoginRequest, 'username' | 'password'>;

/** `POST /api/auth/login`: the user on success; any non-2xx answer throws an ApiError. */
export async function login(credentials: LoginCredentials): Promise<SessionUser> {
  const body: LoginRequest = { ...credentials, project: defaultProject };
  return api.post('/api/auth/login', body, sessionUser, { expectUnauthorized: true });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => queryClient.setQueryData(sessionUserQueryKey, user),
  });
}
