import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

interface LoadErrorAlertProps {
  /** What could not be read ('Network response was not ok' for SPEC's list fetches). */
  title: string;
  message: string;
  onRetry: () => void;
  'data-testid'?: string;
}

/** A read that failed: what, why, and 'Try again' (lists, trees, results alike). */
export function LoadErrorAlert({ title, message, onRetry, 'data-testid': testId }: LoadErrorAlertProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={title} data-testid={testId}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
