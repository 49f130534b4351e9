import { Badge, Tooltip } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { confidenceBand, confidenceColors, confidenceLabels, formatConfidence } from '../confidence';

/** SPEC §5 confidence box: the band's colour and the percentage; exactly 1 is a mark a reviewer set; '—' when the file gives none. */
export function ConfidenceBox({ conf }: { conf: number | null }) {
  const band = confidenceBand(conf);
  return (
    <Tooltip label={confidenceLabels[band]} withArrow>
      <Badge
        size="lg"
        radius="sm"
        variant={band === 'user' ? 'filled' : 'light'}
        color={confidenceColors[band]}
        leftSection={band === 'user' ? <IconUserCheck size={14} /> : undefined}
        styles={{ root: { minWidth: 76, fontVariantNumeric: 'tabular-nums' } }}
        data-testid="confidence-box"
        data-band={band}
      >
        {formatConfidence(conf)}
      </Badge>
    </Tooltip>
  );
}
