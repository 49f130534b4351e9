import { ActionIcon, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
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

/** SPEC §2 review, left: the tree nodes chosen for the entry; clicking one (or its ✕) takes it out again (SPEC §4). */
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
          <Paper
            key={uri}
            withBorder
            radius="md"
            p="xs"
            className={classes.prediction}
            data-chosen
            data-testid="chosen-node"
            data-uri={uri}
            onClick={(event: React.MouseEvent<HTMLDivElement>) => {
              if (!(event.target as HTMLElement).closest('button')) onRemove(node);
            }}
          >
            <Group gap="sm" wrap="nowrap" justify="space-between">
              <CodeLabel uri={uri} code={node.code} detail={{ name: node.name, codeValue: node.codeValue, description: node.description ?? null }} onShowInTree={onShowInTree} />
              <Tooltip label="Take it out" withArrow>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Take out ${node.name}`}
                  onClick={(event) => {
                    onRemove(node);
                    if (event.detail > 0) event.currentTarget.blur();
                  }}
                  data-testid="remove-chosen-node"
                >
                  <IconX size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
