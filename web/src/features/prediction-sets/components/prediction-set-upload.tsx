import { Alert, Button, CloseButton, FileButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { PredictionReading } from '@og/shared/contracts/prediction-reading';
import { fileUploadFailedMessage } from '@og/shared/errors/spec-messages';
import { IconAlertTriangle, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { LiveJobProgressCard } from '../../../components/live-job-progress-card';
import { formatBytes } from '../../../lib/format-bytes';
import { predictionSetKeys } from '../../../lib/prediction-sets/prediction-set-keys';
import { predictionFileAccept } from '../../../lib/prediction-sets/upload-prediction-set';
import { usePredictionSetUpload } from '../../../lib/prediction-sets/use-prediction-set-upload';
import { PredictionReadingStep } from '../../../components/prediction-reading/prediction-reading-step';
import { ReadingImportButton } from '../../../components/prediction-reading/reading-import-button';
import { usePredictionReading } from '../../../lib/prediction-sets/reading/use-prediction-reading';

/**
 * SPEC §2 '/review': 'Upload Prediction Set' (OCCPAST JSON, OccCANINE's CSV or any table of codes):
 * the column-mapping step for the file chosen (issue 28), then on 'Import' its upload percentage
 * and the import's live progress.
 */
export function PredictionSetUpload() {
  const { state, start, reset: dismiss } = usePredictionSetUpload();
  const [chosen, setChosen] = useState<File | null>(null);
  const reading = usePredictionReading(chosen);
  const resetInput = useRef<() => void>(null);
  const queryClient = useQueryClient();
  const refreshList = useCallback(() => void queryClient.invalidateQueries({ queryKey: predictionSetKeys.list() }), [queryClient]);

  const pick = (file: File | null) => {
    resetInput.current?.();
    if (!file) return;
    dismiss();
    setChosen(file);
  };
  const startImport = (file: File, fileReading: PredictionReading | null) => {
    setChosen(null);
    start(file, fileReading);
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="prediction-set-upload" data-status={state.status}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Text fw={600}>Upload Prediction Set</Text>
            <Text size="sm" c="dimmed">
              A JSON file of OCCPAST predictions, or a CSV of codes such as OccCANINE writes: you check how its columns are read before the import.
            </Text>
          </Stack>
          <FileButton onChange={pick} accept={predictionFileAccept} resetRef={resetInput} inputProps={{ 'data-testid': 'prediction-file-input' } as object}>
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} />} loading={state.status === 'uploading'} data-testid="prediction-file-button">
                Upload Prediction Set
              </Button>
            )}
          </FileButton>
        </Group>

        {reading && (
          <Stack gap="sm" data-testid="prediction-reading-step">
            <PredictionReadingStep state={reading} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setChosen(null)} data-testid="reading-cancel">
                Cancel
              </Button>
              <ReadingImportButton state={reading} onImport={startImport} sent={false} uploading={false} />
            </Group>
          </Stack>
        )}
        {state.status === 'uploading' && <UploadBar fileName={state.fileName} sent={state.sent} total={state.total} onCancel={dismiss} />}
        {state.status === 'accepted' && (
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {state.fileName} is uploaded. Reading its predictions:
              </Text>
              <CloseButton size="sm" onClick={dismiss} aria-label="Hide the import's progress" />
            </Group>
            <LiveJobProgressCard jobId={state.accepted.jobId} onFinish={refreshList} />
          </Stack>
        )}
        {state.status === 'failed' && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={`${state.fileName} was not uploaded`}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={dismiss}
            data-testid="prediction-upload-error"
          >
            {fileUploadFailedMessage(state.message)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function UploadBar({ fileName, sent, total, onCancel }: { fileName: string; sent: number; total: number; onCancel: () => void }) {
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  const text = `Uploading ${fileName}: ${formatBytes(sent)} of ${formatBytes(total)}`;
  return (
    <Stack gap={4} data-testid="prediction-upload-progress">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" truncate>
          {text}
        </Text>
        <Text size="sm" fw={500} c="dimmed" data-testid="prediction-upload-percent">
          {percent}%
        </Text>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Progress flex={1} value={percent} size="lg" radius="xl" striped animated aria-label={text} />
        <Button size="compact-xs" variant="subtle" color="gray" onClick={onCancel} data-testid="prediction-upload-cancel">
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
