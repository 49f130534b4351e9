import { Button, Modal, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import type { DatasetSummary } from '@og/shared/contracts/datasets';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ModalActions } from '../../../components/modal-actions';
import { NotBuiltYetButton, notBuiltReasons } from './not-built-yet';
import { usePredictionSetKit } from '../prediction-set-kit';
import { PredictionFileUpload } from './prediction-file-upload';

/** SPEC §2: the models 'Run predictions' offers. */
const predictionModels = ['OccCanine', 'GPT-4.1', 'DeepSeek', 'Claude Sonnet 4', 'Gemini 2.5 Pro'] as const;

interface RunPredictionsModalProps {
  opened: boolean;
  onClose: () => void;
  dataset: Pick<DatasetSummary, 'id' | 'metadata'>;
}

/** SPEC §2 'Run predictions': upload a JSON file of prediction results, or pick a model. */
export function RunPredictionsModal({ opened, onClose, dataset }: RunPredictionsModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Run predictions" centered size="lg">
      {opened && <PredictionsForm dataset={dataset} onClose={onClose} />}
    </Modal>
  );
}

function PredictionsForm({ dataset, onClose }: Omit<RunPredictionsModalProps, 'opened'>) {
  const [source, setSource] = useState<'file' | 'model'>('model');
  const [file, setFile] = useState<File | null>(null);
  const [model, setModel] = useState<string>(predictionModels[0]);
  const upload = usePredictionSetKit().useUpload(dataset.id);
  const status = upload.state.status;
  const sent = status === 'uploading' || status === 'accepted';

  function chooseFile(chosen: File | null) {
    upload.reset();
    setFile(chosen);
  }

  return (
    <Stack gap="lg" data-testid="predictions-modal">
      <Text size="sm" c="dimmed">
        Predict occupation codes for every title of{' '}
        <Text span inherit fw={600} c="var(--mantine-color-text)" dir="auto">
          {dataset.metadata.title}
        </Text>
        .
      </Text>
      <SegmentedControl
        value={source}
        onChange={(value) => setSource(value as 'file' | 'model')}
        data={[
          { value: 'model', label: 'Pick a model' },
          { value: 'file', label: 'Upload prediction results' },
        ]}
        // An upload under way belongs to the file tab: it stays in view until it is done.
        disabled={status === 'uploading'}
        fullWidth
        data-testid="predictions-source"
      />
      {source === 'model' ? (
        <Radio.Group label="Model" value={model} onChange={setModel} data-testid="predictions-model">
          <Stack mt="xs" gap="sm">
            {predictionModels.map((name) => (
              <Radio key={name} value={name} label={name} />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <PredictionFileUpload file={file} onFileChange={chooseFile} upload={upload.state} />
      )}
      <ModalActions onCancel={onClose} cancelLabel={status === 'accepted' ? 'Close' : 'Cancel'} cancelTestId="predictions-cancel">
        {source === 'model' ? (
          <NotBuiltYetButton reason={notBuiltReasons.predictions} data-testid="predictions-run">
            Run predictions
          </NotBuiltYetButton>
        ) : (
          <Button
            leftSection={<IconUpload size={16} />}
            disabled={!file || sent}
            loading={status === 'uploading'}
            onClick={() => file && upload.start(file)}
            data-testid="predictions-upload"
          >
            Upload predictions
          </Button>
        )}
      </ModalActions>
    </Stack>
  );
}
