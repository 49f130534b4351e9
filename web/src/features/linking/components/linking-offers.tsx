import { Button, Group, Popover, Stack, Text } from '@mantine/core';
import { schemeById, type SchemeId } from '@og/shared/domain/schemes';
import { IconArrowUp, IconX, IconBan, IconCircleCheck, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { LinkEdits } from '../hooks/use-link-edits';
import { linkingOffers, type NodeLinkFacts } from '../link-facts';
import type { CodeRef } from '../link-map-changes';

export interface LinkingOffersProps {
  code: CodeRef;
  name: string;
  towards: SchemeId;
  facts: NodeLinkFacts;
  edits: LinkEdits;
  canEdit: boolean;
  /** The 'Link to descendants' offer, which needs the other side's code. */
  linkToDescendants: (enabled: boolean) => ReactNode;
  testId: string;
}

/** SPEC §5 "Linking offers", each enabled by its rule, for one code towards the other side's scheme. */
export function LinkingOffers({ code, name, towards, facts, edits, canEdit, linkToDescendants, testId }: LinkingOffersProps) {
  const offers = linkingOffers(facts);
  const usable = canEdit && !edits.pending;
  const button = (key: string, label: string, icon: ReactNode, enabled: boolean, onClick: () => void) => (
    <Button size="compact-sm" variant="default" leftSection={icon} disabled={!usable || !enabled} onClick={onClick} data-testid={`${testId}-${key}`}>
      {label}
    </Button>
  );
  return (
    <Group gap={6} data-testid={testId}>
      {linkToDescendants(usable && offers.linkToDescendants)}
      {button('default-to-parent', 'Default to parent', <IconArrowUp size={14} />, offers.defaultToParent, () => edits.mark(code, towards, 'default-to-parent'))}
      {button('stop-default-to-parent', 'Stop default to parent', <IconX size={14} />, offers.stopDefaultToParent, () => edits.clear(code, towards))}
      {button('mark-linkable', 'Mark as linkable', <IconCircleCheck size={14} />, offers.markLinkable, () => edits.unmark(code, towards, 'unlinkable'))}
      {button('mark-unlinkable', 'Mark as unlinkable', <IconBan size={14} />, offers.markUnlinkable, () => edits.mark(code, towards, 'unlinkable'))}
      <ClearAllLinks
        enabled={usable && offers.clearAllLinks}
        count={facts.direct.length}
        name={name}
        towards={towards}
        onConfirm={() => edits.clear(code, towards)}
        testId={`${testId}-clear-all-links`}
      />
    </Group>
  );
}

interface ClearAllLinksProps {
  enabled: boolean;
  count: number;
  name: string;
  towards: SchemeId;
  onConfirm: () => void;
  testId: string;
}

/** 'Clear all links', asked once more: hours of linking can go with one click. */
function ClearAllLinks({ enabled, count, name, towards, onConfirm, testId }: ClearAllLinksProps) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened && enabled} onChange={setOpened} width={320} position="top" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} />}
          disabled={!enabled}
          onClick={() => setOpened((open) => !open)}
          data-testid={testId}
        >
          Clear all links
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm">
            Remove the {count === 1 ? 'link' : `${count} links`} of <b>{name}</b> to {schemeById(towards).label}, and its marks there?
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              Keep them
            </Button>
            <Button
              size="xs"
              color="red"
              onClick={() => {
                setOpened(false);
                onConfirm();
              }}
              data-testid={`${testId}-confirm`}
            >
              Clear all links
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
