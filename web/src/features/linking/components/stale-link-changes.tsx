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
        <Text key={`${code.scheme} ${code.value}`} size="xs" lineClamp={3} style={{ overflowWrap: 'anywhere' }} data-testid="stale-change">
          <Text span inherit fw={600} dir="auto">
            {nameOf(code)}
          </Text>
          : {describeFields(fields)} changed {describeWhen(at)}
        </Text>
      ))}
      <Text size="xs" c="dimmed">
        Linked {describeWhen(link.madeAt)}
      </Text>
    </Stack>
  );
}
