import { ActionIcon, Group, Menu } from '@mantine/core';
import type { DatasetSummary } from '@og/shared/contracts/datasets';
import { IconAdjustmentsHorizontal, IconArrowsExchange, IconDots, IconSparkles, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { SchemeOption } from '../../../components/scheme-select';
import { datasetExportUrl } from '../api/export-prediction-set';
import { defaultThreshold, formatThresholdPercent } from '../../../lib/threshold';
import { AddCollaboratorModal } from './add-collaborator-modal';
import { AdjustThresholdModal } from './adjust-threshold-modal';
import { DeleteDatasetModal } from './delete-dataset-modal';
import { DisabledMenuItem } from './disabled-menu-item';
import { ExportMenu } from './export-menu';
import { NewConversionModal } from './new-conversion-modal';
import { RunPredictionsModal } from './run-predictions-modal';

/** Why the dataset's codes cannot be converted (null: they can). */
function conversionUnavailable(dataset: DatasetSummary): string | null {
  if (dataset.metadata.codeColumn === null) return 'This dataset has no code column: convert a prediction set’s reviewed mappings with ‘Add translation’.';
  if (dataset.state === 'ingesting') return 'The dataset is still being read.';
  if (dataset.state === 'failed') return 'The dataset could not be read: it has no codes to convert.';
  return null;
}

const noReadySet = 'This dataset has no prediction set to export yet: run predictions or upload prediction results first.';

type DatasetModal = 'predictions' | 'conversion' | 'threshold' | 'collaborator' | 'delete' | null;

interface DatasetActionsProps {
  dataset: DatasetSummary;
  schemes: readonly SchemeOption[];
  /** Admins may share and delete any dataset; others only their own. */
  isAdmin: boolean;
}

/**
 * SPEC §2 dataset actions: 'Run predictions', 'Add collaborator', 'Delete dataset' and the
 * Export menu. 'Adjust threshold' belongs to prediction sets; until a dataset has one it is
 * offered here, for the threshold a new prediction set would get. 'New conversion' converts the
 * dataset's codes (a prediction set's 'Add translation' converts its reviewed mappings).
 */
export function DatasetActions({ dataset, schemes, isAdmin }: DatasetActionsProps) {
  const [modal, setModal] = useState<DatasetModal>(null);
  const close = () => setModal(null);
  const manages = dataset.isOwner || isAdmin;
  const title = dataset.metadata.title;
  const cannotConvert = conversionUnavailable(dataset);

  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Menu position="bottom-end" withinPortal shadow="md" width={240}>
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label={`Actions for ${title}`} data-testid="dataset-actions">
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown data-testid="dataset-actions-menu">
          <Menu.Label>Predictions</Menu.Label>
          <Menu.Item leftSection={<IconSparkles size={16} />} onClick={() => setModal('predictions')} data-testid="action-run-predictions">
            Run predictions
          </Menu.Item>
          {dataset.prediction_sets.length === 0 && (
            <Menu.Item leftSection={<IconAdjustmentsHorizontal size={16} />} onClick={() => setModal('threshold')} data-testid="action-adjust-threshold">
              Adjust threshold: {formatThresholdPercent(defaultThreshold)}
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Label>Conversion</Menu.Label>
          {cannotConvert ? (
            <DisabledMenuItem reason={cannotConvert} leftSection={<IconArrowsExchange size={16} />} data-testid="action-new-conversion">
              New conversion
            </DisabledMenuItem>
          ) : (
            <Menu.Item leftSection={<IconArrowsExchange size={16} />} onClick={() => setModal('conversion')} data-testid="action-new-conversion">
              New conversion
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Label>Dataset</Menu.Label>
          <Menu.Item
            leftSection={<IconUserPlus size={16} />}
            onClick={() => setModal('collaborator')}
            disabled={!manages}
            data-testid="action-add-collaborator"
          >
            Add collaborator
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setModal('delete')}
            disabled={!manages}
            data-testid="action-delete-dataset"
          >
            Delete dataset
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ExportMenu
        testId="dataset-export"
        hrefOf={(format) => datasetExportUrl(dataset.id, format)}
        unavailable={dataset.prediction_sets.some((set) => set.state === 'ready') ? null : noReadySet}
      />

      <RunPredictionsModal opened={modal === 'predictions'} onClose={close} dataset={dataset} schemes={schemes} />
      <NewConversionModal
        opened={modal === 'conversion'}
        onClose={close}
        schemes={schemes}
        subject={{ datasetId: dataset.id, name: title, sourceScheme: dataset.metadata.scheme }}
      />
      <AdjustThresholdModal opened={modal === 'threshold'} onClose={close} threshold={defaultThreshold} subject={title} />
      <AddCollaboratorModal opened={modal === 'collaborator'} onClose={close} dataset={dataset} />
      <DeleteDatasetModal opened={modal === 'delete'} onClose={close} dataset={dataset} />
    </Group>
  );
}
