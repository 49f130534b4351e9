import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { splitPredictionUri, type NodeDetail } from '@og/shared/contracts/predictions';
import { IconInfoCircle } from '@tabler/icons-react';

interface CodeLabelProps {
  uri: string;
  detail: NodeDetail | undefined;
  /** The code string shown as 'Occupation code' when known (a tree node's label), else the URI's code. */
  code?: string;
  /** SPEC §4: the info icon sets the active node and switches the tree to its scheme. */
  onShowInTree: (uri: string) => void;
}

/** A code as the review names it: its name, its code and scheme, and the info icon. A URI the scheme lacks is flagged. */
export function CodeLabel({ uri, detail, code, onShowInTree }: CodeLabelProps) {
  const { scheme, code: uriCode } = splitPredictionUri(uri);
  return (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      <Badge size="sm" variant="default" radius="sm" style={{ flexShrink: 0 }}>
        {scheme}
      </Badge>
      <Text size="sm" ff="monospace" style={{ flexShrink: 0 }} dir="auto">
        {code ?? uriCode}
      </Text>
      {detail ? (
        <Text size="sm" fw={500} lineClamp={2} dir="auto" title={detail.description ?? detail.name} style={{ overflowWrap: 'anywhere' }}>
          {detail.name}
        </Text>
      ) : (
        <Text size="sm" c="red" fs="italic">
          not a code of {scheme}
        </Text>
      )}
      {detail && (
        <Tooltip label="Show in the tree" withArrow>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={`Show ${detail.name} in the tree`}
            onClick={(event) => {
              event.stopPropagation();
              onShowInTree(uri);
            }}
            onKeyDown={(event) => event.stopPropagation()}
            data-testid="show-in-tree"
          >
            <IconInfoCircle size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
