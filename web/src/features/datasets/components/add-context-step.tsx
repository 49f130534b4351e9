import { Select, Stack, Textarea, TextInput } from '@mantine/core';
import { periodYearBounds } from '@og/shared/contracts/datasets';
import type { Dispatch } from 'react';
import { YearRangePicker } from '../../../components/year-range-picker';
import { contextErrors, titleLanguages, type UploadWizardState, type WizardAction } from '../upload-wizard-state';

interface AddContextStepProps {
  state: UploadWizardState;
  dispatch: Dispatch<WizardAction>;
}

/** Step 2, 'Add context': the titles' language, the years they come from, where they come from, and the Wikidata item they describe. */
export function AddContextStep({ state, dispatch }: AddContextStepProps) {
  const errors = contextErrors(state);
  return (
    <Stack gap="md" pt="md" maw={560}>
      <Select
        label="Language of the titles"
        placeholder="Choose a language"
        data={titleLanguages.map((language) => ({ ...language }))}
        value={state.language}
        onChange={(language) => dispatch({ type: 'set', changes: { language } })}
        clearable
        data-testid="wizard-language"
      />
      <YearRangePicker
        label="Period of the titles"
        description="The years the titles come from: choose the first and the last year, or one year twice."
        value={state.period}
        onChange={(period) => dispatch({ type: 'set', changes: { period } })}
        minYear={periodYearBounds.min}
        maxYear={periodYearBounds.max}
        data-testid="wizard-period"
      />
      <Textarea
        label="Provenance"
        description="Where the titles come from: the source, its years and places, how they were transcribed."
        placeholder="eg. Enumerators' books of the 1881 census of England and Wales"
        autosize
        minRows={2}
        maxRows={8}
        maxLength={2_000}
        value={state.provenance}
        onChange={(event) => dispatch({ type: 'set', changes: { provenance: event.currentTarget.value } })}
        data-testid="wizard-provenance"
      />
      <TextInput
        label="Wikidata QID"
        description="The Wikidata item of the source, if it has one."
        placeholder="eg. Q42"
        value={state.wikidataQid}
        onChange={(event) => dispatch({ type: 'set', changes: { wikidataQid: event.currentTarget.value } })}
        error={errors.wikidataQid}
        data-testid="wizard-wikidata"
      />
    </Stack>
  );
}
