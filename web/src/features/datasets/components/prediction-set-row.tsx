import { ActionIcon, Group, Menu, Table, Text } from '@mantine/core';
import type { PredictionSetSummary } from '@og/shared/contracts/datasets';
import { IconAdjustmentsHorizontal, IconArrowsExchange, IconCornerDownRight, IconDots, IconEye, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { SchemeOption } from '../../../components/scheme-select';
import { formatThresholdPercent } from '../threshold';
import { AdjustThresholdModal } from './adjust-threshold-modal';
import { ExportMenu } from './export-menu';
import { formatCreated } from '../format-created';
import { NewConversionModal } from './new-conversion-modal';
import { NotBuiltYetButton, notBuiltReasons } from './not-built-yet';

/** The review filters (SPEC §3: unmapped when missing). */
const reviewFilters = [
  { filter: 'unmapped', label: 'Unmapped entries' },
  { filter: 'mapped', label: 'Mapped entries' },
  { filter: 'all', label: 'All entries' },
] as const;

interface PredictionSetRowProps {
  predictionSet: PredictionSetSummary;
  schemes: readonly SchemeOption[];
}

/** SPEC §2: a prediction set's row under its dataset: name, progress, date and its actions. */
export function PredictionSetRow({ predictionSet, schemes }: PredictionSetRowProps) {
  const [modal, setModal] = useState<'threshold' | 'conversion' | null>(null);
  const navigate = useNavigate();
  const reviewPath = `/datasets/${encodeURIComponent(predictionSet.dataset_id ?? '')}/prediction-sets/${encodeURIComponent(predictionSet.id)}`;

  return (
    <Table.Tr data-testid="prediction-set-row">
      <Table.Td pl="xl">
        <Group gap="xs" wrap="nowrap">
          <IconCornerDownRight size={16} color="var(--mantine-color-dimmed)" />
          <Text size="sm" dir="auto">
            {predictionSet.table_name}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <NotBuiltYetButton reason={notBuiltReasons.updateProgress} variant="light" size="xs">
          Update progress
        </NotBuiltYetButton>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatCreated(predictionSet.created_at)}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Menu position="bottom-end" withinPortal shadow="md" width={240}>
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label={`Actions for ${predictionSet.table_name}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Review</Menu.Label>
              {reviewFilters.map(({ filter, label }) => (
                <Menu.Item key={filter} leftSection={<IconEye size={16} />} onClick={() => void navigate(`${reviewPath}?filter=${filter}`)}>
                  {label}
                </Menu.Item>
              ))}
              <Menu.Divider />
              <Menu.Item leftSection={<IconAdjustmentsHorizontal size={16} />} onClick={() => setModal('threshold')}>
                Adjust threshold: {formatThresholdPercent(predictionSet.threshold)}
              </Menu.Item>
              <Menu.Item leftSection={<IconArrowsExchange size={16} />} onClick={() => setModal('conversion')}>
                Add translation
              </Menu.Item>
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} disabled title={notBuiltReasons.deletePredictionSet}>
                Delete prediction set
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <ExportMenu testId="prediction-set-export" />
        </Group>
        <AdjustThresholdModal
          opened={modal === 'threshold'}
          onClose={() => setModal(null)}
          threshold={predictionSet.threshold}
          subject={predictionSet.table_name}
        />
        <NewConversionModal opened={modal === 'conversion'} onClose={() => setModal(null)} schemes={schemes} subject={predictionSet.table_name} />
      </Table.Td>
    </Table.Tr>
  );
}
