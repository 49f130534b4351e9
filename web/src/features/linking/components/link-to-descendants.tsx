import { Badge, Button, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { maxBulkLinks, type LinkMaps, type LinkRelation } from '@og/shared/contracts/links';
import type { CodeRecord, TreeNode } from '@og/shared/contracts/schemes';
import { leavesBelow } from '@og/shared/domain/code-tree';
import { schemeById, type SchemeId } from '@og/shared/domain/schemes';
import { IconBinaryTree, IconSubtask } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { subtreeLinkProposal } from '../link-to-subtree';

/** SPEC §2: the subtree details popover is 480 px wide. */
const popoverWidth = 480;
/** Rows listed in the popover; the rest are counted. */
const listedCodes = 100;

export interface LinkToDescendantsProps {
  enabled: boolean;
  node: TreeNode;
  scheme: SchemeId;
  lookup: Readonly<Record<string, CodeRecord>>;
  /** The code selected on the other side, which the descendants would be linked to. */
  subject: TreeNode | undefined;
  subjectScheme: SchemeId;
  maps: LinkMaps | undefined;
  /** The relation the links get, read from the subject. */
  relation: LinkRelation;
  onLink: (ids: string[]) => void;
  /** Shows the proposed codes as a subtree of this side. */
  onShow: (ids: string[]) => void;
  testId: string;
}

/** 'Link to descendants': the other side's code linked to the leaves below this code that SPEC §5 allows, after a look at them. */
export function LinkToDescendants(props: LinkToDescendantsProps) {
  const { enabled, node, testId } = props;
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened && enabled} onChange={setOpened} width={popoverWidth} position="top-start" withArrow shadow="md">
      <Popover.Target>
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconSubtask size={14} />}
          disabled={!enabled}
          onClick={() => setOpened((open) => !open)}
          data-testid={testId}
        >
          Link to descendants
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid={`${testId}-details`}>
        {opened && <ProposalDetails {...props} key={node.value} close={() => setOpened(false)} />}
      </Popover.Dropdown>
    </Popover>
  );
}

function ProposalDetails({ node, scheme, lookup, subject, subjectScheme, maps, relation, onLink, onShow, testId, close }: LinkToDescendantsProps & { close: () => void }) {
  const leafCount = useMemo(() => leavesBelow(node).length, [node]);
  const proposal = useMemo(
    () => (subject ? subtreeLinkProposal({ maps, node, scheme, lookup, source: subject, sourceScheme: subjectScheme }) : []),
    [maps, node, scheme, lookup, subject, subjectScheme],
  );
  if (!subject) {
    return (
      <Text size="sm">
        Select a code in the {schemeById(subjectScheme).label} tree first: the codes below <b>{node.name}</b> are linked to it.
      </Text>
    );
  }
  const tooMany = proposal.length > maxBulkLinks;
  return (
    <Stack gap="xs">
      <Text size="sm">
        Link <b>{subject.name}</b> to {proposal.length} of the {leafCount} codes without children below <b>{node.name}</b>{' '}
        <Badge size="xs" variant="light" color="gray" radius="sm" tt="none">
          {relation}
        </Badge>
      </Text>
      {proposal.length === 0 ? (
        <Text size="sm" c="dimmed">
          Every one of them is linked to it already, or through a code above it.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={220} type="auto" scrollbars="y" offsetScrollbars="y">
          <Stack gap={2} data-testid={`${testId}-proposal`}>
            {proposal.slice(0, listedCodes).map((value) => (
              <Group key={value} gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" truncate dir="auto" style={{ flex: 1, minWidth: 0 }}>
                  {lookup[value]?.name ?? value}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace" truncate maw="35%">
                  {lookup[value]?.label}
                </Text>
              </Group>
            ))}
            {proposal.length > listedCodes && (
              <Text size="xs" c="dimmed">
                and {proposal.length - listedCodes} more
              </Text>
            )}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {tooMany && (
        <Text size="xs" c="red">
          At most {maxBulkLinks} codes can be linked at once: link a smaller part of the tree.
        </Text>
      )}
      <Group justify="flex-end" gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconBinaryTree size={14} />}
          disabled={proposal.length === 0}
          onClick={() => {
            close();
            onShow(proposal);
          }}
          data-testid={`${testId}-show`}
        >
          Show in tree
        </Button>
        <Button
          size="xs"
          color="teal"
          disabled={proposal.length === 0 || tooMany}
          onClick={() => {
            close();
            onLink(proposal);
          }}
          data-testid={`${testId}-confirm`}
        >
          Link {proposal.length} {proposal.length === 1 ? 'code' : 'codes'}
        </Button>
      </Group>
    </Stack>
  );
}
