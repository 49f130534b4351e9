import { ActionIcon, Alert, Badge, Button, FileInput, Group, Loader, ScrollArea, Select, SimpleGrid, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import {
  crosswalkJustifications,
  defaultLinkRelation,
  linkRelation,
  type CrosswalkPreview,
  type LinkRelation,
} from '@og/shared/contracts/links';
import { schemeById, type SchemeId } from '@og/shared/domain/schemes';
import { IconAlertTriangle, IconArrowsExchange, IconFileImport } from '@tabler/icons-react';
import { useState, type ComponentPropsWithoutRef } from 'react';
import type { SchemeOption } from '../../../components/scheme-select';
import { SchemeSelect } from '../../../components/scheme-select';
import { crosswalkFileAccept, isCrosswalkFile, useCrosswalkPreview, useStartCrosswalkImport } from '../api/crosswalk-files';
import {
  chosenRelationMap,
  noWeightColumn,
  previewTableRows,
  unknownRelationCounts,
  weightColumnOptions,
  weightReading,
  type PreviewTableRow,
} from '../crosswalk-preview-rows';
import { relationOptions } from './link-controls';

type Justification = (typeof crosswalkJustifications)[number];

/** The SEMAPV justifications in words, for the admin who says how a CSV's rows were matched. */
const justificationLabels: Record<Justification, string> = {
  'semapv:UnspecifiedMatching': 'Not said (unspecified matching)',
  'semapv:ManualMappingCuration': 'Curated by hand',
  'semapv:LexicalMatching': 'Matched by their names (lexical matching)',
  'semapv:LogicalReasoning': 'Derived by logical reasoning',
  'semapv:MappingChaining': 'Chained through another scheme',
  'semapv:SemanticSimilarityThresholdMatching': 'Semantic similarity above a threshold',
};
const justificationOptions = crosswalkJustifications.map((value) => ({ value, label: justificationLabels[value] }));

const countFormat = new Intl.NumberFormat('en');

interface CrosswalkImportFormProps {
  schemes: readonly SchemeOption[];
  source: SchemeId;
  target: SchemeId;
  onClose: () => void;
  /** The import started: its job. */
  onStarted: (started: { jobId: string; source: SchemeId; target: SchemeId }) => void;
}

/**
 * 'Import crosswalk': the file, the schemes of its code columns, then, from a preview of the start
 * of the file, how it will be read (the first rows, the weight column, counts or shares, a relation
 * for each value that is no SKOS relation), and the set's name, licence and justification.
 */
export function CrosswalkImportForm({ schemes, source: pageSource, target: pageTarget, onClose, onStarted }: CrosswalkImportFormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState<SchemeId>(pageSource);
  const [target, setTarget] = useState<SchemeId>(pageTarget);
  const [relation, setRelation] = useState<LinkRelation>(defaultLinkRelation);
  // Undefined until the admin picks one: the preview then shows the detected column.
  const [weightChoice, setWeightChoice] = useState<string | undefined>(undefined);
  // The column the import detects by itself, marked in the select.
  const [detected, setDetected] = useState<string | null>(null);
  const [relationChoices, setRelationChoices] = useState<Record<string, LinkRelation | null>>({});
  const [name, setName] = useState('');
  const [license, setLicense] = useState('');
  const [justification, setJustification] = useState<Justification>('semapv:UnspecifiedMatching');
  const start = useStartCrosswalkImport();
  const fileError = file && !isCrosswalkFile(file) ? 'Choose a .csv, .tsv or .txt file.' : undefined;
  const previewQuery = useCrosswalkPreview(file, { source, target, weightColumn: weightChoice });
  const preview = file && !fileError && !previewQuery.isError ? previewQuery.data : undefined;
  // State adjusted while rendering (as React's docs do for state derived from what was fetched).
  if (preview && weightChoice === undefined && !previewQuery.isPlaceholderData && detected !== preview.weightColumn) setDetected(preview.weightColumn);
  // An SSSOM file's weight is its confidence column, whatever is chosen.
  const sssom = preview?.format === 'sssom';
  const weightColumn = (sssom ? undefined : weightChoice) ?? preview?.weightColumn ?? noWeightColumn;
  const badWeights = preview?.rows.filter((row) => row.badWeight !== null) ?? [];

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setWeightChoice(undefined);
    setDetected(null);
    setRelationChoices({});
    setName(chosen?.name ?? '');
  };

  const startImport = () => {
    if (!file || !preview) return;
    start.mutate(
      {
        file,
        source,
        target,
        relation,
        weightColumn: sssom ? undefined : weightColumn,
        relationMap: chosenRelationMap(preview, relationChoices),
        name: name.trim() || undefined,
        license: license.trim() || undefined,
        justification: preview.format === 'csv' ? justification : undefined,
      },
      { onSuccess: ({ jobId }) => onStarted({ jobId, source, target }) },
    );
  };

  return (
    <Stack gap="sm" data-testid="crosswalk-import-form">
      <Text size="sm" c="dimmed">
        A CSV with the columns source_code, target_code and optionally a relation (skos:exactMatch, closeMatch, broadMatch, narrowMatch or relatedMatch) and a weight, or an SSSOM TSV
        file. Codes are matched by their code string; rows already linked are counted, not added twice.
      </Text>
      <FileInput
        label="Crosswalk file"
        placeholder="Choose a file"
        accept={crosswalkFileAccept}
        value={file}
        onChange={chooseFile}
        error={fileError}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the file' }}
        leftSection={<IconFileImport size={16} />}
        data-testid="crosswalk-import-file"
        fileInputProps={{ 'data-testid': 'crosswalk-import-input' } as ComponentPropsWithoutRef<'input'>}
      />
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <div style={{ flex: 1 }}>
          <SchemeSelect schemes={schemes} value={source} exclude={target} onChange={setSource} label="Codes of the first column (source)" data-testid="crosswalk-import-source" />
        </div>
        <Tooltip label="Swap source and target">
          <ActionIcon
            variant="default"
            size="lg"
            mb={2}
            aria-label="Swap source and target"
            onClick={() => {
              setSource(target);
              setTarget(source);
            }}
          >
            <IconArrowsExchange size={18} />
          </ActionIcon>
        </Tooltip>
        <div style={{ flex: 1 }}>
          <SchemeSelect schemes={schemes} value={target} exclude={source} onChange={setTarget} label="Codes of the second column (target)" data-testid="crosswalk-import-target" />
        </div>
      </Group>

      {file && !fileError && previewQuery.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="The file cannot be read" data-testid="crosswalk-preview-error">
          {previewQuery.error.message}
        </Alert>
      )}
      {file && !fileError && !preview && previewQuery.isFetching && (
        <Group gap="xs" data-testid="crosswalk-preview-loading">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Reading the start of the file…
          </Text>
        </Group>
      )}
      {preview && (
        <Stack gap="sm" data-testid="crosswalk-preview" aria-busy={previewQuery.isFetching}>
          <PreviewSummary preview={preview} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Weight column"
              description={
                sssom
                  ? 'An SSSOM file’s weight is its confidence column, a share.'
                  : (weightReading(weightColumn === noWeightColumn ? null : preview.weightAs) ?? 'The links carry no weight.')
              }
              disabled={sssom}
              data={weightColumnOptions(preview, detected)}
              value={weightColumn}
              onChange={(value) => value && setWeightChoice(value)}
              allowDeselect={false}
              data-testid="crosswalk-import-weight"
            />
            <Select
              label="Relation of rows that name none"
              description="Read from the source code to the target code"
              data={relationOptions}
              value={relation}
              onChange={(value) => {
                const parsed = linkRelation.safeParse(value);
                if (parsed.success) setRelation(parsed.data);
              }}
              allowDeselect={false}
              data-testid="crosswalk-import-relation"
            />
          </SimpleGrid>
          <UnknownRelations preview={preview} choices={relationChoices} onChoose={(value, chosen) => setRelationChoices((current) => ({ ...current, [value]: chosen }))} />
          {badWeights.length > 0 && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="crosswalk-preview-bad-weights">
              The weight of {badWeights.length === 1 ? 'line' : 'lines'} {badWeights.map((row) => row.line).join(', ')} is not a number: an import would read nothing. Choose another weight column, or
              No weights.
            </Alert>
          )}
          <PreviewTable
            rows={previewTableRows(preview, { relationMap: chosenRelationMap(preview, relationChoices), defaultRelation: relation })}
            source={source}
            target={target}
            weightAs={weightColumn === noWeightColumn ? null : preview.weightAs}
          />
          <SimpleGrid cols={{ base: 1, sm: preview.format === 'csv' ? 3 : 2 }} spacing="sm">
            <TextInput label="Set name" value={name} onChange={(event) => setName(event.currentTarget.value)} maxLength={200} data-testid="crosswalk-import-name" />
            <TextInput
              label="Licence"
              placeholder={preview.license ?? 'As the source states it'}
              value={license}
              onChange={(event) => setLicense(event.currentTarget.value)}
              maxLength={500}
              data-testid="crosswalk-import-license"
            />
            {preview.format === 'csv' && (
              <Select
                label="How the rows were matched"
                data={justificationOptions}
                value={justification}
                onChange={(value) => value && setJustification(value as Justification)}
                allowDeselect={false}
                data-testid="crosswalk-import-justification"
              />
            )}
          </SimpleGrid>
        </Stack>
      )}

      <Group justify="flex-end" mt="xs">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={!file || !!fileError || !preview || previewQuery.isFetching || badWeights.length > 0} loading={start.isPending} onClick={startImport} data-testid="crosswalk-import-start">
          Import
        </Button>
      </Group>
    </Stack>
  );
}

