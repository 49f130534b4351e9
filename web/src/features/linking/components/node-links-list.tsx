import { Badge, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { relationBetween, type LinkMaps } from '@og/shared/contracts/links';
import type { CodeRecord } from '@og/shared/contracts/schemes';
import type { CodeRef } from '../link-map-changes';
import type { Side } from '../linking-address';
import classes from './linking.module.css';

export interface NodeLinksListProps {
  /** The side the code is on: relations are read from source to target, as the picker says. */
  side: Side;
  maps: LinkMaps;
  code: CodeRef;
  otherScheme: CodeRef['scheme'];
  linked: readonly string[];
  otherLookup: Readonly<Record<string, CodeRecord>> | undefined;
  /** Selects a linked code on the other side. */
  onSelect: (value: string) => void;
  testId: string;
}

/** The code's direct links, each with its relation read from source to target; a click selects the linked code. */
export function NodeLinksList({ side, maps, code, otherScheme, linked, otherLookup, onSelect, testId }: NodeLinksListProps) {
  if (linked.length === 0) return null;
  return (
    <ScrollArea.Autosize mah={132} type="auto" scrollbars="y" offsetScrollbars="y">
      <Stack gap={0} data-testid={testId}>
        {linked.map((value) => {
          const record = otherLookup?.[value];
          const other = { scheme: otherScheme, value };
          const relation = side === 'source' ? relationBetween(maps, code, other) : relationBetween(maps, other, code);
          return (
            <UnstyledButton key={value} className={classes.linkRow} onClick={() => onSelect(value)} data-testid={`${testId}-${value}`}>
              {relation && (
                <Badge size="xs" variant="light" color="gray" radius="sm" tt="none" style={{ flexShrink: 0 }} data-testid="link-relation">
                  {relation}
                </Badge>
              )}
              <Text size="sm" truncate style={{ flex: 1, minWidth: 0 }} dir="auto">
                {record?.name ?? value}
              </Text>
              {record && record.label !== record.name && (
                <Text size="xs" c="dimmed" ff="monospace" truncate maw="35%">
                  {record.label}
                </Text>
              )}
            </UnstyledButton>
          );
        })}
      </Stack>
    </ScrollArea.Autosize>
  );
}
