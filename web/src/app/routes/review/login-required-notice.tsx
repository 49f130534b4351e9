import { Alert, Group } from '@mantine/core';
import { LoginButton } from '../../../features/auth/components/login-button';

/** /review is not guarded (SPEC §2), but prediction sets are their users': an anonymous visitor is asked to log in. */
export function LoginRequiredNotice() {
  return (
    <Alert variant="light" title="Log in to review prediction sets" maw={560} data-testid="review-login-required">
      <Group justify="space-between" gap="sm">
        Prediction sets belong to the people who upload them and those they share datasets with.
        <LoginButton />
      </Group>
    </Alert>
  );
}
