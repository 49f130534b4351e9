import { Stack, Text } from '@mantine/core';
import type { CodeRef } from '../link-map-changes';
import { describeFields, describeWhen, summariseChanges, type StaleLink } from '../stale-link-flags';

interface StaleLinkChangesProps {
  link: StaleLink;
  /** A code's name as the page knows it (its current name). */
  nameOf: (code: CodeRef) => string;
  testId?: string;
}

/** What changed in a flagged link's codes since it was made, one line per code: '{name}: name and description changed, 24 Nov 2026, 14:05'. */
export function StaleLinkChanges({ link, nameOf, testId }: StaleLinkChangesProps) {
  return (
    <Stack gap={2} data-testid={testId}>
      {summariseChanges(link).map(({ code, fields, at }) => (
        <Stack key={`${code.scheme} ${code.value}`} gap={0} data-testid="stale-change">
          <Text size="xs" fw={600} lineClamp={1} style={{ overflowWrap: 'anywhere' }} dir="auto">
            {nameOf(code)}
          </Text>
          <Text size="xs">
            {describeFields(fields)} changed {describeWhen(at)}
          </Text>
        </Stack>
      ))}
      <Text size="xs" c="dimmed">
        Linked {describeWhen(link.madeAt)}
      </Text>
    </Stack>
  );
}
