import { Group, Modal, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SchemeSelect, type SchemeOption } from '../../../components/scheme-select';
import { NotBuiltYetButton, notBuiltReasons } from './not-built-yet';
import { ModalActions } from '../../../components/modal-actions';

/** SPEC §2 'New conversion': how deep into the target scheme, and how to aggregate. */
const targetDepths = ['Root categories', 'Root + 1', 'Root + 2', 'Max'] as const;
const aggregationTolerances = ['Aggregate all', 'Closest common parent'] as const;

/** SPEC §3, §9: conversions default to target depth 3, the roots being depth 1. */
const defaultTargetDepth = 'Root + 2';

interface NewConversionModalProps {
  opened: boolean;
  onClose: () => void;
  schemes: readonly SchemeOption[];
  /** What is converted: the dataset's title or a prediction set's name. */
  subject: string;
}

export function NewConversionModal({ opened, onClose, schemes, subject }: NewConversionModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="New conversion" centered size="lg">
      {opened && <ConversionForm schemes={schemes} subject={subject} onClose={onClose} />}
    </Modal>
  );
}

function ConversionForm({ schemes, subject, onClose }: Omit<NewConversionModalProps, 'opened'>) {
  const [scheme, setScheme] = useState<string | null>(null);
  const [depth, setDepth] = useState<string>(defaultTargetDepth);
  const [tolerance, setTolerance] = useState<string>(aggregationTolerances[0]);
  return (
    <Stack gap="lg" data-testid="conversion-modal">
      <Text size="sm" c="dimmed">
        Convert the codes of{' '}
        <Text span inherit fw={600} c="var(--mantine-color-text)" dir="auto">
          {subject}
        </Text>{' '}
        into another scheme through the links between schemes.
      </Text>
      <SchemeSelect label="Target scheme" schemes={schemes} value={scheme} onChange={setScheme} data-testid="conversion-scheme" />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          Target depth
        </Text>
        <SegmentedControl data={[...targetDepths]} value={depth} onChange={setDepth} fullWidth data-testid="conversion-depth" />
      </Stack>
      <Radio.Group label="Aggregation tolerance" value={tolerance} onChange={setTolerance} data-testid="conversion-tolerance">
        <Group mt="xs" gap="lg">
          {aggregationTolerances.map((option) => (
            <Radio key={option} value={option} label={option} />
          ))}
        </Group>
      </Radio.Group>
      <ModalActions onCancel={onClose}>
        <NotBuiltYetButton reason={notBuiltReasons.conversion} data-testid="conversion-confirm">
          Confirm
        </NotBuiltYetButton>
      </ModalActions>
    </Stack>
  );
}
