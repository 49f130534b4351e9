import { Button, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import type { CodeRecord } from '@og/shared/contracts/schemes';
import { IconBulb } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './linking.module.css';

interface SuggestionButtonProps {
  /** Codes of the other scheme the pair's suggestions file offers for this code. */
  suggested: readonly string[];
  otherLookup: Readonly<Record<string, CodeRecord>> | undefined;
  /** Selects a suggested code on the other side, ready to be linked. */
  onSelect: (value: string) => void;
  testId: string;
}

/** SPEC §2: a code with no links may show a suggestion button; it lists the suggested codes of the other side. */
export function SuggestionButton({ suggested, otherLookup, onSelect, testId }: SuggestionButtonProps) {
  const [opened, setOpened] = useState(false);
  // Codes the other scheme no longer has are not offered.
  const known = otherLookup ? suggested.filter((value) => otherLookup[value]) : [];
  if (known.length === 0) return null;
  return (
    <Popover opened={opened} onChange={setOpened} width={320} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <Button size="compact-sm" variant="light" color="violet" leftSection={<IconBulb size={16} />} onClick={() => setOpened((open) => !open)} data-testid={testId}>
          {known.length === 1 ? '1 suggestion' : `${known.length} suggestions`}
        </Button>
      </Popover.Target>
      <Popover.Dropdown p={4}>
        <ScrollArea.Autosize mah={260} type="auto">
          <Stack gap={0} data-testid={`${testId}-list`}>
            {known.map((value) => {
              const record = otherLookup![value]!;
              return (
                <UnstyledButton
                  key={value}
                  className={classes.linkRow}
                  onClick={() => {
                    setOpened(false);
                    onSelect(value);
                  }}
                  data-testid={`${testId}-${value}`}
                >
                  <Text size="sm" truncate style={{ flex: 1, minWidth: 0 }} dir="auto">
                    {record.name}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {record.label}
                  </Text>
                </UnstyledButton>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
