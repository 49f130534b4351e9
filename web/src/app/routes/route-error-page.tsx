import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown inside the shell when a page throws while rendering. */
export function RouteErrorPage() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'An unexpected error occurred.';

  return (
    <Stack maw={640} py="md">
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title="Something went wrong">
        {message}
      </Alert>
      <Group>
        <Button variant="default" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
        <Button component={Link} to="/" variant="subtle">
          Back to the start page
        </Button>
      </Group>
    </Stack>
  );
}
