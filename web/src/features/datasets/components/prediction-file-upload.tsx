import { fileUploadFailedMessage } from '@og/shared/errors/spec-messages';
import { Alert, FileInput, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileTypeJs } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentPropsWithoutRef } from 'react';
import { LiveJobProgressCard } from '../../../components/live-job-progress-card';
import { datasetKeys } from '../api/dataset-keys';
import { predictionFileAccept } from '../../../lib/prediction-sets/upload-prediction-set';
import type { PredictionSetUploadState } from '../../../lib/prediction-sets/use-prediction-set-upload';
import { PredictionReadingStep } from '../../../components/prediction-reading/prediction-reading-step';
import type { PredictionReadingState } from '../../../lib/prediction-sets/reading/use-prediction-reading';
import { UploadBar } from './upload-progress-view';

/** What the file input takes: OCCPAST JSON, or the CSV OccCANINE writes (the API accepts both). */
const predictionFileName = /\.(json|csv)$/i;

interface PredictionFileUploadProps {
  file: File | null;
  onFileChange: (file: File | null) => void;
  upload: PredictionSetUploadState;
  /** The column-mapping step's state for the file chosen (issue 28). */
  reading: PredictionReadingState | null;
}

/**
 * The 'upload a JSON file of prediction results' part of 'Run predictions': the file, how its
 * columns are read (the column-mapping step, until the modal's Import), its upload with a
 * percentage, then its import's live progress (the new set's row shows the same).
 */
export function PredictionFileUpload({ file, onFileChange, upload, reading }: PredictionFileUploadProps) {
  const [fileError, setFileError] = useState<string | null>(null);
  const queryClient = useQueryClient();

  function chooseFile(chosen: File | null) {
    if (chosen && !predictionFileName.test(chosen.name)) {
      setFileError(`${chosen.name} is not a .json or .csv file.`);
      onFileChange(null);
      return;
    }
    setFileError(null);
    onFileChange(chosen);
  }

  return (
    <Stack gap="md">
      <FileInput
        label="Prediction results"
        description="A .json file of predictions (OCCPAST), or a .csv of codes such as OccCANINE writes, for this dataset's titles."
        placeholder="Choose a .json or .csv file"
        accept={predictionFileAccept}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the file' }}
        disabled={upload.status === 'uploading'}
        leftSection={<IconFileTypeJs size={18} />}
        value={file}
        onChange={chooseFile}
        error={fileError}
        fileInputProps={{ 'data-testid': 'predictions-file-input' } as ComponentPropsWithoutRef<'input'>}
        data-testid="predictions-file"
      />
      {reading && (upload.status === 'idle' || upload.status === 'failed') && <PredictionReadingStep state={reading} />}
      {upload.status === 'uploading' && file && <UploadBar fileName={file.name} sent={upload.sent} total={upload.total} testId="predictions-upload-progress" />}
      {upload.status === 'accepted' && (
        <Stack gap="xs" data-testid="predictions-import">
          <Text size="sm" c="dimmed">
            {file?.name ?? 'The file'} is uploaded. Importing its predictions:
          </Text>
          <LiveJobProgressCard jobId={upload.accepted.jobId} onFinish={() => void queryClient.invalidateQueries({ queryKey: datasetKeys.list() })} />
        </Stack>
      )}
      {upload.status === 'failed' && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="The predictions were not added" data-testid="predictions-upload-error">
          {fileUploadFailedMessage(upload.message)}
        </Alert>
      )}
    </Stack>
  );
}
