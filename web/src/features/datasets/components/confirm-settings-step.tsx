import { Checkbox, Stack, Table, Text, TextInput } from '@mantine/core';
import type { Dispatch, ReactNode } from 'react';
import type { SchemeOption } from '../../../components/scheme-select';
import { formatBytes } from '../../../lib/format-bytes';
import { formatYearRange } from '../../../lib/year-range';
import type { CsvProfileState } from '../hooks/use-csv-profile';
import { agreements, describeLanguageChoice, type UploadWizardState, type WizardAction } from '../upload-wizard-state';

interface ConfirmSettingsStepProps {
  state: UploadWizardState;
  dispatch: Dispatch<WizardAction>;
  csv: CsvProfileState;
  schemes: readonly SchemeOption[];
}

/** Step 4, 'Confirm settings': the dataset's title (required), what will be sent, and the three agreements. */
export function ConfirmSettingsStep({ state, dispatch, csv, schemes }: ConfirmSettingsStepProps) {
  const schemeLabel = (id: string | null) => (id ? (schemes.find((scheme) => scheme.id === id)?.label ?? id) : null);
  const language = describeLanguageChoice(state);
  const rows: Array<[string, ReactNode]> = [
    ['File', state.file ? `${state.file.name} (${formatBytes(state.file.size)})` : null],
    ['Title column', state.titleColumn],
    ['Code column', state.codeColumn && `${state.codeColumn}${state.scheme ? ` · ${schemeLabel(state.scheme)}` : ''}`],
    ['Totals columns', state.useTotals && state.totalsColumns.length > 0 ? state.totalsColumns.join(', ') : null],
    ['Language', language],
    ['Period', state.period && formatYearRange(state.period)],
    ['Provenance', state.provenance.trim() || null],
    ['Wikidata QID', state.wikidataQid.trim() || null],
    ['Predictions', state.predictSingleScheme ? `in ${schemeLabel(state.predictScheme)}` : null],
    ['Restricted to the file’s codes', state.restrictPredictionsWithCodes ? 'yes' : null],
    ['Rows read', csv.profile?.done ? csv.profile.rows.toLocaleString('en') : null],
  ];

  return (
    <Stack gap="md" pt="md" maw={640}>
      <TextInput
        label="Dataset title"
        placeholder="eg. UK Census 2021"
        required
        maxLength={300}
        value={state.title}
        onChange={(event) => dispatch({ type: 'set', changes: { title: event.currentTarget.value } })}
        data-autofocus
        data-testid="wizard-title"
      />

      <Table withTableBorder withColumnBorders={false} verticalSpacing={6} fz="sm" data-testid="wizard-summary">
        <Table.Tbody>
          {rows
            .filter(([, value]) => value !== null && value !== '')
            .map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={220} fw={500} c="dimmed">
                  {label}
                </Table.Th>
                <Table.Td style={{ wordBreak: 'break-word' }} dir="auto">
                  {value}
                </Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>

      <Stack gap="xs">
        {agreements.map((text, index) => (
          <Checkbox
            key={text}
            label={text}
            checked={state.agreed[index] ?? false}
            onChange={(event) => dispatch({ type: 'agree', index, agreed: event.currentTarget.checked })}
            data-testid={`wizard-agreement-${index}`}
          />
        ))}
      </Stack>
      <Text size="xs" c="dimmed">
        The file is sent as it is; the server reads it and keeps each distinct title and code once, with its totals summed.
      </Text>
    </Stack>
  );
}
