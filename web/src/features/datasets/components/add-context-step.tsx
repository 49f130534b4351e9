import { type ComboboxItem, type ComboboxParsedItem, type OptionsFilter, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { periodYearBounds } from '@og/shared/contracts/datasets';
import { type Dispatch, useMemo } from 'react';
import { YearRangePicker } from '../../../components/year-range-picker';
import { useDatasetLanguagesQuery } from '../api/get-dataset-languages';
import {
  contextErrors,
  languageColumnChoices,
  languageFromColumn,
  titleLanguageChoices,
  type UploadWizardState,
  type WizardAction,
} from '../upload-wizard-state';

interface AddContextStepProps {
  state: UploadWizardState;
  dispatch: Dispatch<WizardAction>;
  /** The file's header: the columns a language column may be. */
  headers: readonly string[];
}

/** A search finds a language by a part of its name, or by its code ('nl' finds Dutch). */
const languageFilter: OptionsFilter = ({ options, search }) => {
  const query = search.trim().toLowerCase();
  if (query === '') return options;
  const matches = (item: ComboboxItem) => item.label.toLowerCase().includes(query) || item.value.toLowerCase() === query;
  return options.flatMap((option): ComboboxParsedItem[] => {
    if (!('group' in option)) return matches(option) ? [option] : [];
    const items = option.items.filter(matches);
    return items.length ? [{ ...option, items }] : [];
  });
};

/** Step 2, 'Add context': the titles' language, the years they come from, where they come from, and the Wikidata item they describe. */
export function AddContextStep({ state, dispatch, headers }: AddContextStepProps) {
  const errors = contextErrors(state);
  const shipped = useDatasetLanguagesQuery().data?.shipped;
  const choices = useMemo(() => {
    const all = titleLanguageChoices(shipped ?? []);
    // Languages from a column need titles to give a language to.
    return state.titleColumn === null ? all.map((group) => ({ ...group, items: group.items.filter((item) => item.value !== languageFromColumn) })) : all;
  }, [shipped, state.titleColumn]);
  return (
    <Stack gap="md" pt="md" maw={560}>
      <Select
        label="Language of the titles"
        description="Any language (type to search), several, or a column of the file that says each row's language (codes such as da or dan, or names such as Danish)."
        placeholder="Choose a language"
        data={choices}
        value={state.language}
        onChange={(language) => dispatch({ type: 'set', changes: { language } })}
        searchable
        filter={languageFilter}
        nothingFoundMessage="No such language"
        maxDropdownHeight={320}
        clearable
        data-testid="wizard-language"
      />
      {state.language === languageFromColumn && (
        <Select
          label="Column of the languages"
          description="Each row's language, as a code or an English name. Titles whose rows name no language are coded without one."
          placeholder="Choose a column"
          data={languageColumnChoices(headers, state)}
          value={state.languageColumn}
          onChange={(languageColumn) => dispatch({ type: 'set', changes: { languageColumn } })}
          error={errors.languageColumn}
          searchable
          data-testid="wizard-language-column"
        />
      )}
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
