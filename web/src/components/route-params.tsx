import { Code, Group, Stack, Text } from '@mantine/core';

interface RouteParamsProps {
  /** Label → value; values that are absent are left out. */
  params: Record<string, string | null | undefined>;
}

/** The parameters a screen was opened with, as a small labelled list. */
export function RouteParams({ params }: RouteParamsProps) {
  const present = Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1]));
  if (present.length === 0) return null;

  return (
    <Stack gap={6} data-testid="route-params">
      {present.map(([label, value]) => (
        <Group key={label} gap="sm" wrap="nowrap">
          <Text size="sm" c="dimmed" w={110}>
            {label}
          </Text>
          <Code>{value}</Code>
        </Group>
      ))}
    </Stack>
  );
}
