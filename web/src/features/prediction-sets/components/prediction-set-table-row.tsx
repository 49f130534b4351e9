import { Anchor, Loader, Stack, Table, Text } from '@mantine/core';
import type { ListedPredictionSet, PredictionFilter } from '@og/shared/contracts/predictions';
import { Fragment, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { MappingProgress } from '../../../components/mapping-progress';
import { PredictionSetImportStatus } from '../../../components/prediction-set-import-status';
import { formatCreated } from '../../../lib/format-created';
import { notifyAdmin } from '../../../lib/notify';
import { usePredictionSetCounts } from '../../../lib/prediction-sets/get-prediction-set-counts';
import { useUpdatePredictionSet } from '../../../lib/prediction-sets/update-prediction-set';
import { useLivePredictionSet } from '../../../lib/prediction-sets/use-live-prediction-set';
import { reviewBasePath } from '../review/review-address';
import { PredictionSetFilterControl } from './prediction-set-filter-control';
import { PredictionSetRowActions } from './prediction-set-row-actions';
import { PredictionSetThresholdSlider } from './prediction-set-threshold-slider';

export interface PredictionSetTableRowProps {
  predictionSet: ListedPredictionSet;
  canDelete: boolean;
}

/** One row of the /review table: a ready set can be reviewed, tuned and counted; others show their import. */
export function PredictionSetTableRow(props: PredictionSetTableRowProps) {
  return props.predictionSet.state === 'ready' ? <ReadySetRow {...props} /> : <UnreadySetRow {...props} />;
}

function ReadySetRow({ predictionSet, canDelete }: PredictionSetTableRowProps) {
  const navigate = useNavigate();
  // What the reviewer chose, shown until the PATCH has settled and the list says it.
  const [chosenThreshold, setChosenThreshold] = useState<number | null>(null);
  const [chosenFilter, setChosenFilter] = useState<PredictionFilter | null>(null);
  const threshold = chosenThreshold ?? predictionSet.threshold;
  const counts = usePredictionSetCounts(predictionSet.id, threshold);
  useLivePredictionSet(predictionSet.id);
  const thresholdUpdate = useUpdatePredictionSet();
  const filterUpdate = useUpdatePredictionSet();
  const address = { setId: predictionSet.slug };

  const storeThreshold = (chosen: number) => {
    setChosenThreshold(chosen);
    thresholdUpdate.mutate(
      { address, scope: { threshold: chosen } },
      {
        onError: (error) => notifyAdmin({ title: 'Threshold not saved', message: error.message, color: 'red' }),
        onSettled: () => setChosenThreshold(null),
      },
    );
  };
  const storeFilter = (filter: PredictionFilter) => {
    setChosenFilter(filter);
    filterUpdate.mutate(
      { address, scope: { filter } },
      {
        onError: (error) => notifyAdmin({ title: 'Filter not saved', message: error.message, color: 'red' }),
        onSettled: () => setChosenFilter(null),
      },
    );
  };

  return (
    <SetRow
      predictionSet={predictionSet}
      name={
        <Anchor
          component="button"
          type="button"
          fw={600}
          size="sm"
          ta="start"
          dir="auto"
          style={{ wordBreak: 'break-word' }}
          onClick={() => void navigate(`${reviewPathOf(predictionSet)}?filter=${predictionSet.filter}&threshold=${predictionSet.threshold}`)}
          data-testid="prediction-set-name"
        >
          <BreakableName name={predictionSet.name} />
        </Anchor>
      }
      threshold={<PredictionSetThresholdSlider threshold={threshold} onCommit={storeThreshold} name={predictionSet.name} />}
      show={<PredictionSetFilterControl filter={chosenFilter ?? predictionSet.filter} counts={counts.data} onChange={storeFilter} />}
      progress={
        counts.data ? (
          <MappingProgress counts={counts.data} />
        ) : counts.isError ? (
          <Text size="xs" c="red" data-testid="prediction-set-counts-error">
            {counts.error.message}
          </Text>
        ) : (
          <Loader size="xs" aria-label="Counting" />
        )
      }
      actions={<PredictionSetRowActions predictionSet={predictionSet} canDelete={canDelete} onCount={() => void counts.refetch()} counting={counts.isFetching} />}
    />
  );
}

/** A set still importing, or whose import failed: no threshold to tune or counts to read yet, its import says where it stands. */
function UnreadySetRow({ predictionSet, canDelete }: PredictionSetTableRowProps) {
  const failed = predictionSet.state === 'failed';
  return (
    <SetRow
      predictionSet={predictionSet}
      name={
        <Text fw={600} size="sm" dir="auto" c={failed ? 'dimmed' : undefined} data-testid="prediction-set-name">
          <BreakableName name={predictionSet.name} />
        </Text>
      }
      status={
        failed ? (
          <Text size="sm" c="red" style={{ wordBreak: 'break-word' }} data-testid="prediction-set-error">
            Import failed: {predictionSet.error ?? 'no reason was given.'}
          </Text>
        ) : (
          <PredictionSetImportStatus predictionSet={predictionSet} />
        )
      }
      actions={<PredictionSetRowActions predictionSet={predictionSet} canDelete={canDelete} />}
    />
  );
}

/** A standalone set's review is under /review by its slug; a dataset's set opens where the datasets list opens it. */
function reviewPathOf(predictionSet: ListedPredictionSet): string {
  return reviewBasePath(predictionSet.datasetId ? { setRef: predictionSet.id, datasetId: predictionSet.datasetId } : { setRef: predictionSet.slug, datasetId: null });
}

type SetRowProps = {
  predictionSet: ListedPredictionSet;
  name: ReactNode;
  actions: ReactNode;
} & (
  | { threshold: ReactNode; show: ReactNode; progress: ReactNode; status?: never }
  /** Across Threshold, Show and Mapping progress: a set that is not ready has none of them. */
  | { status: ReactNode; threshold?: never; show?: never; progress?: never }
);

/** The columns: Name, Threshold, Show, Mapping progress, Total, Date, Actions. */
function SetRow({ predictionSet, name, actions, ...middle }: SetRowProps) {
  const ready = predictionSet.state === 'ready';
  return (
    <Table.Tr data-testid="prediction-set-row" data-set-id={predictionSet.id} data-slug={predictionSet.slug} data-state={predictionSet.state}>
      <Table.Td maw={200}>
        <Stack gap={2} align="flex-start" miw={120}>
          {name}
          {predictionSet.datasetId && (
            <Text size="xs" dir="auto" style={{ wordBreak: 'break-word' }} data-testid="prediction-set-dataset">
              Dataset: {predictionSet.datasetName ?? 'untitled'}
            </Text>
          )}
          {predictionSet.format && (
            <Text size="xs" c="dimmed">
              {describeFormat(predictionSet.format)}
            </Text>
          )}
        </Stack>
      </Table.Td>
      {middle.status !== undefined ? (
        <Table.Td colSpan={3}>{middle.status}</Table.Td>
      ) : (
        <>
          <Table.Td>{middle.threshold}</Table.Td>
          <Table.Td>{middle.show}</Table.Td>
          <Table.Td>{middle.progress}</Table.Td>
        </>
      )}
      <Table.Td ta="right">
        <Text size="sm" data-testid="prediction-set-total">
          {ready ? predictionSet.total.toLocaleString('en') : '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" miw={100} data-testid="prediction-set-date">
          {formatCreated(predictionSet.created_at)}
        </Text>
      </Table.Td>
      <Table.Td>{actions}</Table.Td>
    </Table.Tr>
  );
}

/** A file name as a name: lines may break after its '_', '-' and '.' rather than inside a word. */
function BreakableName({ name }: { name: string }) {
  const parts = name.split(/(?<=[_.-])/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/** The file a set was read from, in words: 'OCCPAST JSON', 'OccCANINE CSV (top-k)'. */
const formatNames: Record<string, string> = {
  'occpast-json': 'OCCPAST JSON',
  'occcanine-wide': 'OccCANINE CSV',
  'occcanine-greedy': 'OccCANINE CSV (greedy)',
  'occcanine-topk': 'OccCANINE CSV (top-k)',
  'occcanine-eval': 'OccCANINE evaluation CSV',
  columns: 'CSV read by its columns',
};
function describeFormat(format: string): string {
  return formatNames[format] ?? format;
}

