import { Group, Table, Text } from '@mantine/core';
import type { PredictionSetSummary } from '@og/shared/contracts/datasets';
import { IconCornerDownRight } from '@tabler/icons-react';
import type { SchemeOption } from '../../../components/scheme-select';
import { formatCreated } from '../../../lib/format-created';
import { PredictionSetActions } from './prediction-set-actions';
import { PredictionSetProgress } from './prediction-set-progress';

interface PredictionSetRowProps {
  predictionSet: PredictionSetSummary;
  schemes: readonly SchemeOption[];
  /** The dataset's owner and admins may delete its sets. */
  canDelete: boolean;
}

/** SPEC §2: a prediction set's row under its dataset: name, progress, date and its actions. */
export function PredictionSetRow({ predictionSet, schemes, canDelete }: PredictionSetRowProps) {
  return (
    <Table.Tr data-testid="prediction-set-row" data-prediction-set-id={predictionSet.id} data-state={predictionSet.state}>
      <Table.Td pl="xl">
        <Group gap="xs" wrap="nowrap">
          <IconCornerDownRight size={16} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
          <Text size="sm" dir="auto" style={{ wordBreak: 'break-word' }} data-testid="prediction-set-name">
            {predictionSet.table_name}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <PredictionSetProgress predictionSet={predictionSet} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatCreated(predictionSet.created_at)}
        </Text>
      </Table.Td>
      <Table.Td>
        <PredictionSetActions predictionSet={predictionSet} schemes={schemes} canDelete={canDelete} />
      </Table.Td>
    </Table.Tr>
  );
}
