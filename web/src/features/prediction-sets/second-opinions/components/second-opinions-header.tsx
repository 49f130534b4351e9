import { Anchor, Breadcrumbs, Group, Text } from '@mantine/core';
import type { PredictionSetDetail } from '@og/shared/contracts/predictions';
import { Link } from 'react-router';

interface SecondOpinionsHeaderProps {
  detail: PredictionSetDetail;
  /** The page on screen, and the other one of double coding, linked. */
  here: 'Second opinions' | 'Agreement';
  other: { label: string; to: string; testId: string };
}

/** Review / the set's name / the page, and a link to double coding's other page. */
export function SecondOpinionsHeader({ detail, here, other }: SecondOpinionsHeaderProps) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Breadcrumbs styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }} data-testid="second-opinions-breadcrumbs">
        <Anchor component={Link} to="/review" size="sm">
          Review
        </Anchor>
        <Text size="sm" dir="auto" style={{ wordBreak: 'break-word' }}>
          {detail.predictionSet.name}
        </Text>
        <Text size="sm">{here}</Text>
      </Breadcrumbs>
      <Anchor component={Link} to={other.to} size="sm" data-testid={other.testId}>
        {other.label}
      </Anchor>
    </Group>
  );
}
