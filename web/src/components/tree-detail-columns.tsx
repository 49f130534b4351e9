import { Flex, Paper, type StyleProp } from '@mantine/core';
import type { ReactNode } from 'react';

interface TreeDetailColumnsProps {
  tree: ReactNode;
  detail: ReactNode;
  /** Both columns' height: the page's room below its header. */
  height: StyleProp<string>;
  /** The columns' test ids: `{prefix}tree-column` and `{prefix}detail-column`. */
  testIdPrefix?: string;
}

/** A scheme's tree column (selector, search, tree) and the chosen code's column beside it, stacked on narrow screens. */
export function TreeDetailColumns({ tree, detail, height, testIdPrefix = '' }: TreeDetailColumnsProps) {
  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap="lg" align={{ base: 'stretch', md: 'flex-start' }}>
      <Paper
        withBorder
        radius="md"
        p="sm"
        w={{ base: '100%', md: 420 }}
        h={height}
        style={{ display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-sm)', flexShrink: 0 }}
        data-testid={`${testIdPrefix}tree-column`}
      >
        {tree}
      </Paper>
      <Paper withBorder radius="md" p="lg" h={height} style={{ flex: 1, minWidth: 0, overflow: 'auto' }} data-testid={`${testIdPrefix}detail-column`}>
        {detail}
      </Paper>
    </Flex>
  );
}
