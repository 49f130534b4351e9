import { Alert, Radio, Stack, Text } from '@mantine/core';
import type { JobRun } from '@og/shared/contracts/jobs';
import type { PredictionModel, PredictionModelList } from '@og/shared/contracts/predictions';
import type { SchemeId } from '@og/shared/domain/schemes';
import { LiveJobProgressCard } from '../../../components/live-job-progress-card';
import { SchemeSelect, type SchemeOption } from '../../../components/scheme-select';
import type { PredictionRunState } from '../hooks/use-prediction-run';

/** What each model is, beside SPEC's name. */
const modelDescriptions: Partial<Record<PredictionModel, string>> = {
  builtin: 'Runs here, offline: learns from coded titles, the team’s reviews and the scheme’s labels.',
  occcanine: 'OccCANINE’s own model, through the service this server is configured with (HISCO only).',
};

interface PredictionModelPickerProps {
  model: PredictionModel;
  onModelChange: (model: PredictionModel) => void;
  scheme: SchemeId | null;
  onSchemeChange: (scheme: SchemeId) => void;
  schemes: readonly SchemeOption[];
  /** From the server; the built-in coder alone until it answers. */
  models: PredictionModelList['models'] | undefined;
  run: PredictionRunState;
  onFinish: (job: JobRun) => void;
}

/** 'Pick a model' of 'Run predictions': the coder, the scheme to code into, then the run's live progress and what the coder learned from. */
export function PredictionModelPicker({ model, onModelChange, scheme, onSchemeChange, schemes, models, run, onFinish }: PredictionModelPickerProps) {
  if (run.status === 'started') {
    return (
      <Stack gap="sm" data-testid="predictions-run-progress">
        <LiveJobProgressCard jobId={run.jobId} onFinish={onFinish} />
        {run.learned && (
          <Text size="sm" data-testid="predictions-learned-from">
            {run.learned}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Radio.Group label="Model" value={model} onChange={(value) => onModelChange(value as PredictionModel)} data-testid="predictions-model">
        <Stack mt="xs" gap="sm">
          {(models ?? [{ model: 'builtin' as const, label: 'Built-in coder', available: true, reason: null }]).map((choice) => (
            <Radio
              key={choice.model}
              value={choice.model}
              label={choice.label}
              description={choice.available ? (modelDescriptions[choice.model] ?? 'Through the service this server is configured with.') : choice.reason}
              disabled={!choice.available}
            />
          ))}
        </Stack>
      </Radio.Group>
      <SchemeSelect schemes={schemes.filter((option) => option.codeCount === undefined || option.codeCount > 0)} value={scheme} onChange={onSchemeChange} label="Code into" data-testid="predictions-scheme" />
      {run.status === 'failed' && (
        <Alert color="red" title="The run did not start" data-testid="predictions-run-error">
          {run.message}
        </Alert>
      )}
    </Stack>
  );
}
