import { Code, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { usePredictionSetsQuery } from '../api/get-prediction-sets';
import { PredictionSetTableRow } from './prediction-set-table-row';
import { LoadErrorAlert } from '../../../components/load-error-alert';

interface PredictionSetsTableProps {
  /** An administrator may delete anyone's set; others only their own. */
  isAdmin: boolean;
}

/** SPEC §2 '/review': the 'Prediction sets' table, Name, Threshold, Show, Mapping progress, Total, Date, Actions. */
export function PredictionSetsTable({ isAdmin }: PredictionSetsTableProps) {
  const sets = usePredictionSetsQuery();

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
                canDelete={predictionSet.isOwner || isAdmin}
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
