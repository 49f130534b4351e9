import { Alert, FileInput, Group, Progress, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { type SchemeId, schemeById } from '@og/shared/domain/schemes';
import type { TextEncoding } from '@og/shared/domain/text-encoding';
import { IconAlertTriangle, IconFileTypeCsv } from '@tabler/icons-react';
import { useState, type ComponentPropsWithoutRef, type Dispatch } from 'react';
import { SchemeSelect, type SchemeOption } from '../../../components/scheme-select';
import { formatBytes } from '../../../lib/format-bytes';
import { describeProgressAmount, progressPercent } from '../../../lib/job-progress';
import type { CsvProfileState } from '../hooks/use-csv-profile';
import { columnChoices, fileSizeRefusal, type GuessedChoice, isCsvFile, largeFileBytes, type UploadWizardState, type WizardAction } from '../upload-wizard-state';
import { CsvCounts } from './csv-counts';

interface UploadCsvStepProps {
  state: UploadWizardState;
  dispatch: Dispatch<WizardAction>;
  csv: CsvProfileState;
  schemes: readonly SchemeOption[];
  /** Each scheme's share of the code column's sampled codes, in percent; null until known. */
  codeShares: ReadonlyMap<SchemeId, number> | null;
  codeLabelsError: Error | null;
}

const delimiterNames: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' };

const encodingNames: Record<TextEncoding, string> = {
  'utf-8': 'UTF-8',
  'windows-1252': 'Latin-1 (windows-1252)',
  'utf-16le': 'UTF-16 (little-endian)',
  'utf-16be': 'UTF-16 (big-endian)',
};

/** Said under a column or scheme the wizard chose from the file, until the person chooses. */
const preSelected = 'Pre-selected from the file';

/** What the scheme's description says: its share of the sampled codes, or what the shares beside the schemes are. */
function schemeShareNote(scheme: SchemeId | null, codeShares: ReadonlyMap<SchemeId, number> | null): string | undefined {
  if (!codeShares) return undefined;
  const share = scheme === null ? undefined : codeShares.get(scheme);
  if (scheme === null || share === undefined) return 'Beside each scheme: the share of the sampled codes that are its codes';
  return `${share}% of the sampled codes are ${schemeById(scheme).label} codes`;
}

/** Step 1, 'Upload CSV': the file, its title and code columns, the codes' scheme, and what the file holds. */
export function UploadCsvStep({ state, dispatch, csv, schemes, codeShares, codeLabelsError }: UploadCsvStepProps) {
  const [fileError, setFileError] = useState<string | null>(null);
  const headers = csv.header ?? [];
  const columnOptions = columnChoices(headers);
  const tooLarge = fileSizeRefusal(state);
  const large = state.file !== null && state.file.size >= largeFileBytes;
  // A file the server would refuse is not read: nothing to wait for, count or warn about.
  const readable = state.file !== null && tooLarge === null;
  const columnPlaceholder = headers.length ? 'Choose a column' : tooLarge ? 'Choose a smaller file first' : 'Choose a file first';
  const guessed = (choice: GuessedChoice) => state[choice] !== null && !state.chosenByUser.includes(choice);

  function chooseFile(file: File | null) {
    if (file && !isCsvFile(file)) {
      setFileError(`${file.name} is not a .csv file: only .csv files can be uploaded.`);
      dispatch({ type: 'file', file: null });
      return;
    }
    setFileError(null);
    dispatch({ type: 'file', file });
  }

  return (
    <Stack gap="md" pt="md">
      <FileInput
        label="CSV file"
        description="One row per occupational title; the first row names the columns."
        placeholder="Choose a .csv file"
        accept=".csv,text/csv"
        clearable
        leftSection={<IconFileTypeCsv size={18} />}
        value={state.file}
        onChange={chooseFile}
        error={fileError ?? tooLarge}
        errorProps={{ 'data-testid': 'wizard-file-refused' }}
        fileInputProps={{ 'data-testid': 'wizard-file-input' } as ComponentPropsWithoutRef<'input'>}
        data-testid="wizard-file"
      />

      {state.file && (
        <Stack gap={6}>
          <Group gap="xs">
            <Text size="sm">
              File size:{' '}
              <Text span inherit fw={600} c={large ? 'red' : undefined} data-testid="wizard-file-size" data-large={large || undefined}>
                {formatBytes(state.file.size)}
              </Text>
            </Text>
            {csv.format && (
              <Text size="sm" c="dimmed" data-testid="wizard-file-format">
                · {delimiterNames[csv.format.delimiter] ?? `'${csv.format.delimiter}'`}-separated, {encodingNames[csv.format.encoding]}
              </Text>
            )}
          </Group>
          {large && readable && (
            <Text size="sm" c="red">
              A file of 1 GB or more takes a while to read and to upload; keep this tab open until it is sent.
            </Text>
          )}
        </Stack>
      )}

      {csv.error && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="The file could not be read" data-testid="wizard-file-error">
          {csv.error}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Select
          label="Title column"
          placeholder={columnPlaceholder}
          data={columnOptions}
          value={state.titleColumn}
          onChange={(titleColumn) => dispatch({ type: 'set', changes: { titleColumn } })}
          description={guessed('titleColumn') ? preSelected : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          disabled={headers.length === 0}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the title column' }}
          allowDeselect={false}
          searchable
          data-testid="wizard-title-column"
        />
        <Select
          label="Code column"
          placeholder={columnPlaceholder}
          data={columnOptions}
          value={state.codeColumn}
          onChange={(codeColumn) => dispatch({ type: 'set', changes: { codeColumn } })}
          description={guessed('codeColumn') ? preSelected : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          disabled={headers.length === 0}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the code column' }}
          allowDeselect={false}
          searchable
          data-testid="wizard-code-column"
        />
        <SchemeSelect
          label="Scheme of the codes"
          schemes={schemes}
          value={state.scheme}
          onChange={(scheme) => dispatch({ type: 'set', changes: { scheme } })}
          disabled={state.codeColumn === null}
          placeholder={state.codeColumn === null ? 'Choose a code column first' : undefined}
          codeShares={codeShares ?? undefined}
          description={schemeShareNote(state.scheme, codeShares)}
          error={codeLabelsError ? `Codes not loaded: ${codeLabelsError.message}` : undefined}
          data-testid="wizard-scheme"
        />
      </SimpleGrid>

      <ReadingProgress csv={csv} chosen={state.titleColumn !== null || state.codeColumn !== null} fileChosen={readable} />
      <CsvCounts fileChosen={readable} profile={csv.profile} titleColumn={state.titleColumn} codeColumn={state.codeColumn} scheme={state.scheme} />
      <FileWarnings csv={csv} />
    </Stack>
  );
}

function ReadingProgress({ csv, chosen, fileChosen }: { csv: CsvProfileState; chosen: boolean; fileChosen: boolean }) {
  if (!fileChosen || csv.error) return null;
  const profile = csv.profile;
  const readingHeader = csv.header === null;
  const counting = chosen && (!profile || !profile.done);
  if (!readingHeader && !counting) return null;
  const read = profile ? { done: profile.bytesRead, total: profile.totalBytes, unit: 'bytes' } : null;
  const percent = progressPercent(read) ?? 0;
  const label = readingHeader ? 'Reading the header…' : `Reading the file: ${read ? describeProgressAmount(read) : 'starting'}`;
  return (
    <Stack gap={4} data-testid="wizard-reading">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {!readingHeader && (
          <Text size="sm" c="dimmed">
            {Math.floor(percent)}%
          </Text>
        )}
      </Group>
      <Progress value={readingHeader ? 100 : percent} striped animated size="md" radius="xl" aria-label={label} />
    </Stack>
  );
}

function FileWarnings({ csv }: { csv: CsvProfileState }) {
  const profile = csv.profile;
  if (!profile || !csv.header) return null;
  if (profile.done && profile.rows === 0) {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="wizard-no-rows">
        The file has a header but no rows.
      </Alert>
    );
  }
  if (profile.firstRaggedRow) {
    const { row, fields } = profile.firstRaggedRow;
    return (
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="Rows of the wrong width" data-testid="wizard-ragged">
        {`${profile.raggedRows.toLocaleString('en')} ${profile.raggedRows === 1 ? 'row has' : 'rows have'} a different number of fields than the header: row ${row.toLocaleString('en')} (the header is row 1) has ${fields} ${fields === 1 ? 'field' : 'fields'}; the header has ${csv.header.length}. The dataset can't be made from this file until every row has as many fields as the header.`}
      </Alert>
    );
  }
  return null;
}
