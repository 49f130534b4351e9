import { ActionIcon, Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import type { PredictionPreview } from '@og/shared/contracts/prediction-reading';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { SchemeSelect } from '../scheme-select';
import { useSchemesQuery } from '../../lib/schemes/get-schemes';
import {
  keepableColumns,
  nextCodeColumn,
  type ReadingDraft,
  withCodeAdded,
  withCodeColumn,
  withCodeMoved,
  withCodeRemoved,
  withConfidence,
  withFirstConfidence,
  withKept,
  withLanguage,
  withScheme,
  withTitle,
} from '../../lib/prediction-sets/reading/reading-draft';
import { schemeShareText } from '../../lib/prediction-sets/reading/reading-words';

/** The confidence Select's value for 'No confidence' (no column is named by a NUL). */
const noConfidence = '\u0000none';

interface ReadingControlsProps {
  draft: ReadingDraft;
  /** The header's columns. */
  columns: readonly string[];
  /** The latest preview, for the scheme's share of the sampled codes. */
  preview: PredictionPreview | undefined;
  edit: (change: (draft: ReadingDraft) => ReadingDraft) => void;
}

/** The reading of a CSV as controls: the title column, the code columns in rank order with their confidences, the scheme, the language and the columns kept. */
export function ReadingControls({ draft, columns, preview, edit }: ReadingControlsProps) {
  const schemes = useSchemesQuery().data?.schemes ?? [];
  const header = useMemo(() => [...new Set(columns)], [columns]);
  const codeShares = useMemo(
    () => (preview?.scheme && preview.schemeShare !== null ? new Map([[preview.scheme, Math.floor(preview.schemeShare * 100)]]) : undefined),
    [preview],
  );
  const codeColumns = new Set(draft.codes.map((code) => code.column));
  const withoutConfidences = draft.codes.every((code) => code.confidence === null);
  const keepable = keepableColumns(header, draft);
  const nextCode = nextCodeColumn(header, draft);

  return (
    <Stack gap="md" data-testid="reading-controls">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Select
          label="Title column"
          description="The occupational titles the model coded"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data={header}
          value={draft.title}
          onChange={(column) => column && edit((before) => withTitle(before, column))}
          allowDeselect={false}
          searchable
          error={draft.title === null ? 'Choose the title column' : undefined}
          data-testid="reading-title"
        />
        <SchemeSelect
          label="Scheme of the codes"
          schemes={schemes}
          value={draft.scheme}
          onChange={(scheme) => edit((before) => withScheme(before, scheme))}
          codeShares={codeShares}
          description={preview ? schemeShareText(preview, draft.scheme) : undefined}
          data-testid="reading-scheme"
        />
        <Select
          label="Language column"
          description="Optional: the titles' languages"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder="No language column"
          data={header.filter((column) => column === draft.language || !codeColumns.has(column))}
          value={draft.language}
          onChange={(column) => edit((before) => withLanguage(before, column))}
          clearable
          searchable
          data-testid="reading-language"
        />
      </SimpleGrid>

      <Stack gap={6} data-testid="reading-codes">
        <Text size="sm" fw={500}>
          Code columns, best first
        </Text>
        {draft.codes.map((code, rank) => (
          <Group key={`${rank}:${code.column}`} gap="xs" wrap="nowrap" align="center" data-testid="reading-code-row">
            <Text size="sm" c="dimmed" w={20} ta="right">
              {rank + 1}.
            </Text>
            <Select
              flex={1}
              aria-label={`Code column ${rank + 1}`}
              data={header.filter((column) => column !== draft.title)}
              value={code.column}
              onChange={(column) => column && edit((before) => withCodeColumn(before, rank, column))}
              allowDeselect={false}
              searchable
              data-testid={`reading-code-${rank}`}
            />
            <Select
              flex={1}
              aria-label={`Confidence of code column ${rank + 1}`}
              data={[
                { value: noConfidence, label: 'No confidence' },
                ...header.filter((column) => column !== draft.title && !codeColumns.has(column)).map((column) => ({ value: column, label: column })),
              ]}
              value={code.confidence ?? noConfidence}
              onChange={(column) => column && edit((before) => withConfidence(before, rank, column === noConfidence ? null : column))}
              allowDeselect={false}
              searchable
              data-testid={`reading-confidence-${rank}`}
            />
            <Tooltip label="Rank higher">
              <ActionIcon variant="subtle" color="gray" disabled={rank === 0} onClick={() => edit((before) => withCodeMoved(before, rank, -1))} aria-label={`Rank ${code.column} higher`} data-testid={`reading-code-up-${rank}`}>
                <IconArrowUp size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Rank lower">
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={rank === draft.codes.length - 1}
                onClick={() => edit((before) => withCodeMoved(before, rank, 1))}
                aria-label={`Rank ${code.column} lower`}
                data-testid={`reading-code-down-${rank}`}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Do not read this column as codes">
              <ActionIcon variant="subtle" color="red" onClick={() => edit((before) => withCodeRemoved(before, rank))} aria-label={`Remove the code column ${code.column}`} data-testid={`reading-code-remove-${rank}`}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
        {draft.codes.length === 0 && (
          <Text size="sm" c="red">
            Choose at least one code column.
          </Text>
        )}
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            disabled={nextCode === null}
            onClick={() => nextCode && edit((before) => withCodeAdded(before, nextCode))}
            data-testid="reading-code-add"
          >
            Add a code column
          </Button>
        </Group>
      </Stack>

      {withoutConfidences && (
        <FirstConfidenceInput value={draft.firstConfidence} onChange={(value) => edit((before) => withFirstConfidence(before, value))} />
      )}

      {keepable.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <KeptColumns
            kind="context"
            label="Context to keep with each entry"
            description="Shown under the title in the review, searched and exported."
            columns={keepable}
            draft={draft}
            edit={edit}
          />
          <KeptColumns
            kind="reference"
            label="Reference codes to keep"
            description="Gold or earlier codes of the titles, shown under the title in the review as its reference code."
            columns={keepable}
            draft={draft}
            edit={edit}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}

interface KeptColumnsProps {
  kind: 'context' | 'reference';
  label: string;
  description: string;
  columns: readonly string[];
  draft: ReadingDraft;
  edit: ReadingControlsProps['edit'];
}

/** A column kept one way: ticked as context, it cannot be ticked as a reference code, and back. */
function KeptColumns({ kind, label, description, columns, draft, edit }: KeptColumnsProps) {
  const other = kind === 'context' ? draft.reference : draft.context;
  return (
    <Stack gap={6} data-testid={`reading-${kind}`}>
      <div>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      </div>
      <Group gap="md">
        {columns.map((column) => (
          <Checkbox
            key={column}
            label={column}
            checked={draft[kind].includes(column)}
            disabled={other.includes(column)}
            onChange={(event) => {
              const kept = event.currentTarget.checked;
              edit((before) => withKept(before, kind, column, kept));
            }}
            data-testid={`reading-${kind}-${column}`}
          />
        ))}
      </Group>
    </Stack>
  );
}

/**
 * 'Confidence of the first-ranked code': the text as typed ('0.' on the way to '0.8'), the draft
 * given a number only once the text is one (an empty field: none).
 */
function FirstConfidenceInput({ value, onChange }: { value: number | null; onChange: (value: number | null) => void }) {
  // The text typed, with the draft's confidence it stands for; once the draft changes elsewhere (back to the reading proposed) the field shows the draft's.
  const [typed, setTyped] = useState<{ text: string | number; stands: number | null } | null>(null);
  const text = typed && typed.stands === value ? typed.text : (value ?? '');
  return (
    <NumberInput
      label="Confidence of the first-ranked code"
      description="The file gives no confidences. Without one, every entry stays below any threshold and is reviewed; with one (for example 0.8), each entry's first-ranked code has it."
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      placeholder="None"
      min={0}
      max={1}
      step={0.05}
      decimalScale={3}
      clampBehavior="strict"
      allowNegative={false}
      value={text}
      onChange={(next) => {
        const confidence = toConfidence(next);
        setTyped({ text: next, stands: confidence === undefined ? value : confidence });
        if (confidence !== undefined) onChange(confidence);
      }}
      maw={320}
      data-testid="reading-first-confidence"
    />
  );
}

/** A typed confidence: a number, null for an empty field, undefined while it is neither ('0.'). */
function toConfidence(typed: string | number): number | null | undefined {
  if (typeof typed === 'number') return typed;
  if (typed.trim() === '') return null;
  return undefined;
}
