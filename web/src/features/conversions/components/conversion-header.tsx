import { Anchor, Badge, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { aggregationLabels, targetDepthLabels, weightingLabels, type Conversion } from '@og/shared/contracts/conversions';
import { schemeById } from '@og/shared/domain/schemes';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { conversionPath, conversionsListPath } from '../conversion-paths';

/** A scheme's label ('ISCO-08') for its id. */
export function schemeLabel(id: Conversion['targetScheme']): string {
  return schemeById(id).label;
}

/** What was converted: the dataset's title, with the prediction set's name when its reviewed mappings were. */
export function conversionSubject(conversion: Pick<Conversion, 'datasetTitle' | 'predictionSetName'>): string {
  return conversion.predictionSetName ? `${conversion.datasetTitle} · ${conversion.predictionSetName}` : conversion.datasetTitle;
}

interface ConversionHeaderProps {
  conversion: Conversion;
  /** The heading; the conversion's subject unless given (the code page names its code). */
  title?: ReactNode;
  /** On the code page the dataset's crumb leads back to the result. */
  linkToResult?: boolean;
  children?: ReactNode;
}

/**
 * SPEC §2 "Conversion prototype page", header: 'My datasets' (→ /convert), the dataset's title and
 * the target scheme's label; then the heading and the conversion's settings.
 */
export function ConversionHeader({ conversion, title, linkToResult = false, children }: ConversionHeaderProps) {
  const subject = conversionSubject(conversion);
  return (
    <Stack gap="xs" data-testid="conversion-header">
      <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}>
        <Anchor component={Link} to={conversionsListPath} size="sm" data-testid="crumb-my-datasets">
          My datasets
        </Anchor>
        {linkToResult ? (
          <Anchor component={Link} to={conversionPath(conversion.id)} size="sm" dir="auto" data-testid="crumb-dataset">
            {subject}
          </Anchor>
        ) : (
          <Text size="sm" dir="auto" data-testid="crumb-dataset">
            {subject}
          </Text>
        )}
        <Text size="sm" fw={600} data-testid="crumb-scheme">
          {schemeLabel(conversion.targetScheme)}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Title order={1} size="h2" dir="auto" style={{ wordBreak: 'break-word' }}>
            {title ?? `${subject} in ${schemeLabel(conversion.targetScheme)}`}
          </Title>
          <ConversionSettings conversion={conversion} />
        </Stack>
        {children}
      </Group>
    </Stack>
  );
}

/** The choices the conversion was made with, as badges. */
export function ConversionSettings({ conversion }: { conversion: Conversion }) {
  return (
    <Group gap={6} data-testid="conversion-settings">
      <Badge variant="light" color="gray" tt="none">
        Depth: {targetDepthLabels[conversion.targetDepth]}
      </Badge>
      <Badge variant="light" color="gray" tt="none">
        {aggregationLabels[conversion.aggregation]}
      </Badge>
      <Badge variant="light" color="gray" tt="none">
        {weightingLabels[conversion.weighting]}
      </Badge>
    </Group>
  );
}
