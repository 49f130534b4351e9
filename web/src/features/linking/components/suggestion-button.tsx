import { Button, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import type { SuggestionEvidence } from '@og/shared/contracts/link-suggestions';
import type { CodeRecord } from '@og/shared/contracts/schemes';
import { IconBulb } from '@tabler/icons-react';
import { useState } from 'react';
import { evidenceLine, scorePercent } from '../suggestion-words';
import classes from './linking.module.css';

/** A code suggested on the other side: from the pair's suggestions file (code alone), or the job's candidate (with its score and evidence). */
export interface SuggestedCode {
  code: string;
  score?: number;
  evidence?: readonly SuggestionEvidence[];
}

interface SuggestionButtonProps {
  /** Codes of the other scheme suggested for this code, best first. */
  suggested: readonly SuggestedCode[];
  otherLookup: Readonly<Record<string, CodeRecord>> | undefined;
  /** Selects a suggested code on the other side, ready to be linked. */
  onSelect: (value: string) => void;
  testId: string;
}

/**
 * SPEC §2: a code with no links may show a suggestion button; it lists the suggested codes of the
 * other side, with the job's score and evidence where they come from the suggestion job.
 */
export function SuggestionButton({ suggested, otherLookup, onSelect, testId }: SuggestionButtonProps) {
  const [opened, setOpened] = useState(false);
  // Codes the other scheme no longer has are not offered.
  const known = otherLookup ? suggested.filter(({ code }) => otherLookup[code]) : [];
  if (known.length === 0) return null;
  return (
    <Popover opened={opened} onChange={setOpened} width={360} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <Button size="compact-sm" variant="light" color="violet" leftSection={<IconBulb size={16} />} onClick={() => setOpened((open) => !open)} data-testid={testId}>
          {known.length === 1 ? '1 suggestion' : `${known.length} suggestions`}
        </Button>
      </Popover.Target>
      <Popover.Dropdown p={4}>
        <ScrollArea.Autosize mah={300} type="auto">
          <Stack gap={0} data-testid={`${testId}-list`}>
            {known.map(({ code, score, evidence }) => {
              const record = otherLookup![code]!;
              return (
                <UnstyledButton
                  key={code}
                  className={classes.linkRow}
                  onClick={() => {
                    setOpened(false);
                    onSelect(code);
                  }}
                  data-testid={`${testId}-${code}`}
                >
                  <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" truncate dir="auto">
                      {record.name}
                    </Text>
                    {evidence && evidence.length > 0 && (
                      <Text size="xs" c="dimmed" truncate data-testid="suggestion-evidence">
                        {evidenceLine(evidence)}
                      </Text>
                    )}
                  </Stack>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {record.label}
                  </Text>
                  {score !== undefined && (
                    <Text size="xs" fw={600} c="violet" ff="monospace" w={36} ta="right" data-testid="suggestion-score">
                      {scorePercent(score)}
                    </Text>
                  )}
                </UnstyledButton>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
