import { Badge, Button, Group, Modal, ScrollArea, Table, Text } from '@mantine/core';
import type { SchemeId } from '@og/shared/domain/schemes';
import { schemeById } from '@og/shared/domain/schemes';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import type { CodeRef } from '../link-map-changes';
import { endIn, type StaleLink } from '../stale-link-flags';
import { StaleLinkChanges } from './stale-link-changes';
import { StaleLinkButtons, type StaleLinkActions } from './stale-link-notice';

interface StaleLinksListProps {
  source: SchemeId;
  target: SchemeId;
  flags: StaleLink[];
  nameOf: (code: CodeRef) => string;
  labelOf: (code: CodeRef) => string;
  actions: StaleLinkActions;
  /** Selects both codes of a link on the page. */
  onShow: (source: CodeRef, target: CodeRef) => void;
  canEdit: boolean;
  pending: boolean;
}

/** The pair's links flagged 'changed since linked': a button with their count, and the list to go through them. */
export function StaleLinksList({ source, target, flags, nameOf, labelOf, actions, onShow, canEdit, pending }: StaleLinksListProps) {
  const [open, setOpen] = useState(false);
  // The last flag dealt with closes the list for good: a flag arriving later must not reopen it
  // unasked (state adjusted while rendering, as React's docs do for state derived from props).
  if (open && flags.length === 0) setOpen(false);
  const cell = (code: CodeRef) => (
    <Table.Td style={{ maxWidth: 220 }}>
      <Text size="sm" truncate dir="auto">
        {nameOf(code)}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace" truncate>
        {labelOf(code)}
      </Text>
    </Table.Td>
  );
  return (
    <>
      <Button
        variant={flags.length > 0 ? 'light' : 'subtle'}
        color={flags.length > 0 ? 'yellow' : 'gray'}
        leftSection={<IconAlertTriangle size={16} />}
        rightSection={
          <Badge size="sm" variant={flags.length > 0 ? 'filled' : 'light'} color={flags.length > 0 ? 'yellow' : 'gray'} circle={flags.length < 10} data-testid="stale-links-count">
            {flags.length}
          </Badge>
        }
        disabled={flags.length === 0}
        onClick={() => setOpen(true)}
        data-testid="stale-links-open"
      >
        Changed since linked
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        size="64rem"
        title={`Links of ${schemeById(source).label} and ${schemeById(target).label} changed since linked`}
        scrollAreaComponent={ScrollArea.Autosize}
      >
        <Text size="sm" c="dimmed" mb="sm">
          One of each link's codes was renamed, recoded, described anew or moved after the link was made. Confirm the links that still hold; unlink the others.
        </Text>
        <Table verticalSpacing={6} data-testid="stale-links-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{schemeById(source).label}</Table.Th>
              <Table.Th>{schemeById(target).label}</Table.Th>
              <Table.Th>What changed</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {flags.map((link) => {
              const from = endIn(link, source);
              const to = endIn(link, target);
              return (
                <Table.Tr key={`${from.value} ${to.value}`} data-testid="stale-link-row">
                  {cell(from)}
                  {cell(to)}
                  <Table.Td>
                    <StaleLinkChanges link={link} nameOf={nameOf} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => {
                          setOpen(false);
                          onShow(from, to);
                        }}
                        data-testid="stale-show"
                      >
                        Show
                      </Button>
                      {canEdit && <StaleLinkButtons ends={[from, to]} actions={actions} pending={pending} />}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Modal>
    </>
  );
}
