import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { SchemeId } from '@og/shared/domain/schemes';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { CodeRef } from '../link-map-changes';
import { endIn, type StaleLink } from '../stale-link-flags';
import { StaleLinkChanges } from './stale-link-changes';

export interface StaleLinkActions {
  /** Keeps the link as it is: the flag goes. */
  confirm: (a: CodeRef, b: CodeRef) => void;
  unlink: (a: CodeRef, b: CodeRef) => void;
  /** A confirm is on its way. */
  confirming: boolean;
}

interface StaleLinkNoticeProps {
  code: CodeRef;
  otherScheme: SchemeId;
  /** The code's flagged links. */
  flags: StaleLink[];
  nameOf: (code: CodeRef) => string;
  actions: StaleLinkActions;
  canEdit: boolean;
  pending: boolean;
  testId: string;
}

/** 'Confirm link' (the flag goes, the link stays) and 'Unlink', for one flagged link. */
export function StaleLinkButtons({ ends: [a, b], actions, pending }: { ends: [CodeRef, CodeRef]; actions: StaleLinkActions; pending: boolean }) {
  return (
    <>
      <Button size="compact-xs" variant="light" color="teal" disabled={pending} onClick={() => actions.confirm(a, b)} data-testid="stale-confirm">
        Confirm link
      </Button>
      <Button size="compact-xs" variant="light" color="red" disabled={pending} onClick={() => actions.unlink(a, b)} data-testid="stale-unlink">
        Unlink
      </Button>
    </>
  );
}

/** Node details: the code's links that one of their codes changed after they were made, with what changed, when, and confirm or unlink. */
export function StaleLinkNotice({ code, otherScheme, flags, nameOf, actions, canEdit, pending, testId }: StaleLinkNoticeProps) {
  if (flags.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" p="xs" icon={<IconAlertTriangle size={18} />} title="changed since linked" data-testid={testId}>
      <Stack gap="xs">
        {flags.map((link) => {
          const other = endIn(link, otherScheme);
          return (
            <Stack key={`${other.scheme} ${other.value}`} gap={4} data-testid={`${testId}-${other.value}`}>
              <Text size="xs" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                Link to <b dir="auto">{nameOf(other)}</b>
              </Text>
              <StaleLinkChanges link={link} nameOf={(changed) => (changed.scheme === code.scheme && changed.value === code.value ? 'This code' : nameOf(changed))} />
              {canEdit && (
                <Group gap="xs">
                  <StaleLinkButtons ends={[code, other]} actions={actions} pending={pending} />
                </Group>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Alert>
  );
}
