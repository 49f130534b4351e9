import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

export function NotFoundPage() {
  const { pathname } = useLocation();

  return (
    <Stack align="flex-start" gap="md" py="xl" data-testid="not-found">
      <title>Page not found · The Occupation Graph</title>
      <Text c="dimmed" fw={700} fz={64} lh={1}>
        404
      </Text>
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text c="dimmed">
        There is no page at <code>{pathname}</code>.
      </Text>
      <Button component={Link} to="/" variant="light">
        Back to the start page
      </Button>
    </Stack>
  );
}
