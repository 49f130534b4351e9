import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import type { NodeLinkFacts } from '../link-facts';
import classes from './linking.module.css';

export interface NodeLinkCountsProps {
  facts: NodeLinkFacts;
  name: string;
  /** Opens the codes a count stands for as a subtree on the other side. */
  onOpenSubtree: (ids: string[], title: string) => void;
  testId: string;
}

/** SPEC §2: counts of all links, direct links and descendant links; each opens its codes on the other side. */
export function NodeLinkCounts({ facts, name, onOpenSubtree, testId }: NodeLinkCountsProps) {
  const counts = [
    { key: 'all', label: 'All links', count: facts.direct.length + facts.descendantLinkCount, ids: [...new Set([...facts.direct, ...facts.descendantTargets])], title: `All links of ${name}` },
    { key: 'direct', label: 'Direct links', count: facts.direct.length, ids: facts.direct, title: `Direct links of ${name}` },
    { key: 'descendant', label: 'Descendant links', count: facts.descendantLinkCount, ids: facts.descendantTargets, title: `Links below ${name}` },
  ];
  return (
    <SimpleGrid cols={3} spacing="xs">
      {counts.map((item) => (
        <UnstyledButton
          key={item.key}
          className={classes.count}
          disabled={item.count === 0}
          onClick={() => onOpenSubtree(item.ids, item.title)}
          title={item.count === 0 ? undefined : 'Show these codes in the other tree'}
          data-testid={`${testId}-${item.key}`}
          data-count={item.count}
        >
          <Text size="lg" fw={700} lh={1.2}>
            {item.count}
          </Text>
          <Text size="xs" c="dimmed">
            {item.label}
          </Text>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
