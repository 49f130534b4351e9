import { Center, Loader } from '@mantine/core';
import { Outlet, useNavigate } from 'react-router';
import { useAuth } from '../auth-context';
import { LazyLoginModal } from './lazy-login-modal';

/** Guards a route subtree: its pages render only for a logged-in user (SPEC §2). */
export function RequireLogin() {
  const { user, isChecking } = useAuth();
  const navigate = useNavigate();

  if (user) return <Outlet />;
  if (isChecking) {
    return (
      <Center h={200}>
        <Loader aria-label="Checking your session" />
      </Center>
    );
  }
  return (
    <LazyLoginModal
      opened
      onClose={() => void navigate('/')}
      reason="You need to login to access this page"
    />
  );
}
