import { Outlet, useNavigate } from 'react-router';
import { useAuth } from '../auth-context';
import { LazyLoginModal } from './lazy-login-modal';
import { SessionCheckLoader } from './session-check-loader';

/** Guards a route subtree: its pages render only for a logged-in user (SPEC §2). */
export function RequireLogin() {
  const { user, isChecking } = useAuth();
  const navigate = useNavigate();

  if (user) return <Outlet />;
  if (isChecking) return <SessionCheckLoader />;
  return (
    <LazyLoginModal
      opened
      onClose={() => void navigate('/')}
      reason="You need to login to access this page"
    />
  );
}
