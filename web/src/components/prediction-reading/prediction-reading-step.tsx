import { Alert, Button, Group, List, Loader, Stack, Text } from '@mantine/core';
import { fileUploadFailedMessage } from '@og/shared/errors/spec-messages';
import { IconAlertTriangle, IconArrowBackUp, IconFileCheck } from '@tabler/icons-react';
import type { PredictionReadingState } from '../../lib/prediction-sets/reading/use-prediction-reading';
import { layoutSentence, problemText } from '../../lib/prediction-sets/reading/reading-words';
import { ReadingControls } from './reading-controls';
import { ReadingPreviewTable } from './reading-preview-table';

/**
 * The column-mapping step of a prediction file (issue 28), in both upload places: the layout
 * recognised, the reading as controls (none for OCCPAST JSON, read as it is), the first entries as
 * they will be stored and the problems found. The place around it holds the Import button.
 */
export function PredictionReadingStep({ state }: { state: PredictionReadingState }) {
  const { file, proposal, preview, draft, error } = state;

  if (error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={`${file.name} cannot be read`} data-testid="reading-preview-error">
        {fileUploadFailedMessage(error.message)}
      </Alert>
    );
  }
  if (!proposal || !preview) {
    return (
      <Group gap="sm" data-testid="reading-preview-loading">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Reading the start of {file.name}…
        </Text>
      </Group>
    );
  }

  const kept = draft ? [...draft.context, ...draft.reference] : [];
  return (
    <Stack gap="md" data-testid="prediction-reading" data-layout={proposal.layout}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="xs" wrap="nowrap" align="flex-start" flex={1} miw={0}>
          <IconFileCheck size={18} style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" data-testid="reading-layout">
            {layoutSentence(proposal)}
          </Text>
        </Group>
        {state.edited && (
          <Button variant="subtle" size="compact-sm" leftSection={<IconArrowBackUp size={14} />} onClick={state.restore} style={{ flexShrink: 0 }} data-testid="reading-restore">
            Use the proposed reading
          </Button>
        )}
      </Group>

      {draft && <ReadingControls draft={draft} columns={proposal.columns} preview={preview} edit={state.edit} />}

      {state.missing && (
        <Text size="sm" c="red" data-testid="reading-missing">
          {state.missing}
        </Text>
      )}

      {state.readingError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="This reading cannot be previewed" data-testid="reading-preview-error">
          {state.readingError.message}
        </Alert>
      )}

      {preview.problems.length > 0 && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="What the import would refuse or lose" data-testid="reading-problems">
          <List size="sm" spacing={2}>
            {preview.problems.map((problem, index) => (
              <List.Item key={index} data-testid="reading-problem" data-line={problem.line ?? undefined} data-column={problem.column ?? undefined}>
                {problemText(problem)}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}

      {preview.entries.length > 0 ? (
        <ReadingPreviewTable entries={preview.entries} kept={kept} stale={state.reading} />
      ) : (
        <Text size="sm" c="dimmed">
          No entry is read from the start of the file with this reading.
        </Text>
      )}
    </Stack>
  );
}
