import { Button, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { linkingOfferLabels, linkingOfferRefusal, type LinkingOffer } from '@og/shared/domain/linking-offers';
import { schemeById, type SchemeId } from '@og/shared/domain/schemes';
import { IconArrowUp, IconX, IconBan, IconCircleCheck, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { LinkEdits } from '../hooks/use-link-edits';
import type { NodeLinkFacts } from '../link-facts';
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
  const refusal = (offer: LinkingOffer) => linkingOfferRefusal(offer, facts);
  const usable = canEdit && !edits.pending;
  const button = (key: string, offer: LinkingOffer, icon: ReactNode, onClick: () => void) => {
    // SPEC §5's rule, the same the api enforces; a refused offer says why on hover.
    const why = refusal(offer);
    return (
      <Tooltip label={`Not offered: ${why}`} disabled={!usable || why === null} withArrow multiline maw={280}>
        {/* A disabled button hears no pointer: the span does, for the tooltip. */}
        <span style={{ display: 'inline-block' }}>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={icon}
            disabled={!usable || why !== null}
            style={why !== null ? { pointerEvents: 'none' } : undefined}
            onClick={onClick}
            data-testid={`${testId}-${key}`}
          >
            {linkingOfferLabels[offer]}
          </Button>
        </span>
      </Tooltip>
    );
  };
  return (
    <Group gap={6} data-testid={testId}>
      {linkToDescendants(usable && refusal('linkToDescendants') === null)}
      {button('default-to-parent', 'defaultToParent', <IconArrowUp size={14} />, () => edits.mark(code, towards, 'default-to-parent'))}
      {button('stop-default-to-parent', 'stopDefaultToParent', <IconX size={14} />, () => edits.clear(code, towards))}
      {button('mark-linkable', 'markLinkable', <IconCircleCheck size={14} />, () => edits.unmark(code, towards, 'unlinkable'))}
      {button('mark-unlinkable', 'markUnlinkable', <IconBan size={14} />, () => edits.mark(code, towards, 'unlinkable'))}
      <ClearAllLinks
        enabled={usable && refusal('clearAllLinks') === null}
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
