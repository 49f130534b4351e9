import { FileInput, Modal, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconFileTypeJs } from '@tabler/icons-react';
import { useState, type ComponentPropsWithoutRef } from 'react';
import { NotBuiltYetButton, notBuiltReasons } from './not-built-yet';
import { ModalActions } from '../../../components/modal-actions';

/** SPEC §2: the models 'Run predictions' offers. */
const predictionModels = ['OccCanine', 'GPT-4.1', 'DeepSeek', 'Claude Sonnet 4', 'Gemini 2.5 Pro'] as const;

interface RunPredictionsModalProps {
  opened: boolean;
  onClose: () => void;
  datasetTitle: string;
}

/** SPEC §2 'Run predictions': upload a JSON file of prediction results, or pick a model. */
export function RunPredictionsModal({ opened, onClose, datasetTitle }: RunPredictionsModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Run predictions" centered size="lg">
      {opened && <PredictionsForm datasetTitle={datasetTitle} onClose={onClose} />}
    </Modal>
  );
}

function PredictionsForm({ datasetTitle, onClose }: Omit<RunPredictionsModalProps, 'opened'>) {
  const [source, setSource] = useState<'file' | 'model'>('model');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [model, setModel] = useState<string>(predictionModels[0]);

  function chooseFile(chosen: File | null) {
    // SPEC §5: prediction set file inputs accept only .json.
    if (chosen && !/\.json$/i.test(chosen.name)) {
      setFileError(`${chosen.name} is not a .json file.`);
      setFile(null);
      return;
    }
    setFileError(null);
    setFile(chosen);
  }

  return (
    <Stack gap="lg" data-testid="predictions-modal">
      <Text size="sm" c="dimmed">
        Predict occupation codes for every title of{' '}
        <Text span inherit fw={600} c="var(--mantine-color-text)" dir="auto">
          {datasetTitle}
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
        <FileInput
          label="Prediction results"
          description="A .json file of predictions for this dataset's titles."
          placeholder="Choose a .json file"
          accept=".json,application/json"
          clearable
          leftSection={<IconFileTypeJs size={18} />}
          value={file}
          onChange={chooseFile}
          error={fileError}
          fileInputProps={{ 'data-testid': 'predictions-file-input' } as ComponentPropsWithoutRef<'input'>}
          data-testid="predictions-file"
        />
      )}
      <ModalActions onCancel={onClose}>
        <NotBuiltYetButton reason={notBuiltReasons.predictions} data-testid="predictions-run">
          Run predictions
        </NotBuiltYetButton>
      </ModalActions>
    </Stack>
  );
}
