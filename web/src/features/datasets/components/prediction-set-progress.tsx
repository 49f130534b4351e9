import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { PredictionSetProgress as ListedProgress, PredictionSetSummary } from '@og/shared/contracts/datasets';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { MappingProgress } from '../../../components/mapping-progress';
import { PredictionSetImportStatus } from '../../../components/prediction-set-import-status';
import { usePredictionSetCounts } from '../../../lib/prediction-sets/get-prediction-set-counts';
import { useLivePredictionSet } from '../../../lib/prediction-sets/use-live-prediction-set';

/**
 * A prediction set's 'Mapping progress' cell (SPEC §2): while it is imported, its import's live
 * ring; if the import failed, why (in one line, the whole message on demand); once ready, the
 * mapping-progress ring of the counts the list brought (issue 28), or where it brought none 'Update
 * progress', which reads them; the ring is kept live as reviewers save.
 */
export function PredictionSetProgress({ predictionSet }: { predictionSet: PredictionSetSummary }) {
  if (predictionSet.state === 'failed') {
    return <FailedImport error={predictionSet.error ?? 'The prediction file could not be imported.'} />;
  }
  if (predictionSet.state === 'importing') {
    return <PredictionSetImportStatus predictionSet={predictionSet} />;
  }
  return <ReadySetProgress setId={predictionSet.id} threshold={predictionSet.threshold} listed={predictionSet.progress ?? null} />;
}

/**
 * A failed import in one line: the badge and the error's first line, cut to the cell; 'Details'
 * opens the whole message below it (a file's error can name many lines and columns).
 */
function FailedImport({ error }: { error: string }) {
  const [opened, details] = useDisclosure(false);
  const firstLine = error.split('\n', 1)[0]!.trim();
  return (
    <Stack gap={4} maw={380} data-testid="prediction-set-status" data-state="failed">
      <Group gap="xs" wrap="nowrap">
        <Badge color="red" variant="light" style={{ flexShrink: 0 }}>
          failed
        </Badge>
        <Text size="sm" c="red" truncate="end" title={firstLine} style={{ minWidth: 0 }} data-testid="prediction-set-error-line">
          {firstLine}
        </Text>
        <Button
          variant="subtle"
          color="gray"
          size="compact-xs"
          style={{ flexShrink: 0 }}
          rightSection={opened ? <IconChevronUp size={12} /> : <IconChevronDown size={12} />}
          aria-expanded={opened}
          onClick={details.toggle}
          data-testid="prediction-set-error-details"
        >
          Details
        </Button>
      </Group>
      {opened && (
        <Text size="sm" c="red" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="prediction-set-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function ReadySetProgress({ setId, threshold, listed }: { setId: string; threshold: number; listed: ListedProgress | null }) {
  const [requested, setRequested] = useState(false);
  const counts = usePredictionSetCounts(setId, threshold, { enabled: requested });
  const listedCounts = listed ? { totalBelowThreshold: listed.belowThreshold, mappedCount: listed.mapped } : undefined;
  // After a reviewer's save the counts are read, and kept live, in place of the list's.
  useLivePredictionSet(counts.data || listedCounts ? setId : null, () => setRequested(true));
  const shown = (requested ? counts.data : undefined) ?? listedCounts ?? counts.data;

  if (shown) {
    return (
      <div data-testid="prediction-set-status" data-state="counted">
        <MappingProgress counts={shown} />
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
