import { Button, Stack, Tooltip } from '@mantine/core';
import type { PredictionSetSummary } from '@og/shared/contracts/datasets';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DeletePredictionSetModal } from '../../../components/delete-prediction-set-modal';

const onlyOwnerDeletes = 'Only the owner of this prediction set or an administrator may delete it.';

interface PredictionSetRowActionsProps {
  predictionSet: PredictionSetSummary;
  canDelete: boolean;
  /** 'Count': reads the row's counts again; absent while the set has none to read (importing, failed). */
  onCount?: () => void;
  counting?: boolean;
}

/** SPEC §2 '/review' Actions: Count, and Delete (SPEC shows it disabled; ours works, confirmed, for the owner and admins). */
export function PredictionSetRowActions({ predictionSet, canDelete, onCount, counting = false }: PredictionSetRowActionsProps) {
  const [deleting, setDeleting] = useState(false);
  return (
    <Stack gap={6} align="stretch" w={92} ml="auto">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconRefresh size={14} />}
        onClick={onCount}
        disabled={!onCount}
        loading={counting}
        data-testid="prediction-set-count"
      >
        Count
      </Button>
      {canDelete ? (
        <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(true)} data-testid="prediction-set-delete">
          Delete
        </Button>
      ) : (
        <Tooltip label={onlyOwnerDeletes} withArrow multiline maw={260} events={{ hover: true, focus: true, touch: true }}>
          <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} data-disabled aria-disabled onClick={(event) => event.preventDefault()} data-testid="prediction-set-delete">
            Delete
          </Button>
        </Tooltip>
      )}
      <DeletePredictionSetModal predictionSet={predictionSet} opened={deleting} onClose={() => setDeleting(false)} />
    </Stack>
  );
}
