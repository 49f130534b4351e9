import { Text } from '@mantine/core';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { useAuth } from '../../features/auth/auth-context';
import { LazyLoginModal } from '../../features/auth/components/lazy-login-modal';
import { safeNextPath } from '../../features/auth/next-path';
import { SessionCheckLoader } from '../../features/auth/components/session-check-loader';

/**
 * `/login?next=/datasets`: the login modal, and once logged in the page asked for (default `/`;
 * only a path of this site). A logged-in visitor goes there at once; closing the modal goes home.
 */
export function LoginPage() {
  const { user, isChecking } = useAuth();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNextPath(searchParams.get('next'));

  if (user) return <Navigate to={next} replace />;
  if (isChecking) return <SessionCheckLoader />;
  return (
    <Page title="Login">
      <Text c="dimmed">Log in to go on{next === '/' ? '.' : ' to the page you asked for.'}</Text>
      <LazyLoginModal opened onClose={() => void navigate('/', { replace: true })} />
    </Page>
  );
}
