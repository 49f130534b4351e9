import { Checkbox, MultiSelect, Stack } from '@mantine/core';
import type { Dispatch } from 'react';
import { SchemeSelect, type SchemeOption } from '../../../components/scheme-select';
import {
  canPredictSingleScheme,
  canRestrictPredictions,
  optionsErrors,
  totalsColumnChoices,
  type UploadWizardState,
  type WizardAction,
} from '../upload-wizard-state';

interface OtherOptionsStepProps {
  state: UploadWizardState;
  dispatch: Dispatch<WizardAction>;
  headers: readonly string[];
  schemes: readonly SchemeOption[];
}

/** Step 3, 'Other options': totals columns, predictions in one scheme, predictions restricted to the file's codes. */
export function OtherOptionsStep({ state, dispatch, headers, schemes }: OtherOptionsStepProps) {
  const errors = optionsErrors(state);
  const predictable = canPredictSingleScheme(state);
  const restrictable = canRestrictPredictions(state);
  return (
    <Stack gap="lg" pt="md" maw={560}>
      <Stack gap="xs">
        <Checkbox
          label="Specify totals columns"
          description="Columns of counts (eg. workers, men, women) summed for each title."
          checked={state.useTotals}
          onChange={(event) => dispatch({ type: 'set', changes: { useTotals: event.currentTarget.checked } })}
          data-testid="wizard-use-totals"
        />
        <MultiSelect
          ml={32}
          label="Totals columns"
          placeholder={state.useTotals ? 'Choose columns' : undefined}
          data={totalsColumnChoices(headers, state)}
          value={state.totalsColumns}
          onChange={(totalsColumns) => dispatch({ type: 'set', changes: { totalsColumns } })}
          disabled={!state.useTotals}
          searchable
          clearable
          data-testid="wizard-totals-columns"
        />
      </Stack>

      <Stack gap="xs">
        <Checkbox
          label="Make predictions in a given scheme"
          description={predictable ? 'Predict codes of one scheme for every title.' : 'Needs a title column (step 1).'}
          checked={state.predictSingleScheme}
          disabled={!predictable}
          onChange={(event) => dispatch({ type: 'set', changes: { predictSingleScheme: event.currentTarget.checked } })}
          data-testid="wizard-predict-single"
        />
        <div style={{ marginLeft: 32 }}>
          <SchemeSelect
            label="Prediction scheme"
            schemes={schemes}
            value={state.predictScheme}
            onChange={(predictScheme) => dispatch({ type: 'set', changes: { predictScheme } })}
            disabled={!state.predictSingleScheme}
            placeholder={state.predictSingleScheme ? undefined : 'Tick the box above first'}
            error={errors.predictScheme}
            data-testid="wizard-predict-scheme"
          />
        </div>
      </Stack>

      <Checkbox
        label="Restrict predictions to associated codes"
        description={restrictable ? 'Predictions for a title keep to the codes the file gives it.' : 'Needs both a title and a code column (step 1).'}
        checked={state.restrictPredictionsWithCodes}
        disabled={!restrictable}
        onChange={(event) => dispatch({ type: 'set', changes: { restrictPredictionsWithCodes: event.currentTarget.checked } })}
        data-testid="wizard-restrict"
      />
    </Stack>
  );
}
