import { Code, Paper, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { ListedPredictionSet } from '@og/shared/contracts/predictions';
import { useState } from 'react';
import { usePredictionSetsQuery } from '../api/get-prediction-sets';
import { PredictionSetTableRow } from './prediction-set-table-row';
import { LoadErrorAlert } from '../../../components/load-error-alert';

/** The filter by dataset: every set, the standalone ones, or one dataset's (by its id). */
const allSets = 'all';
const standaloneSets = 'standalone';

/** The filter's choices: all, standalone, then each dataset with a set here, by name. */
function datasetChoices(list: readonly ListedPredictionSet[]): { value: string; label: string }[] {
  const datasets = new Map<string, string>();
  for (const set of list) if (set.datasetId) datasets.set(set.datasetId, set.datasetName ?? 'Untitled dataset');
  const named = [...datasets].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return [{ value: allSets, label: 'All prediction sets' }, { value: standaloneSets, label: 'Standalone sets' }, ...named];
}

function matchesChoice(set: ListedPredictionSet, choice: string): boolean {
  if (choice === allSets) return true;
  if (choice === standaloneSets) return set.datasetId === null;
  return set.datasetId === choice;
}

/**
 * SPEC §2 '/review': the 'Prediction sets' table, Name, Threshold, Show, Mapping progress, Total,
 * Date, Actions. Beyond SPEC it lists the sets of datasets too, each with its dataset's name, and
 * filters them by dataset.
 */
export function PredictionSetsTable() {
  const sets = usePredictionSetsQuery();
  const [choice, setChoice] = useState<string>(allSets);

  if (sets.isPending) {
    return (
      <Stack gap="sm" aria-busy>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={52} radius="md" />
        ))}
      </Stack>
    );
  }
  if (sets.isError) {
    return (
      <LoadErrorAlert title="Network response was not ok" message={sets.error.message} onRetry={() => void sets.refetch()} data-testid="prediction-sets-error" />
    );
  }
  const list = sets.data.predictionSets;
  if (list.length === 0) return <NoPredictionSets />;
  const choices = datasetChoices(list);
  // A dataset whose sets have all gone leaves the filter on every set.
  const chosen = choices.some((option) => option.value === choice) ? choice : allSets;
  const shown = list.filter((set) => matchesChoice(set, chosen));

  return (
    <Stack gap="sm">
      <Select
        label="Dataset"
        data={choices}
        value={chosen}
        onChange={(value) => setChoice(value ?? allSets)}
        allowDeselect={false}
        searchable={choices.length > 8}
        maw={360}
        data-testid="prediction-sets-dataset-filter"
      />
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="prediction-sets-none-shown">
          No prediction set here.
        </Text>
      ) : (
        <SetsTable list={shown} />
      )}
    </Stack>
  );
}

/** Each row may be deleted as the server says: by its owner (a dataset's set: the dataset's owner) or an administrator. */
function SetsTable({ list }: { list: readonly ListedPredictionSet[] }) {
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="prediction-sets-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Threshold</Table.Th>
              <Table.Th>Show</Table.Th>
              <Table.Th>Mapping progress</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th ta="right">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((predictionSet) => (
              <PredictionSetTableRow
                key={predictionSet.id}
                predictionSet={predictionSet}
                canDelete={predictionSet.canDelete}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** What a prediction file is, for someone who has none here yet. */
function NoPredictionSets() {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="prediction-sets-empty">
      <Stack align="center" gap="sm">
        <Text fw={600}>No prediction sets yet</Text>
        <Text size="sm" c="dimmed" ta="center" maw={520}>
          A prediction set is a file of occupational titles, each with the codes a model predicted and how sure it was. Upload OCCPAST JSON such as
        </Text>
        <Code>{'[{"string": "fisherman", "predictions": [{"uris": ["hisco:61110"], "conf": 0.93}]}]'}</Code>
        <Text size="sm" c="dimmed" ta="center" maw={520}>
          or the CSV that OccCANINE’s predict writes (hisco_1, prob_1, desc_1, …). Titles whose best prediction is below the threshold are the ones left to review.
        </Text>
      </Stack>
    </Paper>
  );
}
