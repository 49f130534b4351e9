import { Button, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import type { DatasetSummary } from '@og/shared/contracts/datasets';
import type { PredictionModel } from '@og/shared/contracts/predictions';
import { isSchemeId, type SchemeId } from '@og/shared/domain/schemes';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ModalActions } from '../../../components/modal-actions';
import type { SchemeOption } from '../../../components/scheme-select';
import { usePredictionSetUpload } from '../../../lib/prediction-sets/use-prediction-set-upload';
import { ReadingImportButton } from '../../../components/prediction-reading/reading-import-button';
import { usePredictionReading } from '../../../lib/prediction-sets/reading/use-prediction-reading';
import { usePredictionModels } from '../api/get-prediction-models';
import { usePredictionRun } from '../hooks/use-prediction-run';
import { PredictionFileUpload } from './prediction-file-upload';
import { PredictionModelPicker } from './prediction-model-picker';

interface RunPredictionsModalProps {
  opened: boolean;
  onClose: () => void;
  dataset: Pick<DatasetSummary, 'id' | 'metadata'>;
  schemes: readonly SchemeOption[];
}

/** SPEC §2 'Run predictions': upload a JSON file of prediction results, or pick a model. */
export function RunPredictionsModal({ opened, onClose, dataset, schemes }: RunPredictionsModalProps) {
  // Wide while a file's column-mapping step shows its columns and entries.
  const [wide, setWide] = useState(false);
  return (
    <Modal opened={opened} onClose={onClose} title="Run predictions" centered size={wide ? 'xl' : 'lg'}>
      {opened && <PredictionsForm dataset={dataset} schemes={schemes} onClose={onClose} onWideChange={setWide} />}
    </Modal>
  );
}

/** The scheme a run codes into first: the one the wizard asked predictions in, else the dataset's code column's. */
function defaultScheme(metadata: DatasetSummary['metadata']): SchemeId | null {
  const wanted = metadata.predictScheme ?? metadata.scheme ?? null;
  return wanted && isSchemeId(wanted) ? wanted : null;
}

function PredictionsForm({ dataset, schemes, onClose, onWideChange }: Omit<RunPredictionsModalProps, 'opened'> & { onWideChange: (wide: boolean) => void }) {
  const [source, setSource] = useState<'file' | 'model'>('model');
  const [file, setFile] = useState<File | null>(null);
  const [model, setModel] = useState<PredictionModel>('builtin');
  const [scheme, setScheme] = useState<SchemeId | null>(() => defaultScheme(dataset.metadata));
  const upload = usePredictionSetUpload(dataset.id);
  const reading = usePredictionReading(source === 'file' ? file : null);
  const models = usePredictionModels().data?.models;
  const run = usePredictionRun(dataset.id);
  const status = upload.state.status;
  const sent = status === 'uploading' || status === 'accepted';
  const schemeLabel = schemes.find((option) => option.id === scheme)?.label ?? scheme ?? '';
  const mapping = reading !== null && (status === 'idle' || status === 'failed');
  useEffect(() => onWideChange(mapping), [mapping, onWideChange]);

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
        disabled={status === 'uploading' || run.state.status === 'started'}
        fullWidth
        data-testid="predictions-source"
      />
      {source === 'model' ? (
        <PredictionModelPicker
          model={model}
          onModelChange={setModel}
          scheme={scheme}
          onSchemeChange={setScheme}
          schemes={schemes}
          models={models}
          run={run.state}
          onFinish={(job) => run.finished(job, schemeLabel)}
        />
      ) : (
        <PredictionFileUpload file={file} onFileChange={chooseFile} upload={upload.state} reading={reading} />
      )}
      <ModalActions onCancel={onClose} cancelLabel={status === 'accepted' || run.state.status === 'started' ? 'Close' : 'Cancel'} cancelTestId="predictions-cancel">
        {source === 'model' ? (
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            disabled={!scheme || run.state.status === 'started'}
            loading={run.state.status === 'starting'}
            onClick={() => scheme && run.start(scheme, model)}
            data-testid="predictions-run"
          >
            Run predictions
          </Button>
        ) : (
          <ReadingImportButton state={reading} onImport={upload.start} sent={sent} uploading={status === 'uploading'} />
        )}
      </ModalActions>
    </Stack>
  );
}