/** What the preview read: the format, how much of the file, and which columns are read as what. */
function PreviewSummary({ preview }: { preview: CrosswalkPreview }) {
  const { read } = preview;
  const parts = [`codes from ${read.source} → ${read.target}`];
  if (read.relation) parts.push(`relation from ${read.relation}`);
  if (read.ignored.length > 0) parts.push(`not read: ${read.ignored.join(', ')}`);
  return (
    <Text size="sm" c="dimmed" data-testid="crosswalk-preview-summary">
      {preview.format === 'sssom' ? 'SSSOM TSV' : 'CSV'}, {countFormat.format(preview.rowsRead)} {preview.rowsRead === 1 ? 'row' : 'rows'} read
      {preview.complete ? ' (the whole file)' : ' (the start of the file)'}: {parts.join('; ')}.
      {preview.mappingSetId && ` Mapping set ${preview.mappingSetId}.`}
    </Text>
  );
}

interface UnknownRelationsProps {
  preview: CrosswalkPreview;
  choices: Readonly<Record<string, LinkRelation | null>>;
  onChoose: (value: string, relation: LinkRelation | null) => void;
}

/** A relation select for each value of the relation column that is no SKOS relation; unchosen, the import refuses its rows. */
function UnknownRelations({ preview, choices, onChoose }: UnknownRelationsProps) {
  const unknown = unknownRelationCounts(preview);
  if (unknown.length === 0) return null;
  return (
    <Stack gap={6} data-testid="crosswalk-unknown-relations">
      <Text size="sm">
        {unknown.length === 1 ? 'A value' : 'Values'} of the column {preview.relationColumn} {unknown.length === 1 ? 'is' : 'are'} no SKOS relation. Choose what{' '}
        {unknown.length === 1 ? 'it says' : 'each says'}, read from source to target; rows left without one are refused.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {unknown.map(({ value, rows }) => (
          <Select
            key={value}
            label={value}
            description={`${countFormat.format(rows)} ${rows === 1 ? 'row' : 'rows'}${preview.complete ? '' : ' of those read'}`}
            placeholder="Refuse these rows"
            data={relationOptions}
            value={choices[value] ?? null}
            onChange={(chosen) => {
              const parsed = linkRelation.safeParse(chosen);
              onChoose(value, parsed.success ? parsed.data : null);
            }}
            clearable
            clearButtonProps={{ 'aria-label': `Refuse the rows of ${value}` }}
            data-testid="crosswalk-unknown-relation"
            data-value={value}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

const relationSourceLabels = { file: 'from the file', chosen: 'chosen above', default: 'rows that name none', refused: 'refused' } as const;

/** The first rows as the import will read them. */
function PreviewTable({ rows, source, target, weightAs }: { rows: PreviewTableRow[]; source: SchemeId; target: SchemeId; weightAs: CrosswalkPreview['weightAs'] }) {
  return (
    <ScrollArea.Autosize mah={280} type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, 'aria-label': 'The first rows, scrollable' }}>
      <Table verticalSpacing={4} striped withTableBorder fz="sm" data-testid="crosswalk-preview-rows" aria-label="The first rows as the import will read them">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>Line</Table.Th>
            <Table.Th>{schemeById(source).label}</Table.Th>
            <Table.Th>{schemeById(target).label}</Table.Th>
            <Table.Th>Relation</Table.Th>
            <Table.Th ta="right">{weightAs === 'count' ? 'Weight (count)' : weightAs === 'share' ? 'Weight (share)' : 'Weight'}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.line} data-testid="crosswalk-preview-row" data-line={row.line}>
              <Table.Td c="dimmed">{row.line}</Table.Td>
              <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {row.sourceCode}
              </Table.Td>
              <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {row.targetCode}
              </Table.Td>
              <Table.Td>
                {row.relation ? (
                  <Tooltip label={`${relationSourceLabels[row.relationSource]}${row.written ? `: ${row.written}` : ''}`} withArrow>
                    <Text size="sm" span c={row.relationSource === 'default' ? 'dimmed' : undefined} data-testid="crosswalk-preview-relation">
                      {row.relation}
                    </Text>
                  </Tooltip>
                ) : (
                  <Badge color="red" variant="light" radius="sm" tt="none" data-testid="crosswalk-preview-relation">
                    {row.written ?? '—'}: refused
                  </Badge>
                )}
              </Table.Td>
              <Table.Td ta="right" data-testid="crosswalk-preview-weight">
                {row.badWeight !== null ? (
                  <Text size="sm" span c="red">
                    {row.badWeight}
                  </Text>
                ) : (
                  (row.weight ?? <Text span size="sm" c="dimmed">—</Text>)
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
