import { Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { ReviewTreeNode } from '@og/shared/contracts/predictions';
import { IconX } from '@tabler/icons-react';
import { nodeUri } from '../review-draft';
import { CodeLabel } from './code-label';
import classes from './review.module.css';

interface ChosenNodesProps {
  nodes: readonly ReviewTreeNode[];
  onRemove: (node: ReviewTreeNode) => void;
  onShowInTree: (uri: string) => void;
}

/** SPEC §2 review, left: the tree nodes chosen for the entry; clicking one takes it out again (SPEC §4). */
export function ChosenNodes({ nodes, onRemove, onShowInTree }: ChosenNodesProps) {
  if (nodes.length === 0) return null;
  return (
    <Stack gap={6} data-testid="chosen-nodes">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        Chosen from the tree
      </Text>
      {nodes.map((node) => {
        const uri = nodeUri(node);
        return (
          <Tooltip key={uri} label="Click to take it out" withArrow openDelay={400}>
            <Paper
              component="button"
            type="button"
              withBorder
              radius="md"
              p="xs"
              className={classes.prediction}
              data-chosen
              data-testid="chosen-node"
              data-uri={uri}
              onClick={(event: React.MouseEvent<HTMLButtonElement>) => {
                onRemove(node);
                if (event.detail > 0) event.currentTarget.blur();
              }}
            >
              <Group gap="sm" wrap="nowrap" justify="space-between">
                <CodeLabel uri={uri} code={node.code} detail={{ name: node.name, codeValue: node.codeValue, description: node.description ?? null }} onShowInTree={onShowInTree} />
                <IconX size={16} aria-label={`Take out ${node.name}`} />
              </Group>
            </Paper>
          </Tooltip>
        );
      })}
    </Stack>
  );
}
