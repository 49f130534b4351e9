import { fileUploadFailedMessage } from '@og/shared/errors/spec-messages';
import { Alert, Button, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconX } from '@tabler/icons-react';
import { LiveJobProgressCard } from '../../../components/live-job-progress-card';
import { describeProgressAmount, progressPercent } from '../../../lib/job-progress';
import type { DatasetUploadState } from '../hooks/use-dataset-upload';

interface UploadProgressViewProps {
  fileName: string;
  upload: DatasetUploadState;
  onCancel: () => void;
}

/**
 * The completed view (SPEC §2, §4; DESIGN §7): 'Your dataset is being generated...' with the
 * upload's progress, then the ingest job's live progress until the page moves to the list.
 */
export function UploadProgressView({ fileName, upload, onCancel }: UploadProgressViewProps) {
  return (
    <Stack gap="lg" pt="md" data-testid="wizard-completed" data-status={upload.status}>
      <Group gap="sm">
        {upload.status !== 'failed' && <Loader size="sm" />}
        <Title order={2} size="h3">
          Your dataset is being generated...
        </Title>
      </Group>

      {upload.status === 'uploading' && <UploadBar fileName={fileName} sent={upload.sent} total={upload.total} />}
      {upload.status === 'accepted' && (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {fileName} is uploaded. Reading it into the dataset:
          </Text>
          <LiveJobProgressCard jobId={upload.accepted.jobId} />
          <Text size="sm" c="dimmed">
            Your datasets open in a moment; the list keeps showing this progress.
          </Text>
        </Stack>
      )}
      {upload.status === 'failed' && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="The dataset was not created" data-testid="wizard-upload-error">
          {fileUploadFailedMessage(upload.message)}
        </Alert>
      )}

      <Group>
        <Button variant="default" leftSection={<IconX size={16} />} onClick={onCancel} data-testid="wizard-cancel">
          {upload.status === 'failed' ? 'Back to the settings' : 'Cancel'}
        </Button>
      </Group>
    </Stack>
  );
}

/** 'Uploading {file}: 120 MB of 2.1 GB' with its percentage and a moving bar. */
export function UploadBar({ fileName, sent, total, testId = 'wizard-upload-progress' }: { fileName: string; sent: number; total: number; testId?: string }) {
  const amount = { done: sent, total, unit: 'bytes' };
  const percent = progressPercent(amount) ?? 0;
  const text = `Uploading ${fileName}: ${describeProgressAmount(amount)}`;
  return (
    <Stack gap={4} data-testid={testId}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" truncate>
          {text}
        </Text>
        <Text size="sm" fw={500} c="dimmed">
          {Math.floor(percent)}%
        </Text>
      </Group>
      <Progress value={percent} size="lg" radius="xl" striped animated aria-label={text} />
    </Stack>
  );
}
