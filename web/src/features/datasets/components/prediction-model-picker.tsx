import { Alert, Radio, Stack, Text } from '@mantine/core';
import type { JobRun } from '@og/shared/contracts/jobs';
import type { PredictionModel } from '@og/shared/contracts/predictions';
import type { SchemeId } from '@og/shared/domain/schemes';
import { LiveJobProgressCard } from '../../../components/live-job-progress-card';
import { SchemeSelect, type SchemeOption } from '../../../components/scheme-select';
import type { PredictionRunState } from '../hooks/use-prediction-run';

/** SPEC §2's models, after ours that runs here; the others need a service this server is not configured with. */
export const predictionModelChoices: { value: PredictionModel; label: string; description: string; available: boolean }[] = [
  { value: 'builtin', label: 'Built-in coder', description: 'Runs here, offline: learns from coded titles, the team’s reviews and the scheme’s labels.', available: true },
  { value: 'occcanine', label: 'OccCanine', description: 'Not configured on this server (OCCCANINE_URL).', available: false },
  { value: 'gpt-4.1', label: 'GPT-4.1', description: 'Not configured on this server.', available: false },
  { value: 'deepseek', label: 'DeepSeek', description: 'Not configured on this server.', available: false },
  { value: 'claude-sonnet-4', label: 'Claude Sonnet 4', description: 'Not configured on this server.', available: false },
  { value: 'gemini-2.5-pro', label: 'Gemini 2.5 Pro', description: 'Not configured on this server.', available: false },
];

interface PredictionModelPickerProps {
  model: PredictionModel;
  onModelChange: (model: PredictionModel) => void;
  scheme: SchemeId | null;
  onSchemeChange: (scheme: SchemeId) => void;
  schemes: readonly SchemeOption[];
  run: PredictionRunState;
  onFinish: (job: JobRun) => void;
}

/** 'Pick a model' of 'Run predictions': the coder, the scheme to code into, then the run's live progress and what the coder learned from. */
export function PredictionModelPicker({ model, onModelChange, scheme, onSchemeChange, schemes, run, onFinish }: PredictionModelPickerProps) {
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
          {predictionModelChoices.map((choice) => (
            <Radio key={choice.value} value={choice.value} label={choice.label} description={choice.description} disabled={!choice.available} />
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
