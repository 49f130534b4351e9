import { ActionIcon, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { PredictionEntryAnswer } from '@og/shared/contracts/predictions';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import classes from './review.module.css';

type Entry = PredictionEntryAnswer['predictionEntry'];

interface EntryTitleProps {
  entry: Entry;
  totalsColumns: readonly string[];
  onPrevious: () => void;
  onNext: () => void;
}

/** SPEC §2: the current string as title with previous and next buttons; beyond SPEC, how often the title occurs. */
export function EntryTitle({ entry, totalsColumns, onPrevious, onNext }: EntryTitleProps) {
  const facts = [
    entry.occurrences > 0 ? `${entry.occurrences.toLocaleString('en')} ${entry.occurrences === 1 ? 'row' : 'rows'}` : null,
    ...entry.totals.map((total, index) => `${totalsColumns[index] ?? `total ${index + 1}`}: ${total.toLocaleString('en')}`),
    entry.unknownURIs.length ? `${entry.unknownURIs.length} predicted ${entry.unknownURIs.length === 1 ? 'code is' : 'codes are'} not in the scheme` : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <Tooltip label="Previous entry (←)" withArrow>
        <ActionIcon variant="default" size="lg" onClick={(event) => {
            onPrevious();
            // A mouse click leaves Enter to the review (save), not to this button.
            if (event.detail > 0) event.currentTarget.blur();
          }} disabled={entry.prev === null} aria-label="Previous entry" data-testid="previous-entry">
          <IconChevronLeft size={18} />
        </ActionIcon>
      </Tooltip>
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Title order={2} className={classes.title} dir="auto" data-testid="entry-string">
          {entry.string}
        </Title>
        {facts.length > 0 && (
          <Text size="xs" c="dimmed">
            {facts.join(' · ')}
          </Text>
        )}
      </Stack>
      <Tooltip label="Next entry (→)" withArrow>
        <ActionIcon variant="default" size="lg" onClick={(event) => {
            onNext();
            if (event.detail > 0) event.currentTarget.blur();
          }} disabled={entry.next === null} aria-label="Next entry" data-testid="next-entry">
          <IconChevronRight size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
