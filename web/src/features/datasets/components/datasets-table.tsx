import { Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { DatasetSummary } from '@og/shared/contracts/datasets';
import { IconUpload } from '@tabler/icons-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import type { SchemeOption } from '../../../components/scheme-select';
import { formatBytes } from '../../../lib/format-bytes';
import { formatYearRange } from '../../../lib/year-range';
import { useDatasetsQuery } from '../api/get-datasets';
import { formatCreated } from '../../../lib/format-created';
import { useLiveDatasetIngests } from '../hooks/use-live-dataset-ingests';
import { DatasetActions } from './dataset-actions';
import { DatasetIngestStatus } from './dataset-ingest-status';
import { PredictionSetRow } from './prediction-set-row';
import { LoadErrorAlert } from '../../../components/load-error-alert';

interface DatasetsTableProps {
  schemes: readonly SchemeOption[];
  isAdmin: boolean;
}

/**
 * SPEC §2 'Datasets list': Name, Mapping progress, Creation date, Actions; each dataset's
 * prediction sets in rows below it. A dataset still being read shows a ring that moves live.
 */
export function DatasetsTable({ schemes, isAdmin }: DatasetsTableProps) {
  const datasets = useDatasetsQuery();
  useLiveDatasetIngests(datasets.data?.datasets);

  if (datasets.isPending) {
    return (
      <Stack gap="sm" aria-busy>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={52} radius="md" />
        ))}
      </Stack>
    );
  }
  if (datasets.isError) {
    return (
      <LoadErrorAlert title="Network response was not ok" message={datasets.error.message} onRetry={() => void datasets.refetch()} data-testid="datasets-error" />
    );
  }
  const list = datasets.data.datasets;
  if (list.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl" data-testid="datasets-empty">
        <Stack align="center" gap="sm">
          <Text fw={600}>No datasets yet</Text>
          <Text size="sm" c="dimmed" ta="center" maw={420}>
            Upload a CSV of occupational titles (with codes and totals if you have them) to start mapping it.
          </Text>
          <Button component={Link} to="/datasets/upload" leftSection={<IconUpload size={16} />}>
            Upload a CSV
          </Button>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="datasets-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Mapping progress</Table.Th>
              <Table.Th>Creation date</Table.Th>
              <Table.Th ta="right">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((dataset) => (
              <Fragment key={dataset.id}>
                <DatasetRow dataset={dataset} schemes={schemes} isAdmin={isAdmin} />
                {dataset.prediction_sets.map((predictionSet) => (
                  <PredictionSetRow key={predictionSet.id} predictionSet={predictionSet} schemes={schemes} canDelete={dataset.isOwner || isAdmin} />
                ))}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function DatasetRow({ dataset, schemes, isAdmin }: { dataset: DatasetSummary } & DatasetsTableProps) {
  const { period } = dataset.metadata;
  const details = [
    dataset.metadata.originalName,
    dataset.byteSize !== null ? formatBytes(dataset.byteSize) : null,
    dataset.isOwner ? null : `shared by ${dataset.owner.name ?? dataset.owner.username ?? 'a deleted user'}`,
    dataset.isOwner && dataset.collaborators.length > 0
      ? `shared with ${dataset.collaborators.length} ${dataset.collaborators.length === 1 ? 'person' : 'people'}`
      : null,
  ].filter(Boolean);
  return (
    <Table.Tr data-testid="dataset-row" data-dataset-id={dataset.id} data-state={dataset.state}>
      <Table.Td maw={360}>
        <Text fw={600} size="sm" dir="auto" style={{ wordBreak: 'break-word' }} data-testid="dataset-name">
          {dataset.metadata.title}
        </Text>
        {period && (
          <Text size="xs" data-testid="dataset-period">
            Titles from {formatYearRange(period)}
          </Text>
        )}
        {details.length > 0 && (
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
            {details.join(' · ')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <DatasetIngestStatus dataset={dataset} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatCreated(dataset.created_at)}
        </Text>
      </Table.Td>
      <Table.Td>
        <DatasetActions dataset={dataset} schemes={schemes} isAdmin={isAdmin} />
      </Table.Td>
    </Table.Tr>
  );
}

/** The list page's header action. */
export function UploadDatasetButton() {
  return (
    <Group justify="flex-end">
      <Button component={Link} to="/datasets/upload" leftSection={<IconUpload size={16} />} variant="light" data-testid="datasets-upload">
        Upload dataset
      </Button>
    </Group>
  );
}
