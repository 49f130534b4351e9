import { Button, Group, Paper, Stepper } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDatabasePlus } from '@tabler/icons-react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { useNavigate } from 'react-router';
import type { SchemeOption } from '../../../components/scheme-select';
import { notifyAdmin } from '../../../lib/notify';
import { useDatasetLimitsQuery } from '../api/get-dataset-limits';
import { useCsvProfile } from '../hooks/use-csv-profile';
import { datasetsListPath, useDatasetUpload } from '../hooks/use-dataset-upload';
import { useUploadGuesses } from '../hooks/use-upload-guesses';
import {
  buildMetadata,
  canCreate,
  canLeaveUploadStep,
  checkMetadata,
  completedStep,
  fileSizeRefusal,
  furthestStep,
  initialWizardState,
  wizardReducer,
  wizardSteps,
} from '../upload-wizard-state';
import { AddContextStep } from './add-context-step';
import { ConfirmSettingsStep } from './confirm-settings-step';
import { OtherOptionsStep } from './other-options-step';
import { UploadCsvStep } from './upload-csv-step';
import { UploadProgressView } from './upload-progress-view';

interface UploadWizardProps<TQueryFnData, TQueryKey extends QueryKey> {
  schemes: readonly SchemeOption[];
  /** The query of a scheme's code strings ('Occupation code'), to count the file's valid codes. */
  codeLabelsQuery: (scheme: string) => UseQueryOptions<TQueryFnData, Error, string[], TQueryKey>;
}

/**
 * The upload wizard (SPEC §2, §4): four steps, then the completed view with the upload's and
 * then the ingest job's live progress. The file is read in a Web Worker for its columns and
 * counts, and sent as it is (multipart) rather than as parsed rows (DESIGN §7). The columns and
 * the scheme are pre-selected from the file until the person chooses them.
 */
export function UploadWizard<TQueryFnData, TQueryKey extends QueryKey>({ schemes, codeLabelsQuery }: UploadWizardProps<TQueryFnData, TQueryKey>) {
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  // The server's limit, to refuse a larger file at once; unknown (null) while loading or if it cannot be read, when the server alone checks.
  const fileLimitBytes = useDatasetLimitsQuery().data?.fileLimitBytes ?? null;
  useEffect(() => dispatch({ type: 'limits', fileLimitBytes }), [fileLimitBytes]);
  const codeLabels = useQuery({ ...codeLabelsQuery(state.scheme ?? ''), enabled: state.scheme !== null });
  // Once 'Create dataset' is clicked the file is being sent: reading it for counts would only slow that down.
  // A file the server would refuse is not read at all.
  const csv = useCsvProfile(
    state.step === completedStep || fileSizeRefusal(state) !== null ? null : state.file,
    { titleColumn: state.titleColumn, codeColumn: state.codeColumn },
    state.scheme ? (codeLabels.data ?? null) : null,
  );
  const codeShares = useUploadGuesses(state, dispatch, csv);
  const upload = useDatasetUpload();
  const navigate = useNavigate();
  const furthest = furthestStep(state);
  const onLastStep = state.step === completedStep - 1;

  function create() {
    if (!state.file || !canCreate(state)) return;
    const metadata = buildMetadata(state, csv.profile);
    const checked = checkMetadata(metadata);
    if (!checked.ok) {
      notifyAdmin({ title: 'Dataset not created', message: checked.message, color: 'red' });
      return;
    }
    dispatch({ type: 'step', step: completedStep });
    upload.start(metadata, state.file);
  }

  function cancelUpload() {
    if (upload.cancel()) {
      notifyAdmin({ message: 'Upload cancelled: no dataset was created.', color: 'gray' });
      dispatch({ type: 'step', step: completedStep - 1 });
    } else if (upload.state.status === 'failed') {
      dispatch({ type: 'step', step: completedStep - 1 });
    } else {
      void navigate(datasetsListPath);
    }
  }

  return (
    <Paper withBorder radius="md" p="lg" maw={880} data-testid="upload-wizard">
      <Stepper
        active={state.step}
        onStepClick={(step) => dispatch({ type: 'step', step })}
        size="sm"
        data-testid="wizard-stepper"
      >
        {wizardSteps.map((label, index) => (
          <Stepper.Step
            key={label}
            label={label}
            allowStepSelect={state.step !== completedStep && index <= furthest && index !== state.step}
            data-testid={`wizard-step-${index}`}
          >
            {index === 0 && (
              <UploadCsvStep state={state} dispatch={dispatch} csv={csv} schemes={schemes} codeShares={codeShares} codeLabelsError={codeLabels.error} />
            )}
            {index === 1 && <AddContextStep state={state} dispatch={dispatch} headers={csv.header ?? []} />}
            {index === 2 && <OtherOptionsStep state={state} dispatch={dispatch} headers={csv.header ?? []} schemes={schemes} />}
            {index === 3 && <ConfirmSettingsStep state={state} dispatch={dispatch} csv={csv} schemes={schemes} />}
          </Stepper.Step>
        ))}
        <Stepper.Completed>
          <UploadProgressView fileName={state.file?.name ?? ''} upload={upload.state} onCancel={cancelUpload} />
        </Stepper.Completed>
      </Stepper>

      {state.step < completedStep && (
        <Group justify="space-between" mt="xl">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => dispatch({ type: 'step', step: state.step - 1 })}
            disabled={state.step === 0}
            data-testid="wizard-back"
          >
            Back
          </Button>
          {onLastStep ? (
            <Button leftSection={<IconDatabasePlus size={18} />} onClick={create} disabled={!canCreate(state)} data-testid="wizard-create">
              Create dataset
            </Button>
          ) : (
            <Button
              rightSection={<IconArrowRight size={16} />}
              onClick={() => dispatch({ type: 'step', step: state.step + 1 })}
              disabled={state.step === 0 ? !canLeaveUploadStep(state) : furthest <= state.step}
              data-testid="wizard-next"
            >
              Next
            </Button>
          )}
        </Group>
      )}
    </Paper>
  );
}
