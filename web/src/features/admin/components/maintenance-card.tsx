import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useStartSessionCleanup } from '../api/start-session-cleanup';

interface MaintenanceCardProps {
  /** Called with the id of the clean-up job once the server has accepted it. */
  onCleanupStarted: (jobId: string) => void;
  /** Shown under the actions: the progress of the job just started. */
  children?: ReactNode;
}

/** Administrator tools that keep the service tidy: session clean-up and the queue dashboard. */
export function MaintenanceCard({ onCleanupStarted, children }: MaintenanceCardProps) {
  const cleanup = useStartSessionCleanup();

  return (
    <Card withBorder radius="md" padding="lg" maw={760} data-testid="maintenance-card">
      <Stack gap="md">
        <div>
          <Title order={3} size="h4">
            Maintenance
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Expired login sessions, and upload files that no job will read (left by a crash), are deleted every hour.
            Start a clean-up now to remove them at once, or open the queue dashboard to see every background job.
          </Text>
        </div>

        <Group gap="md">
          <Button
            leftSection={<IconTrash size={18} />}
            loading={cleanup.isPending}
            onClick={() => cleanup.mutate(undefined, { onSuccess: ({ jobId }) => onCleanupStarted(jobId) })}
            data-testid="cleanup-sessions"
          >
            Clean up expired sessions
          </Button>
          {/* A page the server renders, so a plain link rather than client-side navigation. */}
          <Anchor href="/admin/queues" size="sm" data-testid="queue-dashboard-link">
            <Group gap={4} component="span">
              Open queue dashboard
              <IconExternalLink size={14} />
            </Group>
          </Anchor>
        </Group>

        {children}
      </Stack>
    </Card>
  );
}
