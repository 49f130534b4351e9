import { Group, Skeleton, Text } from '@mantine/core';
import type { SecondOpinionCounts as Counts } from '@og/shared/contracts/second-opinions';

/** Offered, answered and waiting, and how many of those waiting are for the caller. */
export function SecondOpinionCounts({ counts }: { counts: Counts | undefined }) {
  if (!counts) return <Skeleton height={20} width={320} />;
  const facts: [string, number, string][] = [
    ['Offered', counts.offered, 'offered'],
    ['Answered', counts.answered, 'answered'],
    ['Waiting', counts.pending, 'pending'],
    ['For you', counts.forYou, 'for-you'],
  ];
  return (
    <Group gap="lg" data-testid="second-opinion-counts">
      {facts.map(([label, value, id]) => (
        <Text key={id} size="sm">
          <Text span c="dimmed" inherit>
            {label}:{' '}
          </Text>
          <Text span fw={700} inherit data-testid={`second-opinions-${id}`}>
            {value.toLocaleString('en')}
          </Text>
        </Text>
      ))}
    </Group>
  );
}
