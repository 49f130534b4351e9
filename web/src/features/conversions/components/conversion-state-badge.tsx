import { Badge, Loader, type MantineColor } from '@mantine/core';
import type { Conversion } from '@og/shared/contracts/conversions';

const stateColors: Record<Conversion['state'], MantineColor> = { running: 'blue', ready: 'teal', failed: 'red' };
const stateLabels: Record<Conversion['state'], string> = { running: 'Running', ready: 'Ready', failed: 'Failed' };

export function ConversionStateBadge({ state }: { state: Conversion['state'] }) {
  return (
    <Badge
      variant="light"
      color={stateColors[state]}
      leftSection={state === 'running' ? <Loader size={10} color="blue" /> : undefined}
      style={{ flexShrink: 0 }}
      data-testid="conversion-state"
      data-state={state}
    >
      {stateLabels[state]}
    </Badge>
  );
}
