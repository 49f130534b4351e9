import { Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useLogout } from '../api/logout';
import { useAuth } from '../auth-context';

export function LogoutButton() {
  const { user } = useAuth();
  const logout = useLogout();
  if (!user) return null;

  return (
    <Button
      variant="default"
      leftSection={<IconLogout size={18} />}
      loading={logout.isPending}
      onClick={() => logout.mutate()}
      data-testid="logout-button"
    >
      Logout {user.name}
    </Button>
  );
}
