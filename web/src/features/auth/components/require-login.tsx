import { Center, Loader } from '@mantine/core';
import { Outlet, useNavigate } from 'react-router';
import { useAuth } from '../auth-context';
import { LoginModal } from './login-modal';

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
    <LoginModal
      opened
      onClose={() => void navigate('/')}
      reason="You need to login to access this page"
    />
  );
}
