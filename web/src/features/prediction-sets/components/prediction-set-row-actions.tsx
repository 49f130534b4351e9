import { Button, Menu, Stack, Tooltip } from '@mantine/core';
import type { PredictionSetSummary } from '@og/shared/contracts/datasets';
import { IconChartBar, IconRefresh, IconTrash, IconUsers, IconUsersPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DeletePredictionSetModal } from '../../../components/delete-prediction-set-modal';
import { OfferSecondOpinionsModal } from '../second-opinions/components/offer-second-opinions-modal';

const onlyOwnerDeletes = 'Only the owner of this prediction set or an administrator may delete it.';

interface PredictionSetRowActionsProps {
  predictionSet: PredictionSetSummary;
  canDelete: boolean;
  /** 'Count': reads the row's counts again; absent while the set has none to read (importing, failed). */
  onCount?: () => void;
  counting?: boolean;
}

/**
 * SPEC §2 '/review' Actions: Count, and Delete (SPEC shows it disabled; ours works, confirmed, for
 * the owner and admins); beyond SPEC, double coding (issue 30): give second opinions, read the
 * agreement report, and for the owner and admins offer entries for a second opinion.
 */
export function PredictionSetRowActions({ predictionSet, canDelete, onCount, counting = false }: PredictionSetRowActionsProps) {
  const [deleting, setDeleting] = useState(false);
  const [offering, setOffering] = useState(false);
  const setPath = `/review/${encodeURIComponent(predictionSet.slug)}`;
  return (
    <Stack gap={6} align="stretch" w={108} ml="auto">
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
      {predictionSet.state === 'ready' && (
        <Menu position="bottom-end" withinPortal shadow="md" width={230}>
          <Menu.Target>
            <Button size="xs" variant="light" color="gray" leftSection={<IconUsers size={14} />} aria-label="Double coding: second opinions and agreement" data-testid="prediction-set-double-coding">
              Opinions
            </Button>
          </Menu.Target>
          <Menu.Dropdown data-testid="prediction-set-double-coding-menu">
            <Menu.Label>Double coding</Menu.Label>
            <Menu.Item component={Link} to={`${setPath}/second-opinions`} leftSection={<IconUsers size={16} />} data-testid="open-second-opinions">
              Second opinions
            </Menu.Item>
            <Menu.Item component={Link} to={`${setPath}/agreement`} leftSection={<IconChartBar size={16} />} data-testid="open-agreement">
              Agreement
            </Menu.Item>
            {canDelete && (
              <Menu.Item leftSection={<IconUsersPlus size={16} />} onClick={() => setOffering(true)} data-testid="offer-second-opinions">
                Second opinions…
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
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
      {canDelete && <OfferSecondOpinionsModal set={predictionSet} opened={offering} onClose={() => setOffering(false)} />}
    </Stack>
  );
}
