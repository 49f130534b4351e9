import { ActionIcon, Group, Menu } from '@mantine/core';
import type { PredictionSetSummary } from '@og/shared/contracts/datasets';
import type { PredictionFilter } from '@og/shared/contracts/predictions';
import { IconAdjustmentsHorizontal, IconArrowsExchange, IconChartBar, IconDots, IconEye, IconTrash, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DeletePredictionSetModal } from '../../../components/delete-prediction-set-modal';
import type { SchemeOption } from '../../../components/scheme-select';
import { predictionSetExportUrl } from '../api/export-prediction-set';
import { useOpenReview } from '../hooks/use-open-review';
import { useSaveThreshold } from '../hooks/use-save-threshold';
import { formatThresholdPercent } from '../../../lib/threshold';
import { AdjustThresholdModal } from './adjust-threshold-modal';
import { DisabledMenuItem } from './disabled-menu-item';
import { ExportMenu } from './export-menu';
import { NewConversionModal } from './new-conversion-modal';

/** The review filters (SPEC §3: unmapped when missing). */
const reviewFilters: ReadonlyArray<{ filter: PredictionFilter; label: string }> = [
  { filter: 'unmapped', label: 'Unmapped entries' },
  { filter: 'mapped', label: 'Mapped entries' },
  { filter: 'all', label: 'All entries' },
];

const onlyOwnerDeletes = 'Only the owner of this dataset or an administrator may delete its prediction sets.';

/** Why a set that is not ready can be neither reviewed, adjusted nor exported. */
function notReadyReason(predictionSet: PredictionSetSummary): string | null {
  if (predictionSet.state === 'importing') return 'The prediction file is still being imported.';
  if (predictionSet.state === 'failed') return 'The prediction file could not be imported: there are no entries.';
  return null;
}

interface PredictionSetActionsProps {
  predictionSet: PredictionSetSummary;
  schemes: readonly SchemeOption[];
  canDelete: boolean;
}

/** Double coding (issue 30): the set's pages of second opinions and of agreement. */
const doubleCoding = [
  { page: 'second-opinions', label: 'Second opinions', icon: IconUsers },
  { page: 'agreement', label: 'Agreement', icon: IconChartBar },
] as const;

/**
 * SPEC §2 prediction set actions: review its unmapped, mapped or all entries (stores the filter,
 * then opens the review), 'Adjust threshold: N%', 'Add translation' (the 'New conversion' modal
 * for the set: its reviewed mappings are converted), 'Delete prediction set' (confirmed), and its
 * Export menu; beyond SPEC, its second opinions and agreement report (issue 30; entries are
 * offered for a second opinion from /review's list).
 */
export function PredictionSetActions({ predictionSet, schemes, canDelete }: PredictionSetActionsProps) {
  const [modal, setModal] = useState<'threshold' | 'conversion' | 'delete' | null>(null);
  const close = () => setModal(null);
  const { openReview } = useOpenReview(predictionSet);
  const { saveThreshold, saving } = useSaveThreshold(predictionSet);
  const notReady = notReadyReason(predictionSet);
  const name = predictionSet.table_name;
  const cannotTranslate = notReady ?? (predictionSet.dataset_id ? null : 'This prediction set belongs to no dataset: only a dataset’s sets can be converted.');
  const thresholdLabel = `Adjust threshold: ${formatThresholdPercent(predictionSet.threshold)}`;

  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Menu position="bottom-end" withinPortal shadow="md" width={240}>
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label={`Actions for ${name}`} data-testid="prediction-set-actions">
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown data-testid="prediction-set-actions-menu">
          <Menu.Label>Review</Menu.Label>
          {reviewFilters.map(({ filter, label }) =>
            notReady ? (
              <DisabledMenuItem key={filter} reason={notReady} leftSection={<IconEye size={16} />} data-testid={`review-${filter}`}>
                {label}
              </DisabledMenuItem>
            ) : (
              <Menu.Item key={filter} leftSection={<IconEye size={16} />} onClick={() => openReview(filter)} data-testid={`review-${filter}`}>
                {label}
              </Menu.Item>
            ),
          )}
          <Menu.Label>Double coding</Menu.Label>
          {doubleCoding.map(({ page, label, icon: Icon }) =>
            notReady ? (
              <DisabledMenuItem key={page} reason={notReady} leftSection={<Icon size={16} />} data-testid={`open-${page}`}>
                {label}
              </DisabledMenuItem>
            ) : (
              <Menu.Item key={page} component={Link} to={`/review/${encodeURIComponent(predictionSet.slug)}/${page}`} leftSection={<Icon size={16} />} data-testid={`open-${page}`}>
                {label}
              </Menu.Item>
            ),
          )}
          <Menu.Divider />
          {notReady ? (
            <DisabledMenuItem reason={notReady} leftSection={<IconAdjustmentsHorizontal size={16} />} data-testid="action-set-threshold">
              {thresholdLabel}
            </DisabledMenuItem>
          ) : (
            <Menu.Item leftSection={<IconAdjustmentsHorizontal size={16} />} onClick={() => setModal('threshold')} data-testid="action-set-threshold">
              {thresholdLabel}
            </Menu.Item>
          )}
          {cannotTranslate ? (
            <DisabledMenuItem reason={cannotTranslate} leftSection={<IconArrowsExchange size={16} />} data-testid="action-add-translation">
              Add translation
            </DisabledMenuItem>
          ) : (
            <Menu.Item leftSection={<IconArrowsExchange size={16} />} onClick={() => setModal('conversion')} data-testid="action-add-translation">
              Add translation
            </Menu.Item>
          )}
          {canDelete ? (
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setModal('delete')} data-testid="action-delete-prediction-set">
              Delete prediction set
            </Menu.Item>
          ) : (
            <DisabledMenuItem reason={onlyOwnerDeletes} leftSection={<IconTrash size={16} />} data-testid="action-delete-prediction-set">
              Delete prediction set
            </DisabledMenuItem>
          )}
        </Menu.Dropdown>
      </Menu>
      <ExportMenu testId="prediction-set-export" hrefOf={(format) => predictionSetExportUrl(predictionSet.id, format)} unavailable={notReady} />

      <AdjustThresholdModal
        opened={modal === 'threshold'}
        onClose={close}
        threshold={predictionSet.threshold}
        subject={name}
        onSave={(threshold) => saveThreshold(threshold, close)}
        saving={saving}
      />
      {predictionSet.dataset_id && (
        <NewConversionModal
          opened={modal === 'conversion'}
          onClose={close}
          schemes={schemes}
          subject={{ datasetId: predictionSet.dataset_id, predictionSetId: predictionSet.id, name }}
        />
      )}
      <DeletePredictionSetModal predictionSet={predictionSet} opened={modal === 'delete'} onClose={close} />
    </Group>
  );
}
