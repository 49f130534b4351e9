import { Badge, Button, Stack, Text } from '@mantine/core';
import type { PredictionSetSummary } from '@og/shared/contracts/datasets';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { MappingProgress } from '../../../components/mapping-progress';
import { PredictionSetImportStatus } from '../../../components/prediction-set-import-status';
import { usePredictionSetCounts } from '../../../lib/prediction-sets/get-prediction-set-counts';
import { useLivePredictionSet } from '../../../lib/prediction-sets/use-live-prediction-set';

/**
 * A prediction set's 'Mapping progress' cell (SPEC §2): while it is imported, its import's live
 * ring; if the import failed, why; once ready, 'Update progress', which reads its counts and
 * becomes the mapping-progress ring, kept live as reviewers save.
 */
export function PredictionSetProgress({ predictionSet }: { predictionSet: PredictionSetSummary }) {
  if (predictionSet.state === 'failed') {
    return (
      <Stack gap={4} data-testid="prediction-set-status" data-state="failed">
        <Badge color="red" variant="light">
          failed
        </Badge>
        <Text size="sm" c="red" maw={380} style={{ wordBreak: 'break-word' }} data-testid="prediction-set-error">
          {predictionSet.error ?? 'The prediction file could not be imported.'}
        </Text>
      </Stack>
    );
  }
  if (predictionSet.state === 'importing') {
    return <PredictionSetImportStatus predictionSet={predictionSet} />;
  }
  return <ReadySetProgress setId={predictionSet.id} threshold={predictionSet.threshold} />;
}

function ReadySetProgress({ setId, threshold }: { setId: string; threshold: number }) {
  const [requested, setRequested] = useState(false);
  const counts = usePredictionSetCounts(setId, threshold, { enabled: requested });
  useLivePredictionSet(counts.data ? setId : null);

  if (counts.data) {
    return (
      <div data-testid="prediction-set-status" data-state="counted">
        <MappingProgress counts={counts.data} />
      </div>
    );
  }
  return (
    <Stack gap={4} align="flex-start" data-testid="prediction-set-status" data-state="ready">
      <Button
        variant="light"
        size="xs"
        leftSection={<IconRefresh size={14} />}
        loading={requested && counts.isFetching}
        onClick={() => (requested ? void counts.refetch() : setRequested(true))}
        data-testid="prediction-set-update-progress"
      >
        Update progress
      </Button>
      {counts.error && (
        <Text size="xs" c="red" data-testid="prediction-set-counts-error">
          {counts.error.message}
        </Text>
      )}
    </Stack>
  );
}
