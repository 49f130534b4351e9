import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, noContent } from '../../../lib/api-client';
import { forgetSession } from '../session';

/** `POST /api/auth/logout`: ends the server session. */
export async function logout(): Promise<void> {
  await api.post('/api/auth/logout', undefined, noContent);
}

/** Logs out, then forgets the user in this tab and goes home, whatever the server answered. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      forgetSession(queryClient);
      void navigate('/');
    },
  });
}
